import { createMiddleware } from 'hono/factory';
import { isAdministratorById } from '../auth/admin-role';
import { resolveSessionUser } from '../auth/session-user';
import type { AppEnv } from './types';

/**
 * Every owner route runs behind this: no valid session, no data. The user id comes only from the session, which is
 * looked up on every request (a revoked session is refused at once).
 */
export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  const { auth, db } = c.get('deps');
  const signedIn = await resolveSessionUser(auth, db, c.req.raw.headers);
  if (!signedIn) return c.json({ error: 'Not signed in' }, 401);
  c.set('user', signedIn.user);
  c.set('session', signedIn.session);
  await next();
});

/** Read on every request, so a revocation (npm run admin -- revoke) counts from the next one. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const { db, env } = c.get('deps');
  if (!(await isAdministratorById(db, env.ADMIN_EMAILS, c.get('user').id))) {
    return c.json({ error: 'Administrators only' }, 403);
  }
  await next();
});
