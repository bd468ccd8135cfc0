import { Hono } from 'hono';
import { ADMIN_EMAILS_LIMIT, type AdminEmailsResponse } from '@shared/contracts/emails';
import type { AppEnv } from '../../http/types';
import { listRecentEmails } from '../email/email.service';

/** The e-mail outbox (password resets and the like). Mounted behind the admin guard (admin.routes.ts). */
export const adminEmailsRoutes = new Hono<AppEnv>().get('/emails', async (c) => {
  const rows = await listRecentEmails(c.get('deps').db, ADMIN_EMAILS_LIMIT);
  const body: AdminEmailsResponse = {
    emails: rows.map((row) => {
      const isLocal = row.provider === 'local';
      return {
        id: row.id,
        kind: row.kind,
        to: row.to,
        subject: row.subject,
        text: isLocal ? row.text : null,
        provider: isLocal ? 'local' : 'smtp',
        status: row.status,
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
        error: row.lastError,
      };
    }),
  };
  return c.json(body);
});
