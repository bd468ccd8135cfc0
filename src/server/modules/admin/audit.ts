import { desc, eq } from 'drizzle-orm';
import { ADMIN_AUDIT_LIMIT, type AdminAction, type AdminAuditEntry } from '@shared/contracts/admin';
import type { Database, Transaction } from '../../db/client';
import { adminAuditLog } from '../../db/schema';
import type { SessionUser } from '../../http/types';

export interface AdminActionRecord {
  /** An administrator in the app, or the operator command (id null, OPERATOR_ACTOR_EMAIL). */
  actor: { id: SessionUser['id'] | null; email: SessionUser['email'] };
  action: AdminAction;
  /** The account acted on; null for service-wide actions. */
  targetUserId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * Writes one entry of the audit trail. Call it with the transaction that makes the change, so an action and its
 * record commit (or roll back) together.
 */
export async function recordAdminAction(tx: Transaction, record: AdminActionRecord, now: Date = new Date()) {
  await tx.insert(adminAuditLog).values({
    actorId: record.actor.id,
    actorEmail: record.actor.email,
    action: record.action,
    targetUserId: record.targetUserId,
    before: record.before,
    after: record.after,
    createdAt: now,
  });
}

/**
 * Writes the entry for an administrator's read of personal data; `what` says what was read. A read changes nothing,
 * so there is no transaction to share: call it once the data is in hand and before it is answered, so a read that
 * cannot be recorded fails rather than leave no trace.
 */
export async function recordAdminRead(
  db: Database,
  record: Pick<AdminActionRecord, 'actor' | 'action' | 'targetUserId'> & { what: Record<string, unknown> },
  now: Date = new Date(),
) {
  await db.insert(adminAuditLog).values({
    actorId: record.actor.id,
    actorEmail: record.actor.email,
    action: record.action,
    targetUserId: record.targetUserId,
    before: null,
    after: record.what,
    createdAt: now,
  });
}

/** The newest entries, about one account or (without targetUserId) across the service. */
export async function listAdminActions(
  db: Database | Transaction,
  { targetUserId, limit = ADMIN_AUDIT_LIMIT }: { targetUserId?: string; limit?: number } = {},
): Promise<AdminAuditEntry[]> {
  const rows = await db
    .select()
    .from(adminAuditLog)
    .where(targetUserId === undefined ? undefined : eq(adminAuditLog.targetUserId, targetUserId))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    at: row.createdAt.toISOString(),
    action: row.action,
    actor: { id: row.actorId, email: row.actorEmail },
    targetUserId: row.targetUserId,
    before: row.before,
    after: row.after,
  }));
}
