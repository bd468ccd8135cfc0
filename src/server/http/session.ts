import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './types';

/** Every owner route runs behind this: no valid session, no data. The user id comes only from the session. */
export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  const { auth } = c.get('deps');
  const result = await auth.api.getSession({ headers: c.req.raw.headers });
  if (!result) return c.json({ error: 'Not signed in' }, 401);
  c.set('user', { id: result.user.id, name: result.user.name, email: result.user.email });
  await next();
});

export function isAdminEmail(adminEmails: readonly string[], email: string): boolean {
  return adminEmails.includes(email.toLowerCase());
}

export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const { env } = c.get('deps');
  if (!isAdminEmail(env.ADMIN_EMAILS, c.get('user').email)) return c.json({ error: 'Administrators only' }, 403);
  await next();
});
