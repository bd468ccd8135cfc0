import { z } from 'zod';
import { formatPhoneDisplay, isValidUsPhone } from '../domain/phone';
import { normalizePhoneCode, PHONE_CODE_LENGTH, type PhoneVerificationStatus } from '../domain/phone-verification';
import { MSG } from '../messages';

export const PHONE_CODE_MESSAGES = {
  format: `Enter the ${PHONE_CODE_LENGTH}-digit code from the text`,
  /** An own number sent without a code: a checkbox is a statement, not proof. */
  required: 'Send a code to this number and enter it, to prove the number is yours',
  missingVerification: 'Send a code to this number first',
} as const;

/** What the owner is told about a number and who holds it. */
export const PHONE_NUMBER_MESSAGES = {
  /** Another restaurant has proven the number is theirs. */
  taken: 'This number is already connected to another PickupLine restaurant.',
  alreadyYours: 'This number is already connected to your assistant.',
  /** To the restaurant whose unproven number another one proved. */
  claimed: (phoneNumber: string) =>
    `Another restaurant proved ${formatPhoneDisplay(phoneNumber)} is theirs with a code texted to it, so it was ` +
    'disconnected from your assistant. Set up a new number, or connect a number you can receive texts on.',
} as const;

/** A 10-digit US-style number, as the payment step takes it (trimmed). */
export const ownPhoneNumber = z.string(MSG.invalidPhone).trim().refine(isValidUsPhone, MSG.invalidPhone);

/** The code as typed; spaces and dashes between the digits are dropped. */
export const phoneCode = z
  .string(PHONE_CODE_MESSAGES.format)
  .transform(normalizePhoneCode)
  .refine((v) => new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`).test(v), PHONE_CODE_MESSAGES.format);

/** Which code was entered: the id the request for it answered with. */
export const verificationId = z.uuid(PHONE_CODE_MESSAGES.missingVerification);

/** Asks for a code to be texted to a number, to prove it is the owner's. */
export const requestPhoneCodeSchema = z.object({ phoneNumber: ownPhoneNumber });
export type RequestPhoneCodeInput = z.input<typeof requestPhoneCodeSchema>;

/** Settings → Phone: connects a number of the owner's own, with the code texted to it. */
export const connectOwnNumberSchema = z.object({
  phoneNumber: ownPhoneNumber,
  verificationId,
  code: phoneCode,
});
export type ConnectOwnNumberInput = z.input<typeof connectOwnNumberSchema>;

/** One code texted to a number, as its owner may see it. */
export interface PhoneVerificationResponse {
  id: string;
  /** E.164. */
  phoneNumber: string;
  status: PhoneVerificationStatus;
  /** When the code stops working (ISO 8601). */
  expiresAt: string;
  /** When another code may be asked for (ISO 8601). */
  resendAvailableAt: string;
  attemptsRemaining: number;
}
