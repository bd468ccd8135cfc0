import { eq, sql } from 'drizzle-orm';
import type { AdminRoleDecision } from '@shared/contracts/admin';
import type { Database } from '../db/client';
import { user } from '../db/schema';

/**
 * Who is an administrator, decided afresh on every request (a revocation counts at the next one):
 * - the operator granted the role (npm run admin -- grant), or
 * - the address is in ADMIN_EMAILS, its owner proved it (emailConfirmedAt), and the operator has not revoked it.
 * Being listed is never enough: whoever signed the address up first must still show they hold its mailbox.
 */
export function isAdministrator(
  adminEmails: readonly string[],
  account: { email: string; emailConfirmedAt: Date | null; adminRole: AdminRoleDecision | null },
): boolean {
  if (account.adminRole === 'granted') return true;
  if (account.adminRole === 'revoked') return false;
  return account.emailConfirmedAt !== null && adminEmails.includes(account.email.toLowerCase());
}

/** isAdministrator for a signed-in user, read from the database: false for an account that no longer exists. */
export async function isAdministratorById(
  db: Database,
  adminEmails: readonly string[],
  userId: string,
): Promise<boolean> {
  const [account] = await db
    .select({ email: user.email, emailConfirmedAt: user.emailConfirmedAt, adminRole: user.adminRole })
    .from(user)
    .where(eq(user.id, userId));
  return account ? isAdministrator(adminEmails, account) : false;
}

/**
 * Records that the owner proved the address (see emailConfirmedAt). The first proof is kept: it says since when.
 */
export async function confirmEmailOwnership(db: Database, userId: string, now: Date = new Date()) {
  await db
    .update(user)
    .set({ emailConfirmedAt: sql`coalesce(${user.emailConfirmedAt}, ${now})` })
    .where(eq(user.id, userId));
}
