import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAuditLog, user } from '../src/server/db/schema';
import { runAdminCommand } from '../scripts/admin';
import { createTestDatabase } from './test-database';

async function insertOwner(db: Awaited<ReturnType<typeof createTestDatabase>>['db'], email: string) {
  const id = crypto.randomUUID();
  await db.insert(user).values({ id, name: 'Owner', email });
  return id;
}

/** On PostgreSQL the command runs beside the server: no lock to wait for. */
describe('npm run admin on PostgreSQL', () => {
  it('grants while another connection (the running server) uses the database', async () => {
    const database = await createTestDatabase();
    try {
      if (!database.url) throw new Error('expected a PostgreSQL database');
      const ownerId = await insertOwner(database.db, 'pg-ops@example.com');
      const lines: string[] = [];
      const code = await runAdminCommand(
        ['grant', 'pg-ops@example.com'],
        { DATABASE_URL: database.url, LOG_LEVEL: 'silent' },
        { out: (line) => lines.push(line), err: (line) => lines.push(line) },
      );
      expect({ code, lines }).toEqual({
        code: 0,
        lines: ['pg-ops@example.com is now an administrator (from its next request).'],
      });
      const [account] = await database.db.select({ adminRole: user.adminRole }).from(user).where(eq(user.id, ownerId));
      expect(account?.adminRole).toBe('granted');
      const entries = await database.db
        .select({ action: adminAuditLog.action })
        .from(adminAuditLog)
        .where(eq(adminAuditLog.targetUserId, ownerId));
      expect(entries).toEqual([{ action: 'grant_admin' }]);
    } finally {
      await database.close();
    }
  });
});
