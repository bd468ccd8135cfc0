import { Hono } from 'hono';
import { adminEmailParamsSchema } from '@shared/contracts/emails';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { listAdminEmails, openAdminEmail, resendLinkEmail } from './admin-emails.service';

/**
 * The e-mail outbox (password resets and address confirmations). Every read is recorded in the audit trail, and no
 * answer holds a link: an administrator sends the owner a new one instead. Mounted behind the admin guard
 * (admin.routes.ts).
 */
export const adminEmailsRoutes = new Hono<AppEnv>()
  .get('/emails', async (c) => c.json(await listAdminEmails(c.get('deps').db, { actor: c.get('user') })))
  .get('/emails/:id', validate('param', adminEmailParamsSchema), async (c) =>
    c.json(await openAdminEmail(c.get('deps').db, { emailId: c.req.valid('param').id, actor: c.get('user') })),
  )
  .post('/emails/:id/resend', validate('param', adminEmailParamsSchema), async (c) => {
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const actor = c.get('user');
    const sent = await resendLinkEmail(deps, { emailId: id, actor });
    deps.logger.info({ adminId: actor.id, emailId: id }, 'admin sent a new link');
    return c.json(sent);
  });
