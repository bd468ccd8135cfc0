/**
 * The operator's command for the administrator role: `npm run admin -- grant EMAIL` / `npm run admin -- revoke EMAIL`.
 * It works on the database the server's own settings name (DATABASE_URL, or the embedded one in DATA_DIR) and
 * writes each change to the audit trail. A revocation counts from the account's next request.
 *
 * Exit codes: 0 done, 1 error (with a message), 2 usage.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { EnvError, loadEnv } from '../src/server/env';
import { openDatabase } from '../src/server/db/client';
import { DataDirLockedError } from '../src/server/db/data-dir-lock';
import {
  changeAdminRole,
  UnknownAccountError,
  type AdminRoleChange,
} from '../src/server/modules/admin/admin-role-change';

export const USAGE = `Usage: npm run admin -- grant EMAIL    make the account with this e-mail address an administrator
       npm run admin -- revoke EMAIL   take the administrator role away (even from an ADMIN_EMAILS address)`;

interface Output {
  out: (line: string) => void;
  err: (line: string) => void;
}

export function parseArgs(args: readonly string[]): { change: AdminRoleChange; email: string } | null {
  const [command, email, ...rest] = args;
  if ((command !== 'grant' && command !== 'revoke') || !email || rest.length > 0) return null;
  return { change: command, email };
}

/** Runs the command and returns its exit code. */
export async function runAdminCommand(
  args: readonly string[],
  source: Record<string, string | undefined>,
  { out, err }: Output,
): Promise<number> {
  const parsed = parseArgs(args);
  if (!parsed) {
    err(USAGE);
    return 2;
  }
  let database;
  try {
    const env = loadEnv(source);
    database = await openDatabase(
      env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR },
    );
    const result = await changeAdminRole(database.db, env.ADMIN_EMAILS, parsed);
    out(describe(parsed, result.isAdministrator));
    return 0;
  } catch (error) {
    err(messageFor(error));
    return 1;
  } finally {
    await database?.close();
  }
}

function describe({ change, email }: { change: AdminRoleChange; email: string }, isAdministrator: boolean) {
  if (change === 'grant') return `${email} is now an administrator (from its next request).`;
  return isAdministrator
    ? `${email} is still an administrator.`
    : `${email} is no longer an administrator (from its next request).`;
}

function messageFor(error: unknown): string {
  if (error instanceof DataDirLockedError) {
    return (
      `The embedded database in ${path.resolve(error.dataDir)} is in use by the running server, which holds it alone. ` +
      'Stop the server, run this command, then start it again; or run PickupLine on PostgreSQL (DATABASE_URL), ' +
      'where this command works while the server runs.'
    );
  }
  if (error instanceof EnvError || error instanceof UnknownAccountError) return error.message;
  return `Could not change the administrator role: ${error instanceof Error ? error.message : String(error)}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const code = await runAdminCommand(process.argv.slice(2), process.env, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
  process.exit(code);
}
