import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_ACTOR_EMAIL } from '../src/shared/contracts/admin';
import { openDatabase } from '../src/server/db/client';
import { adminAuditLog, user } from '../src/server/db/schema';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');

/** `npm run admin -- …` as the operator runs it: a separate process, the settings in its environment. */
async function adminCommand(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function insertOwner(db: Awaited<ReturnType<typeof openDatabase>>['db'], email: string) {
  const id = crypto.randomUUID();
  await db.insert(user).values({ id, name: 'Owner', email });
  return id;
}

describe('npm run admin on an embedded (PGlite) data directory', () => {
  let dataDir: string;
  let ownerId: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pickupline-admin-cli-'));
    const database = await openDatabase({ kind: 'pglite', dataDir });
    ownerId = await insertOwner(database.db, 'ops@example.com');
    await database.close();
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('answers usage with exit code 2', async () => {
    const result = await adminCommand(['promote', 'ops@example.com'], { DATA_DIR: dataDir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage: npm run admin -- grant EMAIL');
  });

  it('grants and revokes, writing the audit trail', async () => {
    const granted = await adminCommand(['grant', 'Ops@Example.com'], { DATA_DIR: dataDir });
    expect(granted).toMatchObject({
      code: 0,
      stdout: 'Ops@Example.com is now an administrator (from its next request).\n',
    });
    const revoked = await adminCommand(['revoke', 'ops@example.com'], { DATA_DIR: dataDir });
    expect(revoked).toMatchObject({
      code: 0,
      stdout: 'ops@example.com is no longer an administrator (from its next request).\n',
    });

    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const [account] = await database.db.select({ adminRole: user.adminRole }).from(user).where(eq(user.id, ownerId));
      expect(account?.adminRole).toBe('revoked');
      const entries = await database.db
        .select({ action: adminAuditLog.action, actorEmail: adminAuditLog.actorEmail })
        .from(adminAuditLog)
        .where(eq(adminAuditLog.targetUserId, ownerId))
        .orderBy(adminAuditLog.createdAt);
      expect(entries).toEqual([
        { action: 'grant_admin', actorEmail: OPERATOR_ACTOR_EMAIL },
        { action: 'revoke_admin', actorEmail: OPERATOR_ACTOR_EMAIL },
      ]);
    } finally {
      await database.close();
    }
  });

  it('exits 1 with a message for an unknown address', async () => {
    const result = await adminCommand(['grant', 'nobody@example.com'], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('No account has the e-mail address nobody@example.com');
  });

  it('says to stop the server while it holds the data directory', async () => {
    const running = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const result = await adminCommand(['grant', 'ops@example.com'], { DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('is in use by the running server');
      expect(result.stderr).toContain('Stop the server, run this command, then start it again');
    } finally {
      await running.close();
    }
  });
});
