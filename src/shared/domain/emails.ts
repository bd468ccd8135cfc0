/** The e-mails the product sends. Each kind has its template in src/server/modules/email/email-templates.ts. */
export const EMAIL_KINDS = ['password_reset', 'email_verification'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** Where one e-mail stands in the outbox: queued → sending → sent, or failed with a reason. */
export const EMAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** How long a password reset link works. */
export const PASSWORD_RESET_LINK_MINUTES = 60;

/** How long the link that confirms an owner's e-mail address works: a day, so one sent at night is still good. */
export const EMAIL_VERIFICATION_LINK_MINUTES = 24 * 60;

/** A link's lifetime as the e-mail and the page say it: '1 hour', '2 hours', '30 minutes'. */
export function formatLinkLifetime(minutes: number): string {
  if (minutes % 60 !== 0) return `${minutes} minutes`;
  const hours = minutes / 60;
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}
