import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { PHONE_NUMBER_MESSAGES, type ConnectOwnNumberInput } from '@shared/contracts/phone-verification';
import type { PhoneSystemResponse } from '@shared/contracts/restaurant';
import { toE164 } from '@shared/domain/phone';
import { agentHoursFrom } from '@shared/domain/hours';
import type { PhoneSystemStatus } from '@shared/domain/phone-system';
import type { Database, Transaction } from '../../db/client';
import { violatedUniqueConstraint } from '../../db/errors';
import { restaurantProfiles } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import type { JobQueue, QueueName } from '../../jobs/job-queue';
import type { Logger } from '../../logger';
import { VoiceProviderError, type CreatedAgent, type VoiceProvider } from '../../providers/voice/voice-provider';
import { checkPhoneCode, markPhoneCodeUsed } from '../phone-verification/phone-verification.service';
import { getBotPreferences, getBusinessHours } from '../restaurants/restaurant.service';
import { buildAssistant } from '../voice/assistant';
import { loadCallContext } from '../voice/call-context';

export const PROVISION_PHONE_QUEUE = 'provision-phone' satisfies QueueName;
export interface ProvisionPhoneJob {
  userId: string;
}

/** Shown to the owner when the number they chose is already another restaurant's. */
export const NUMBER_TAKEN_MESSAGE = PHONE_NUMBER_MESSAGES.taken;
/** Shown to a restaurant whose unproven number (given) another restaurant proved with a code. */
export const NUMBER_CLAIMED_MESSAGE = PHONE_NUMBER_MESSAGES.claimed;
/** How many numbers the provider is asked for, in one attempt, while each turns out to be another restaurant's. */
export const MAX_NUMBER_CANDIDATES = 20;
/** The unique indexes that keep a number, and the provider's id for it, to one restaurant. */
const NUMBER_INDEXES = new Set([
  'restaurant_profiles_vapi_phone_number_unique',
  'restaurant_profiles_vapi_phone_number_id_unique',
]);

/** Whether a write failed because the number (or its provider id) is already stored for another restaurant. */
export function isNumberTaken(error: unknown): boolean {
  const index = violatedUniqueConstraint(error);
  return index !== null && NUMBER_INDEXES.has(index);
}

export async function getPhoneSystem(
  db: Database,
  voice: VoiceProvider,
  ownerId: string,
): Promise<PhoneSystemResponse> {
  const [row] = await db
    .select({
      status: restaurantProfiles.phoneProvisioningStatus,
      error: restaurantProfiles.phoneProvisioningError,
      agentId: restaurantProfiles.vapiAgentId,
      phoneNumber: restaurantProfiles.vapiPhoneNumber,
      phoneNumberPending: restaurantProfiles.phoneNumberPending,
      verifiedAt: restaurantProfiles.vapiPhoneNumberVerifiedAt,
    })
    .from(restaurantProfiles)
    .where(eq(restaurantProfiles.id, ownerId));
  if (!row) throw notFound('Restaurant profile');
  const { verifiedAt, ...phone } = row;
  // A set-up under way or failed may already have saved its agent (to reuse it on retry); it is shown once active.
  const agentId = phone.status === 'active' ? phone.agentId : null;
  return {
    ...phone,
    agentId,
    provider: voice.name,
    agentDashboardUrl: agentId ? voice.agentDashboardUrl(agentId) : null,
    phoneNumberVerified: phone.phoneNumber !== null && verifiedAt !== null,
  };
}

/**
 * Makes way for a proven claim of `phoneNumber` by `ownerId`, in the caller's transaction (which then stores the
 * number). A restaurant that holds the number unproven (stored on a ticked box alone) loses it: its number and
 * agent are let go, and its set-up is marked failed with NUMBER_CLAIMED_MESSAGE, so its owner sees why and a retry
 * sets up a new number with a new agent. A restaurant that proved the number first keeps it: 'taken'.
 */
export async function makeWayForProvenNumber(
  tx: Transaction,
  ownerId: string,
  phoneNumber: string,
): Promise<'free' | 'taken'> {
  const [holder] = await tx
    .select({ id: restaurantProfiles.id, verifiedAt: restaurantProfiles.vapiPhoneNumberVerifiedAt })
    .from(restaurantProfiles)
    .where(and(eq(restaurantProfiles.vapiPhoneNumber, phoneNumber), ne(restaurantProfiles.id, ownerId)))
    .for('update');
  if (!holder) return 'free';
  if (holder.verifiedAt) return 'taken';
  await tx
    .update(restaurantProfiles)
    .set({
      vapiPhoneNumber: null,
      vapiPhoneNumberId: null,
      // Its agent stays on the provider, unused; the next set-up makes a new one for the new number.
      vapiAgentId: null,
      phoneNumberPending: true,
      phoneProvisioningStatus: 'failed',
      phoneProvisioningError: NUMBER_CLAIMED_MESSAGE(phoneNumber),
      updatedAt: new Date(),
    })
    .where(and(eq(restaurantProfiles.id, holder.id), isNull(restaurantProfiles.vapiPhoneNumberVerifiedAt)));
  return 'free';
}

/**
 * Settings → Phone: connects a number of the owner's own, proven by the code texted to it, and sets the phone system
 * up again with it. Proving the number the assistant already answers only records the proof. While a set-up is
 * under way nothing changes (409), and no try of the code is used.
 */
export async function connectOwnNumber(
  { db, jobs }: { db: Database; jobs: JobQueue },
  ownerId: string,
  input: ConnectOwnNumberInput,
): Promise<{ isSettingUp: boolean }> {
  const phoneNumber = toE164(input.phoneNumber)!;
  const [restaurant] = await db
    .select({
      completed: restaurantProfiles.hasCompletedOnboarding,
      status: restaurantProfiles.phoneProvisioningStatus,
      number: restaurantProfiles.vapiPhoneNumber,
      verifiedAt: restaurantProfiles.vapiPhoneNumberVerifiedAt,
    })
    .from(restaurantProfiles)
    .where(eq(restaurantProfiles.id, ownerId));
  if (!restaurant) throw notFound('Restaurant profile');
  if (!restaurant.completed) throw new HttpError(409, 'Finish setting up your restaurant first.');
  if (restaurant.status === 'pending') throw new HttpError(409, PHONE_SETUP_UNDER_WAY);
  const onlyProves = restaurant.number === phoneNumber && restaurant.status === 'active';
  if (onlyProves && restaurant.verifiedAt) {
    throw new HttpError(409, PHONE_NUMBER_MESSAGES.alreadyYours, 'phoneNumber');
  }

  const proof = await checkPhoneCode(db, ownerId, {
    verificationId: input.verificationId,
    phoneNumber,
    code: input.code,
  });
  try {
    await db.transaction(async (tx) => {
      await markPhoneCodeUsed(tx, ownerId, proof.verificationId);
      if ((await makeWayForProvenNumber(tx, ownerId, phoneNumber)) === 'taken') {
        throw new HttpError(409, NUMBER_TAKEN_MESSAGE, 'phoneNumber');
      }
      const updated = await tx
        .update(restaurantProfiles)
        .set(
          onlyProves
            ? { vapiPhoneNumberVerifiedAt: new Date(), updatedAt: new Date() }
            : {
                vapiPhoneNumber: phoneNumber,
                vapiPhoneNumberId: null,
                vapiPhoneNumberVerifiedAt: new Date(),
                phoneNumberPending: false,
                phoneProvisioningStatus: 'pending',
                phoneProvisioningError: null,
                updatedAt: new Date(),
              },
        )
        .where(
          and(
            eq(restaurantProfiles.id, ownerId),
            ne(restaurantProfiles.phoneProvisioningStatus, 'pending'),
            onlyProves ? eq(restaurantProfiles.vapiPhoneNumber, phoneNumber) : undefined,
          ),
        )
        .returning({ id: restaurantProfiles.id });
      if (updated.length === 0) throw new HttpError(409, PHONE_SETUP_UNDER_WAY);
    });
  } catch (error) {
    // Another restaurant stored it in the same moment.
    if (isNumberTaken(error)) throw new HttpError(409, NUMBER_TAKEN_MESSAGE, 'phoneNumber');
    throw error;
  }
  if (!onlyProves) await enqueueProvisioning(jobs, ownerId);
  return { isSettingUp: !onlyProves };
}

const PHONE_SETUP_UNDER_WAY = 'Your phone system is being set up. Try again once it has finished.';

/** The set-up may be (re)started once onboarding is done, when it never started or failed. */
export const RETRYABLE_PHONE_STATUSES = ['not_started', 'failed'] as const satisfies readonly PhoneSystemStatus[];

/**
 * Marks the set-up pending, in the caller's transaction when there is one, if it may start (onboarding done, status
 * not_started or failed); false otherwise. The job is to be sent after the commit (enqueueProvisioning).
 */
export async function markPhoneProvisioningPending(db: Database | Transaction, ownerId: string): Promise<boolean> {
  const updated = await db
    .update(restaurantProfiles)
    .set({ phoneProvisioningStatus: 'pending', phoneProvisioningError: null, updatedAt: new Date() })
    .where(
      and(
        eq(restaurantProfiles.id, ownerId),
        eq(restaurantProfiles.hasCompletedOnboarding, true),
        inArray(restaurantProfiles.phoneProvisioningStatus, RETRYABLE_PHONE_STATUSES),
      ),
    )
    .returning({ id: restaurantProfiles.id });
  return updated.length > 0;
}

/** Queues setting up the phone system. The 'pending' status is written first, so a lost job is re-sent at start-up. */
export async function requestPhoneProvisioning(db: Database, jobs: JobQueue, ownerId: string) {
  if (!(await markPhoneProvisioningPending(db, ownerId))) {
    throw new HttpError(409, 'The phone system is already set up or being set up.');
  }
  await enqueueProvisioning(jobs, ownerId);
}

export async function enqueueProvisioning(jobs: JobQueue, userId: string) {
  await jobs.send(PROVISION_PHONE_QUEUE, { userId } satisfies ProvisionPhoneJob, {
    singletonKey: userId,
    retryLimit: 3,
    retryDelay: 5,
    retryBackoff: true,
  });
}

/** Re-sends the job for every restaurant left 'pending' (a crash between the commit and the send). */
export async function recoverPendingProvisioning(db: Database, jobs: JobQueue) {
  const pending = await db
    .select({ id: restaurantProfiles.id })
    .from(restaurantProfiles)
    .where(eq(restaurantProfiles.phoneProvisioningStatus, 'pending'));
  for (const { id } of pending) await enqueueProvisioning(jobs, id);
  return pending.length;
}

/**
 * The create-vapi-agent step: the restaurant's assistant as it is now, Monday's hours (or 09:00–17:00), the
 * assistant's language, and the owner's own number when they proved it with a code (otherwise the provider assigns a
 * new one). Safe to run twice: the agent is saved as soon as it exists and reused by the next attempt, and the provider
 * finds a number an earlier attempt created. A number that another restaurant already has is asked for again (up
 * to MAX_NUMBER_CANDIDATES times), except the owner's own, which fails the set-up with NUMBER_TAKEN_MESSAGE.
 * A refusal the provider calls permanent fails the set-up at once; anything else is retried by the queue.
 */
export async function provisionPhoneSystem(
  { db, voice, logger }: { db: Database; voice: VoiceProvider; logger: Logger },
  { userId }: ProvisionPhoneJob,
  { isLastAttempt }: { isLastAttempt: boolean },
) {
  const [restaurant] = await db.select().from(restaurantProfiles).where(eq(restaurantProfiles.id, userId));
  if (!restaurant || restaurant.phoneProvisioningStatus !== 'pending') return;
  try {
    const ownNumber = restaurant.phoneNumberPending ? undefined : (restaurant.vapiPhoneNumber ?? undefined);
    const [hours, bot, context] = await Promise.all([
      getBusinessHours(db, userId),
      getBotPreferences(db, userId),
      loadCallContext(db, userId),
    ]);
    if (!context) throw new Error('Restaurant profile not found');
    const assistant = { ...buildAssistant(context, { serverUrl: voice.serverUrl, now: new Date() }) };
    let existingAgentId = restaurant.vapiAgentId ?? undefined;
    let previousNumber: string | undefined;
    for (let attempt = 0; ; attempt++) {
      const agent = await voice.createAgent({
        userId,
        restaurantName: restaurant.restaurantName ?? '',
        language: bot.language,
        ...agentHoursFrom(hours),
        phoneNumber: ownNumber,
        contactNumber: restaurant.phoneNumber ?? undefined,
        assistant,
        attempt,
        existingAgentId,
        onAgentCreated: (agentId) => saveAgentInProgress(db, userId, agentId),
      });
      if (await storeActivePhoneSystem(db, userId, agent, { isOwnNumber: agent.phoneNumber === ownNumber })) break;
      // The owner's own number, or one the provider gives again (Vapi keeps finding the number it made for this
      // restaurant): asking once more cannot help.
      if (agent.phoneNumber === ownNumber || agent.phoneNumber === previousNumber) {
        throw new VoiceProviderError(NUMBER_TAKEN_MESSAGE, true);
      }
      previousNumber = agent.phoneNumber;
      if (attempt + 1 >= MAX_NUMBER_CANDIDATES) {
        throw new VoiceProviderError(`No free phone number was found in ${MAX_NUMBER_CANDIDATES} tries.`, false);
      }
      logger.info({ userId, phoneNumber: agent.phoneNumber }, 'number already taken; asking for another');
      existingAgentId = agent.agentId;
    }
    logger.info({ userId, provider: voice.name }, 'phone system set up');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const isPermanent = error instanceof VoiceProviderError && error.isPermanent;
    logger.warn({ userId, err: error, isLastAttempt, isPermanent }, 'phone system setup failed');
    if (isLastAttempt || isPermanent) {
      await db
        .update(restaurantProfiles)
        .set({ phoneProvisioningStatus: 'failed', phoneProvisioningError: message, updatedAt: new Date() })
        .where(eq(restaurantProfiles.id, userId));
      return;
    }
    throw error;
  }
}

/** Saves a new agent before its number is asked for, so the next attempt reuses it instead of making another. */
async function saveAgentInProgress(db: Database, userId: string, agentId: string) {
  await db
    .update(restaurantProfiles)
    .set({ vapiAgentId: agentId, updatedAt: new Date() })
    .where(and(eq(restaurantProfiles.id, userId), eq(restaurantProfiles.phoneProvisioningStatus, 'pending')));
}

/**
 * Stores the agent and number as active; false when the number (or its id) already belongs to another restaurant. A
 * number the provider assigned is ours to give, so it counts as proven; the owner's own was proven when claimed.
 */
async function storeActivePhoneSystem(
  db: Database,
  userId: string,
  agent: CreatedAgent,
  { isOwnNumber }: { isOwnNumber: boolean },
): Promise<boolean> {
  try {
    await db
      .update(restaurantProfiles)
      .set({
        vapiAgentId: agent.agentId,
        vapiPhoneNumber: agent.phoneNumber,
        vapiPhoneNumberId: agent.phoneNumberId,
        ...(isOwnNumber ? {} : { vapiPhoneNumberVerifiedAt: new Date() }),
        phoneNumberPending: false,
        phoneProvisioningStatus: 'active',
        phoneProvisioningError: null,
        updatedAt: new Date(),
      })
      .where(eq(restaurantProfiles.id, userId));
    return true;
  } catch (error) {
    if (isNumberTaken(error)) return false;
    throw error;
  }
}

export async function startPhoneProvisioningWorker(deps: {
  db: Database;
  voice: VoiceProvider;
  logger: Logger;
  jobs: JobQueue;
}) {
  await deps.jobs.work<ProvisionPhoneJob>(
    PROVISION_PHONE_QUEUE,
    { pollingIntervalSeconds: 1, includeMetadata: true },
    async ([job]) => {
      if (!job) return;
      await provisionPhoneSystem(deps, job.data, { isLastAttempt: job.retryCount >= job.retryLimit });
    },
  );
}
