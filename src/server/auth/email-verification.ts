import { EMAIL_VERIFICATION_LINK_MINUTES } from '@shared/domain/emails';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import { confirmEmailOwnership } from './admin-role';

export interface VerificationRequest {
  userId: string;
  email: string;
  name: string;
  /** The link to put in the e-mail: better-auth checks the token, then opens the app (VERIFIED_PAGE). */
  url: string;
}

/**
 * Where the confirmation link lands: a page of its own that says the address is confirmed, signed in or not, before
 * any guard could send the owner on to onboarding; or (with ?error=TOKEN_EXPIRED or INVALID_TOKEN appended by
 * better-auth) says the link no longer works and offers a new one.
 */
export const VERIFIED_PAGE = '/email-confirmed';

/** The link in the e-mail always leads back to our own page, whatever callbackURL the request named. */
export function verificationLink(appUrl: string, token: string): string {
  const callbackUrl = encodeURIComponent(`${appUrl}${VERIFIED_PAGE}`);
  return `${appUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${callbackUrl}`;
}

/**
 * better-auth's emailVerification options: a confirmation e-mail for every new owner, and again on request.
 * Opening the link marks the address verified (emailVerified), which ends the app's reminder. Opening it in a
 * browser signed in to the same account also proves the owner holds both the mailbox and the password
 * (emailConfirmedAt), which an ADMIN_EMAILS address needs to be an administrator: the sign-up e-mail reaches the
 * real mailbox even when someone else signed the address up, and its owner opening it must not hand that other
 * person the role.
 */
export function emailVerificationOptions({
  appUrl,
  db,
  logger,
  onVerificationRequested,
  signedInUserId,
}: {
  appUrl: string;
  db: Database;
  logger: Logger;
  onVerificationRequested: (request: VerificationRequest) => Promise<void>;
  /** The account the request's session cookie belongs to, or null. */
  signedInUserId: (headers: Headers) => Promise<string | null>;
}) {
  return {
    sendOnSignUp: true,
    autoSignInAfterVerification: false,
    expiresIn: EMAIL_VERIFICATION_LINK_MINUTES * 60,
    sendVerificationEmail: async ({
      user,
      token,
    }: {
      user: { id: string; email: string; name: string };
      token: string;
    }) => {
      await onVerificationRequested({
        userId: user.id,
        email: user.email,
        name: user.name,
        url: verificationLink(appUrl, token),
      });
    },
    afterEmailVerification: async (user: { id: string }, request?: Request) => {
      const signedIn = request ? await signedInUserId(request.headers) : null;
      if (signedIn !== user.id) {
        logger.info({ userId: user.id }, 'address verified without the account signed in: ownership not confirmed');
        return;
      }
      await confirmEmailOwnership(db, user.id);
    },
  };
}
