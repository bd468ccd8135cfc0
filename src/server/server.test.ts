import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv } from './env';
import { createRuntime } from './server';
import { DataDirLockedError } from './db/data-dir-lock';

const dirs: string[] = [];
function tempDataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'pickupline-test-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const origin = 'http://localhost:3000';

describe('the embedded runtime', () => {
  it('keeps accounts and sessions across a restart on the same DATA_DIR', async () => {
    const dataDir = tempDataDir();
    const env = loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });

    const first = await createRuntime(env, { webRoot: path.join(dataDir, 'no-web') });
    const signUp = await first.app.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ name: 'Restart Owner', email: 'restart@example.com', password: 'secret123' }),
    });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers.getSetCookie()[0]!.split(';')[0]!;
    await first.stop();

    const secret = readFileSync(path.join(dataDir, 'auth-secret'), 'utf8');
    const second = await createRuntime(env, { webRoot: path.join(dataDir, 'no-web') });
    try {
      expect(readFileSync(path.join(dataDir, 'auth-secret'), 'utf8')).toBe(secret);
      const me = await second.app.request('/api/me', { headers: { cookie } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { user: { email: string } }).user.email).toBe('restart@example.com');
    } finally {
      await second.stop();
    }
  }, 60_000);

  it('refuses a second process on a DATA_DIR that is in use', async () => {
    const dataDir = tempDataDir();
    const env = loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const first = await createRuntime(env, { webRoot: path.join(dataDir, 'no-web') });
    try {
      await expect(createRuntime(env)).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      await first.stop();
    }
    const again = await createRuntime(env, { webRoot: path.join(dataDir, 'no-web') });
    await again.stop();
  }, 60_000);
});
