import { z } from 'zod';
import type { EmailKind, EmailStatus } from '../domain/emails';

/** How many e-mails GET /api/admin/emails returns: the newest. */
export const ADMIN_EMAILS_LIMIT = 50;

/**
 * What an administrator reads in place of each link of an e-mail. The links the product e-mails act on an account (a
 * password reset, an address confirmation): only the mailbox's owner reads them; an administrator sends a new one.
 */
export const HIDDEN_LINK = '[link hidden]';

/** One e-mail of the outbox, as an administrator lists it (GET /api/admin/emails); its text is read one at a time. */
export interface AdminEmail {
  id: string;
  kind: EmailKind;
  to: string;
  subject: string;
  /** 'local': kept here, never sent; 'smtp': sent to the address. */
  provider: 'local' | 'smtp';
  status: EmailStatus;
  createdAt: string;
  sentAt: string | null;
  /** Why the last attempt failed, if it did. */
  error: string | null;
  /** Whether a new link of this kind can be sent to the account's own address (the account still exists). */
  canResend: boolean;
}

export interface AdminEmailsResponse {
  emails: AdminEmail[];
}

export const adminEmailParamsSchema = z.object({
  id: z.uuid('Enter a valid e-mail id'),
});

/** One e-mail opened by an administrator (GET /api/admin/emails/:id). */
export interface AdminEmailDetails extends AdminEmail {
  /** The plain-text body, each link replaced by HIDDEN_LINK. */
  text: string;
}

/** POST /api/admin/emails/:id/resend: the new link went to this address, the account's own. */
export interface ResendLinkResponse {
  to: string;
}
