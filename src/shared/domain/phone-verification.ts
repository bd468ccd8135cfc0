/**
 * Proving a phone number is yours: a code is texted to it and typed back. The rules both sides need: how long a code
 * is, how long it lives, how many tries it allows, and how long to wait before asking for another.
 */
export const PHONE_CODE_LENGTH = 6;
/** Tries per code, the right one included; past them the code is locked and a new one must be asked for. */
export const PHONE_CODE_TRIES = 5;
export const PHONE_CODE_TTL_SECONDS = 10 * 60;
/** The wait between two codes from one account: the text may simply take a moment to arrive. */
export const PHONE_CODE_RESEND_SECONDS = 60;

/** Where one code stands. Only a `pending` code can be entered. */
export const PHONE_VERIFICATION_STATUSES = ['pending', 'verified', 'expired', 'locked', 'replaced'] as const;
export type PhoneVerificationStatus = (typeof PHONE_VERIFICATION_STATUSES)[number];

/** The code as typed: spaces and dashes people put between the digits ("123 456", "123-456") are dropped. */
export function normalizePhoneCode(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** "1 try" / "4 tries". */
export const triesInWords = (n: number) => `${n} ${n === 1 ? 'try' : 'tries'}`;

/** Whole seconds from `now` until `at`, never below 0. */
export function secondsUntil(at: string | Date, now: Date = new Date()): number {
  return Math.max(0, Math.ceil((new Date(at).getTime() - now.getTime()) / 1000));
}
