import { Hono, type Context } from 'hono';
import type { AppEnv, SessionUser } from '../../http/types';
import { requireSession } from '../../http/session';
import { getMe } from './me.service';

function meOf(c: Context<AppEnv>, user: SessionUser) {
  const { db, env, voice, sms, billing } = c.get('deps');
  const testMode = voice.name === 'local' || sms.name === 'local' || billing.name === 'local';
  return getMe(db, { user, adminEmails: env.ADMIN_EMAILS, testMode, smsProvider: sms.name });
}

export const meRoutes = new Hono<AppEnv>()
  .get('/', requireSession, async (c) => c.json(await meOf(c, c.get('user'))))
  /**
   * The browser's session check: the same answer as GET /api/me for the signed-in, and `{ me: null }` with 200 for a
   * visitor, so a public page that asks whether anyone is signed in logs no failed request.
   */
  .get('/session', async (c) => {
    const { auth } = c.get('deps');
    const result = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!result) return c.json({ me: null });
    const { id, name, email } = result.user;
    return c.json({ me: await meOf(c, { id, name, email }) });
  });
