import { and, eq, inArray } from 'drizzle-orm';
import type { PhoneSystemResponse } from '@shared/contracts/restaurant';
import { agentHoursFrom } from '@shared/domain/hours';
import type { Database } from '../../db/client';
import { restaurantProfiles } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import type { JobQueue, QueueName } from '../../jobs/job-queue';
import type { Logger } from '../../logger';
import type { VoiceProvider } from '../../providers/voice/voice-provider';
import { getBotPreferences, getBusinessHours } from '../restaurants/restaurant.service';

export const PROVISION_PHONE_QUEUE = 'provision-phone' satisfies QueueName;
export interface ProvisionPhoneJob {
  userId: string;
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
    })
    .from(restaurantProfiles)
    .where(eq(restaurantProfiles.id, ownerId));
  if (!row) throw notFound('Restaurant profile');
  return {
    ...row,
    provider: voice.name,
    agentDashboardUrl: row.agentId ? voice.agentDashboardUrl(row.agentId) : null,
  };
}

/** Queues setting up the phone system. The 'pending' status is written first, so a lost job is re-sent at start-up. */
export async function requestPhoneProvisioning(db: Database, jobs: JobQueue, ownerId: string) {
  const updated = await db
    .update(restaurantProfiles)
    .set({ phoneProvisioningStatus: 'pending', phoneProvisioningError: null, updatedAt: new Date() })
    .where(
      and(
        eq(restaurantProfiles.id, ownerId),
        eq(restaurantProfiles.hasCompletedOnboarding, true),
        inArray(restaurantProfiles.phoneProvisioningStatus, ['not_started', 'failed']),
      ),
    )
    .returning({ id: restaurantProfiles.id });
  if (updated.length === 0) {
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
 * The create-vapi-agent step: Monday's hours (or 09:00–17:00), the assistant's language, and the owner's own number
 * only when they confirmed it (otherwise the provider assigns a new one). Safe to run twice.
 */
export async function provisionPhoneSystem(
  { db, voice, logger }: { db: Database; voice: VoiceProvider; logger: Logger },
  { userId }: ProvisionPhoneJob,
  { isLastAttempt }: { isLastAttempt: boolean },
) {
  const [restaurant] = await db.select().from(restaurantProfiles).where(eq(restaurantProfiles.id, userId));
  if (!restaurant || restaurant.phoneProvisioningStatus !== 'pending') return;
  try {
    const [hours, bot] = await Promise.all([getBusinessHours(db, userId), getBotPreferences(db, userId)]);
    const agent = await voice.createAgent({
      userId,
      restaurantName: restaurant.restaurantName ?? '',
      language: bot.language,
      ...agentHoursFrom(hours),
      phoneNumber: restaurant.phoneNumberPending ? undefined : (restaurant.vapiPhoneNumber ?? undefined),
    });
    await db
      .update(restaurantProfiles)
      .set({
        vapiAgentId: agent.agentId,
        vapiPhoneNumber: agent.phoneNumber,
        phoneNumberPending: false,
        phoneProvisioningStatus: 'active',
        phoneProvisioningError: null,
        updatedAt: new Date(),
      })
      .where(eq(restaurantProfiles.id, userId));
    logger.info({ userId, provider: voice.name }, 'phone system set up');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.warn({ userId, err: error, isLastAttempt }, 'phone system setup failed');
    if (isLastAttempt) {
      await db
        .update(restaurantProfiles)
        .set({ phoneProvisioningStatus: 'failed', phoneProvisioningError: message, updatedAt: new Date() })
        .where(eq(restaurantProfiles.id, userId));
      return;
    }
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
