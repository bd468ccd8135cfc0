import { Hono } from 'hono';
import type { AppEnv } from '../../http/types';
import { isAdminEmail, requireSession } from '../../http/session';
import { getMe } from './me.service';

export const meRoutes = new Hono<AppEnv>().get('/', requireSession, async (c) => {
  const { db, env, voice, sms, billing } = c.get('deps');
  const user = c.get('user');
  const isAdmin = isAdminEmail(env.ADMIN_EMAILS, user.email);
  const testMode = voice.name === 'local' || sms.name === 'local' || billing.name === 'local';
  return c.json(await getMe(db, { user, isAdmin, testMode, smsProvider: sms.name }));
});
