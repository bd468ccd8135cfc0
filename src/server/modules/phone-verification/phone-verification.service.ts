import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import {
  PHONE_NUMBER_MESSAGES,
  type PhoneVerificationResponse,
  type RequestPhoneCodeInput,
} from '@shared/contracts/phone-verification';
import { formatPhoneDisplay, toE164 } from '@shared/domain/phone';
import {
  PHONE_CODE_RESEND_SECONDS,
  PHONE_CODE_TRIES,
  PHONE_CODE_TTL_SECONDS,
  triesInWords,
  type PhoneVerificationStatus,
} from '@shared/domain/phone-verification';
import type { Database, Transaction } from '../../db/client';
import { phoneVerifications, restaurantProfiles } from '../../db/schema';
import { creationLimitWait, TooManyRequestsError, type CreationLimit } from '../../http/creation-limit';
import { HttpError } from '../../http/errors';
import type { Logger } from '../../logger';
import { SmsSendError, type SmsProvider } from '../../providers/sms/sms-provider';
import { phoneCodeSms } from '../notifications/sms-templates';
import { hashPhoneCode, isPhoneCodeMatch, newPhoneCode } from './phone-code';

export interface PhoneCodeDeps {
  db: Database;
  sms: SmsProvider;
  logger: Logger;
  /** Our public URL: its host ends the text, so phones offer the code to our site only. */
  appUrl: string;
}

/**
 * How many codes may be asked for, so that the product cannot be used to flood a phone with texts: per account (a
 * wait between two codes, and an hourly cap), and per number whoever asks (hourly and daily caps). The number's
 * hourly cap is above an account's, so one account alone cannot use up the number's allowance and keep its real
 * owner from proving it.
 */
export const PHONE_CODE_LIMITS = {
  resend: { limit: 1, windowSeconds: PHONE_CODE_RESEND_SECONDS, refusal: 'A code was sent less than a minute ago.' },
  perAccount: { limit: 5, windowSeconds: 3600, refusal: 'You have asked for 5 codes in the last hour.' },
  perNumberHourly: { limit: 8, windowSeconds: 3600, refusal: 'This number has been sent 8 codes in the last hour.' },
  perNumberDaily: { limit: 20, windowSeconds: 86_400, refusal: 'This number has been sent 20 codes today.' },
} as const satisfies Record<string, CreationLimit>;

export const PHONE_CODE_REFUSALS = {
  notFound: 'This code was not found. Send a new code.',
  used: 'This code has already been used. Send a new code.',
  replaced: 'A newer code was sent. Enter the code from the latest text.',
  expired: 'This code has expired. Send a new code.',
  locked: `This code has had ${PHONE_CODE_TRIES} wrong tries and no longer works. Send a new code.`,
  wrong: (left: number) =>
    left > 0
      ? `That code is not right. You have ${triesInWords(left)} left.`
      : 'That code is not right, and that was the last try. Send a new code.',
  otherNumber: (sentTo: string) =>
    `This code was sent to ${formatPhoneDisplay(sentTo)}. Send a code to the number you entered.`,
  undeliverable: 'We could not text this number. Check that it can receive texts, or get a new number from us instead.',
  sendFailed: 'We could not send the code just now. Please try again in a minute.',
} as const;

/** The code blanked out, for a text sent through a real provider: nobody reads a live code in the outbox. */
const HIDDEN_CODE = '••••••';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const columns = {
  id: phoneVerifications.id,
  phoneNumber: phoneVerifications.phoneNumber,
  attempts: phoneVerifications.attempts,
  verifiedAt: phoneVerifications.verifiedAt,
  replacedAt: phoneVerifications.replacedAt,
  expiresAt: phoneVerifications.expiresAt,
  createdAt: phoneVerifications.createdAt,
  // On the database's clock, the one that stamped expires_at.
  isExpired: sql<boolean>`${phoneVerifications.expiresAt} <= now()`,
};
type VerificationRow = NonNullable<Awaited<ReturnType<typeof findVerification>>>;

function statusOf(row: VerificationRow): PhoneVerificationStatus {
  if (row.verifiedAt) return 'verified';
  if (row.replacedAt) return 'replaced';
  if (row.attempts >= PHONE_CODE_TRIES) return 'locked';
  if (row.isExpired) return 'expired';
  return 'pending';
}

function toResponse(row: VerificationRow): PhoneVerificationResponse {
  return {
    id: row.id,
    phoneNumber: row.phoneNumber,
    status: statusOf(row),
    expiresAt: row.expiresAt.toISOString(),
    resendAvailableAt: new Date(row.createdAt.getTime() + PHONE_CODE_RESEND_SECONDS * 1000).toISOString(),
    attemptsRemaining: Math.max(0, PHONE_CODE_TRIES - row.attempts),
  };
}

/** "42 seconds", "12 minutes", "3 hours". */
function waitInWords(seconds: number) {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  if (seconds < 90 * 60) return `${Math.ceil(seconds / 60)} minutes`;
  return `${Math.ceil(seconds / 3600)} hours`;
}

/**
 * Texts a code to a number the owner says is theirs. Nothing is stored on the restaurant: the code only proves the
 * number once it is entered (onboarding's last step, or Settings → Phone). A number another restaurant has already
 * proven is refused before anything is sent. The text goes out now, not through the queue: the owner is waiting
 * for it, and a code that cannot be sent is better said at once than retried after it has expired.
 */
export async function requestPhoneCode(
  deps: PhoneCodeDeps,
  ownerId: string,
  input: RequestPhoneCodeInput,
): Promise<PhoneVerificationResponse> {
  const { db, sms, logger } = deps;
  const phoneNumber = toE164(input.phoneNumber)!;
  const byOwner = { table: phoneVerifications, createdAt: phoneVerifications.createdAt };
  const ownerCodes = { ...byOwner, where: eq(phoneVerifications.ownerId, ownerId) };
  const numberCodes = { ...byOwner, where: eq(phoneVerifications.phoneNumber, phoneNumber) };
  const [restaurant] = await db
    .select({
      restaurantName: restaurantProfiles.restaurantName,
      number: restaurantProfiles.vapiPhoneNumber,
      verifiedAt: restaurantProfiles.vapiPhoneNumberVerifiedAt,
      resend: creationLimitWait(db, ownerCodes, PHONE_CODE_LIMITS.resend),
      perAccount: creationLimitWait(db, ownerCodes, PHONE_CODE_LIMITS.perAccount),
      perNumberHourly: creationLimitWait(db, numberCodes, PHONE_CODE_LIMITS.perNumberHourly),
      perNumberDaily: creationLimitWait(db, numberCodes, PHONE_CODE_LIMITS.perNumberDaily),
    })
    .from(restaurantProfiles)
    .where(eq(restaurantProfiles.id, ownerId));
  if (!restaurant) throw new HttpError(404, 'Restaurant profile not found');
  if (restaurant.number === phoneNumber && restaurant.verifiedAt) {
    throw new HttpError(409, PHONE_NUMBER_MESSAGES.alreadyYours, 'phoneNumber');
  }
  const [provenElsewhere] = await db
    .select({ id: restaurantProfiles.id })
    .from(restaurantProfiles)
    .where(
      and(
        eq(restaurantProfiles.vapiPhoneNumber, phoneNumber),
        ne(restaurantProfiles.id, ownerId),
        isNotNull(restaurantProfiles.vapiPhoneNumberVerifiedAt),
      ),
    );
  if (provenElsewhere) throw new HttpError(409, PHONE_NUMBER_MESSAGES.taken, 'phoneNumber');
  for (const rule of ['resend', 'perAccount', 'perNumberHourly', 'perNumberDaily'] as const) {
    const wait = restaurant[rule];
    if (wait === null) continue;
    const seconds = Math.max(1, Number(wait));
    throw new TooManyRequestsError(`${PHONE_CODE_LIMITS[rule].refusal} Try again in ${waitInWords(seconds)}.`, seconds);
  }

  const code = newPhoneCode();
  const codeHash = await hashPhoneCode(code);
  const text = (shown: string) =>
    phoneCodeSms({ code: shown, restaurantName: restaurant.restaurantName, appHost: new URL(deps.appUrl).hostname });
  const row = await db.transaction(async (tx) => {
    // Only the newest code can be entered.
    await tx
      .update(phoneVerifications)
      .set({ replacedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(phoneVerifications.ownerId, ownerId),
          isNull(phoneVerifications.verifiedAt),
          isNull(phoneVerifications.replacedAt),
        ),
      );
    const [inserted] = await tx
      .insert(phoneVerifications)
      .values({
        ownerId,
        phoneNumber,
        codeHash,
        expiresAt: sql`now() + make_interval(secs => ${PHONE_CODE_TTL_SECONDS})`,
        provider: sms.name,
        // In test mode the outbox is the phone: the code is shown there, as the recipient would read it.
        body: text(sms.name === 'local' ? code : HIDDEN_CODE),
      })
      .returning(columns);
    return inserted!;
  });

  try {
    const sent = await sms.send({ to: phoneNumber, body: text(code) });
    await db
      .update(phoneVerifications)
      .set({
        textStatus: sent.status,
        providerMessageId: sent.providerMessageId,
        sentAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(phoneVerifications.id, row.id));
  } catch (error) {
    const isPermanent = error instanceof SmsSendError && error.isPermanent;
    const reason = error instanceof Error ? error.message : String(error);
    logger.warn({ ownerId, err: error, isPermanent }, 'phone code not sent');
    // It still counts towards the limits: a number that cannot be texted is not asked again and again.
    await db
      .update(phoneVerifications)
      .set({ textStatus: 'failed', textError: reason, replacedAt: new Date(), updatedAt: new Date() })
      .where(eq(phoneVerifications.id, row.id));
    if (isPermanent) throw new HttpError(400, PHONE_CODE_REFUSALS.undeliverable, 'phoneNumber');
    throw new HttpError(502, PHONE_CODE_REFUSALS.sendFailed);
  }
  return toResponse(row);
}

/** One of the owner's codes; another owner's, or an id that names none, is not found. */
export async function getPhoneVerification(
  db: Database,
  ownerId: string,
  verificationId: string,
): Promise<PhoneVerificationResponse> {
  const row = await findVerification(db, ownerId, verificationId);
  if (!row) throw new HttpError(404, PHONE_CODE_REFUSALS.notFound);
  return toResponse(row);
}

async function findVerification(db: Database, ownerId: string, verificationId: string) {
  if (!UUID.test(verificationId)) return undefined;
  const [row] = await db
    .select(columns)
    .from(phoneVerifications)
    .where(and(eq(phoneVerifications.id, verificationId), eq(phoneVerifications.ownerId, ownerId)));
  return row;
}

function refusalFor(row: VerificationRow): HttpError {
  const status = statusOf(row);
  const message =
    status === 'verified'
      ? PHONE_CODE_REFUSALS.used
      : status === 'replaced'
        ? PHONE_CODE_REFUSALS.replaced
        : status === 'locked'
          ? PHONE_CODE_REFUSALS.locked
          : PHONE_CODE_REFUSALS.expired;
  return new HttpError(400, message, 'code');
}

/**
 * Checks a code the owner typed for a number, using up one of its tries whatever the outcome, in its own statement
 * (a wrong guess counts even if what follows fails). The try is taken before the code is compared, so guesses sent
 * at once cannot get past PHONE_CODE_TRIES. A right code is then spent with `markPhoneCodeUsed`, in the transaction
 * that stores the number.
 */
export async function checkPhoneCode(
  db: Database,
  ownerId: string,
  { verificationId, phoneNumber, code }: { verificationId: string; phoneNumber: string; code: string },
): Promise<{ verificationId: string }> {
  const row = await findVerification(db, ownerId, verificationId);
  if (!row) throw new HttpError(404, PHONE_CODE_REFUSALS.notFound);
  if (row.phoneNumber !== phoneNumber) {
    throw new HttpError(400, PHONE_CODE_REFUSALS.otherNumber(row.phoneNumber), 'phoneNumber');
  }
  if (statusOf(row) !== 'pending') throw refusalFor(row);

  const [taken] = await db
    .update(phoneVerifications)
    .set({ attempts: sql`${phoneVerifications.attempts} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(phoneVerifications.id, row.id),
        sql`${phoneVerifications.attempts} < ${PHONE_CODE_TRIES}`,
        isNull(phoneVerifications.verifiedAt),
        isNull(phoneVerifications.replacedAt),
        sql`${phoneVerifications.expiresAt} > now()`,
      ),
    )
    .returning({ attempts: phoneVerifications.attempts, codeHash: phoneVerifications.codeHash });
  if (!taken) {
    // Changed since it was read: locked, used or replaced by a request sent at the same time, or just expired.
    const now = await findVerification(db, ownerId, verificationId);
    throw now ? refusalFor(now) : new HttpError(404, PHONE_CODE_REFUSALS.notFound);
  }
  if (!(await isPhoneCodeMatch(code, taken.codeHash))) {
    throw new HttpError(400, PHONE_CODE_REFUSALS.wrong(PHONE_CODE_TRIES - taken.attempts), 'code');
  }
  return { verificationId: row.id };
}

/** Spends a code `checkPhoneCode` accepted, in the caller's transaction; a code can prove a number once. */
export async function markPhoneCodeUsed(tx: Database | Transaction, ownerId: string, verificationId: string) {
  const [used] = await tx
    .update(phoneVerifications)
    .set({ verifiedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(phoneVerifications.id, verificationId),
        eq(phoneVerifications.ownerId, ownerId),
        isNull(phoneVerifications.verifiedAt),
        isNull(phoneVerifications.replacedAt),
      ),
    )
    .returning({ id: phoneVerifications.id });
  if (!used) throw new HttpError(400, PHONE_CODE_REFUSALS.used, 'code');
}
