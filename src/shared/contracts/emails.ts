import type { EmailKind, EmailStatus } from '../domain/emails';

/** How many e-mails GET /api/admin/emails returns: the newest. */
export const ADMIN_EMAILS_LIMIT = 50;

/** One e-mail of the outbox, as an administrator reads it (GET /api/admin/emails). */
export interface AdminEmail {
  id: string;
  kind: EmailKind;
  to: string;
  subject: string;
  /**
   * The plain-text body of an e-mail kept in the local outbox (no SMTP configured). null for one sent by SMTP: it
   * went to its owner's mailbox, and its link (a password reset) is theirs alone.
   */
  text: string | null;
  /** 'local': kept here, never sent; 'smtp': sent to the address. */
  provider: 'local' | 'smtp';
  status: EmailStatus;
  createdAt: string;
  sentAt: string | null;
  /** Why the last attempt failed, if it did. */
  error: string | null;
}

export interface AdminEmailsResponse {
  emails: AdminEmail[];
}
