import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { parse } from 'hono/utils/cookie';
import type { Database } from '../db/client';
import { session, user } from '../db/schema';
import type { RequestSession, SessionUser } from '../http/types';
import type { Auth } from './auth';

type AuthContext = Awaited<Auth['$context']>;

/**
 * Who is signed in, for a request to an owner route. Every change an owner makes, and every dashboard that connects,
 * starts here, so the common case costs one query: a validly signed session cookie whose session exists, has not
 * expired and is not yet due for its daily extension is settled with the session and its user read together.
 * Everything else (no cookie, a bad signature, an unknown, expired or ageing session) goes to better-auth's own
 * getSession, whose rules and writes (deleting an expired session, extending an ageing one) stay the only ones.
 * Nothing is cached between requests: a session revoked a moment ago is refused on its next request.
 */
export async function resolveSessionUser(
  auth: Auth,
  db: Database,
  headers: Headers,
): Promise<{ user: SessionUser; session: RequestSession } | null> {
  const settled = await currentSessionUser(await auth.$context, db, headers.get('cookie'));
  if (settled) return settled;
  const result = await auth.api.getSession({ headers });
  if (!result) return null;
  return {
    user: { id: result.user.id, name: result.user.name, email: result.user.email },
    session: { id: result.session.id, expiresAt: new Date(result.session.expiresAt) },
  };
}

/** The user of a valid, current session cookie; null when better-auth has to decide. */
async function currentSessionUser(context: AuthContext, db: Database, cookieHeader: string | null) {
  if (!cookieHeader) return null;
  const name = context.authCookies.sessionToken.name;
  const signed = parse(cookieHeader, name)[name];
  const token = signed ? verifiedToken(signed, context.secret) : null;
  if (!token) return null;
  const [row] = await db
    .select({
      sessionId: session.id,
      expiresAt: session.expiresAt,
      id: user.id,
      name: user.name,
      email: user.email,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, token));
  if (!row) return null;
  const { expiresIn, updateAge } = context.sessionConfig;
  const expiresAt = row.expiresAt.getTime();
  // better-auth moves the expiry on once a day of the session's life has passed: that write stays with it.
  const dueForExtension = expiresAt - expiresIn * 1000 + updateAge * 1000 <= Date.now();
  if (expiresAt <= Date.now() || dueForExtension) return null;
  return {
    user: { id: row.id, name: row.name, email: row.email },
    session: { id: row.sessionId, expiresAt: row.expiresAt },
  };
}

/**
 * The session token of a cookie signed as better-auth signs it (`<token>.<base64 HMAC-SHA256 of the token>`), or
 * null. Checked with node's synchronous HMAC rather than a WebCrypto round trip per request.
 */
function verifiedToken(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const token = signed.slice(0, dot);
  const signature = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}
