import { z } from 'zod';
import { MSG } from '../messages';
import { singleLineText, tooLong } from './text';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const FULL_NAME_MAX_LENGTH = 100;
/** The longest address a mail server delivers to (RFC 5321's path limit, less its angle brackets). */
export const EMAIL_MAX_LENGTH = 254;
/** Links the auth routes take (where to go after signing in, a picture): a URL of any real length fits. */
export const LINK_MAX_LENGTH = 2048;

export const fullName = singleLineText('Full name must be text')
  .min(1, 'Full name is required')
  .max(FULL_NAME_MAX_LENGTH, tooLong('Full name', FULL_NAME_MAX_LENGTH));

const EMAIL_TOO_LONG = tooLong('Email', EMAIL_MAX_LENGTH);
const email = z.email('Enter a valid email address').max(EMAIL_MAX_LENGTH, EMAIL_TOO_LONG);
const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, MSG.passwordHint)
  .max(PASSWORD_MAX_LENGTH, tooLong('Password', PASSWORD_MAX_LENGTH));

export const signUpSchema = z.object({ name: fullName, email, password: newPassword });
export type SignUpInput = z.infer<typeof signUpSchema>;

export const loginSchema = z.object({
  email,
  password: z
    .string()
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, tooLong('Password', PASSWORD_MAX_LENGTH)),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** A new password, typed twice: the same rules as at sign-up. */
export const resetPasswordSchema = z
  .object({
    password: newPassword,
    confirmPassword: z.string().min(1, 'Type the new password again'),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** Settings → Account: the password in use, and a new one by the same rules as at sign-up. */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string()
    .min(1, 'Enter your current password')
    .max(PASSWORD_MAX_LENGTH, tooLong('Password', PASSWORD_MAX_LENGTH)),
  newPassword,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/**
 * The server's answer to a new password that is one of the 10,000 most common (the list stays on the server: it is
 * half a megabyte). Sign-up, change-password and reset-password refuse one with a 400 naming the field.
 */
export const COMMON_PASSWORD_MESSAGE = 'This is one of the most common passwords and is easy to guess. Choose another.';

// ---------------------------------------------------------------------------------------------------------------
// The bodies of the auth service's own routes (better-auth), as the server checks them before the service reads
// them. The service judges the rest itself, with the answers the pages know: an e-mail's form (INVALID_EMAIL), every
// password's length on every route (PASSWORD_TOO_SHORT, PASSWORD_TOO_LONG: it is configured with the PASSWORD_*
// limits above, so change-password and reset-password need nothing more here), a wrong password, an unknown or spent
// reset token. What it would store as it came is checked here: the owner's name (one line, at most
// FULL_NAME_MAX_LENGTH), the e-mail's length, and the links. A field left out stays the service's to judge (sign-up
// without a name, say), so each is optional here. A new password is also refused when it is one of the most common
// (COMMON_PASSWORD_MESSAGE), from a list only the server holds.

const emailLength = z.string('Enter a valid email address').max(EMAIL_MAX_LENGTH, EMAIL_TOO_LONG);
const link = (label: string) =>
  singleLineText(`${label} must be text`).max(LINK_MAX_LENGTH, tooLong(label, LINK_MAX_LENGTH));

/** Per route of the auth service (its path under /api/auth): the fields the server checks in its request body. */
export const AUTH_REQUEST_BODIES = {
  '/sign-up/email': z.object({
    name: fullName.optional(),
    email: emailLength.optional(),
    image: link('Picture').nullish(),
    callbackURL: link('Callback URL').optional(),
  }),
  '/sign-in/email': z.object({
    email: emailLength.optional(),
    callbackURL: link('Callback URL').optional(),
  }),
  '/update-user': z.object({
    name: fullName.optional(),
    image: link('Picture').nullish(),
  }),
  '/request-password-reset': z.object({
    email: emailLength.optional(),
    redirectTo: link('Redirect address').optional(),
  }),
};
