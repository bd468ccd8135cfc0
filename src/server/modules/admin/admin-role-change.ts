import { eq, sql } from 'drizzle-orm';
import { OPERATOR_ACTOR_EMAIL, type AdminRoleDecision } from '@shared/contracts/admin';
import type { Database } from '../../db/client';
import { user } from '../../db/schema';
import { isAdministrator } from '../../auth/admin-role';
import { recordAdminAction } from './audit';

export type AdminRoleChange = 'grant' | 'revoke';

export class UnknownAccountError extends Error {
  constructor(email: string) {
    super(`No account has the e-mail address ${email}`);
    this.name = 'UnknownAccountError';
  }
}

/**
 * The operator's grant or revocation, with its audit entry in the same transaction. The entry records whether the
 * account was an administrator before and after, as ADMIN_EMAILS makes it at this moment.
 */
export async function changeAdminRole(
  db: Database,
  adminEmails: readonly string[],
  { change, email }: { change: AdminRoleChange; email: string },
): Promise<{ userId: string; wasAdministrator: boolean; isAdministrator: boolean }> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: user.id, email: user.email, emailConfirmedAt: user.emailConfirmedAt, adminRole: user.adminRole })
      .from(user)
      .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
      .for('update');
    if (!account) throw new UnknownAccountError(email.trim());
    const adminRole: AdminRoleDecision = change === 'grant' ? 'granted' : 'revoked';
    await tx.update(user).set({ adminRole, updatedAt: new Date() }).where(eq(user.id, account.id));
    const wasAdministrator = isAdministrator(adminEmails, account);
    const nowAdministrator = isAdministrator(adminEmails, { ...account, adminRole });
    await recordAdminAction(tx, {
      actor: { id: null, email: OPERATOR_ACTOR_EMAIL },
      action: change === 'grant' ? 'grant_admin' : 'revoke_admin',
      targetUserId: account.id,
      // A value only in `before` names what was acted on, so the trail reads well after the account is gone.
      before: { email: account.email, administrator: wasAdministrator },
      after: { administrator: nowAdministrator },
    });
    return { userId: account.id, wasAdministrator, isAdministrator: nowAdministrator };
  });
}
