import { createHash } from 'node:crypto';
import { and, eq, like, lt, ne } from 'drizzle-orm';
import type { Database } from '../db/client';
import { verification } from '../db/schema';

/** How better-auth names a reset token in the verification table: 'reset-password:<token>'. */
export const RESET_IDENTIFIER_PREFIX = 'reset-password:';

/**
 * How a reset token is stored (better-auth's storeIdentifier for 'reset-password:'): a SHA-256 of its identifier, so
 * a copy of the table opens no account, behind the same prefix, so an account's outstanding links can be found and
 * voided (the row's value is the account's id).
 */
export function storedResetIdentifier(identifier: string): string {
  return RESET_IDENTIFIER_PREFIX + createHash('sha256').update(identifier).digest('base64url');
}

const storedIdentifierOf = (token: string) => storedResetIdentifier(RESET_IDENTIFIER_PREFIX + token);

const resetLinksOf = (userId: string) =>
  and(eq(verification.value, userId), like(verification.identifier, `${RESET_IDENTIFIER_PREFIX}%`));

/**
 * Voids every outstanding reset link of an account: its password was just reset or changed, so a link e-mailed
 * before (better-auth deletes only the one used) must not set another one.
 */
export async function voidResetLinks(db: Database, userId: string) {
  await db.delete(verification).where(resetLinksOf(userId));
}

/**
 * After a new link was e-mailed: the account's older links stop working, so only the newest one does. Strictly older:
 * of two requests in the same millisecond both links are kept rather than both lost.
 */
export async function voidOlderResetLinks(db: Database, { userId, token }: { userId: string; token: string }) {
  const identifier = storedIdentifierOf(token);
  const [newest] = await db
    .select({ createdAt: verification.createdAt })
    .from(verification)
    .where(eq(verification.identifier, identifier));
  if (!newest) return;
  await db
    .delete(verification)
    .where(
      and(resetLinksOf(userId), ne(verification.identifier, identifier), lt(verification.createdAt, newest.createdAt)),
    );
}

/** A link that was never e-mailed (the account's hourly cap held it back) is dropped: nobody can have it. */
export async function dropResetLink(db: Database, token: string) {
  await db.delete(verification).where(eq(verification.identifier, storedIdentifierOf(token)));
}
