import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalEmailProvider } from './local-email-provider';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'pickupline-mail-'));
  dirs.push(dir);
  return dir;
}

const message = {
  to: 'maria@example.com',
  subject: 'Confirm your e-mail address for PickupLine',
  text: 'Open this link: http://localhost:3000/api/auth/verify-email?token=abc',
  html: '<p>Open <a href="http://localhost:3000/api/auth/verify-email?token=abc">this link</a></p>',
};

describe('the local e-mail provider', () => {
  it('writes each e-mail as an .eml file in mailDir, readable by the server user only', async () => {
    const mailDir = path.join(await tempDir(), 'mail');
    const provider = createLocalEmailProvider({ from: 'PickupLine <no-reply@localhost>', mailDir });

    const { messageId } = await provider.send(message);

    const files = await readdir(mailDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-.+\.eml$/);
    const raw = await readFile(path.join(mailDir, files[0]!), 'utf8');
    expect(raw).toContain(`Message-ID: ${messageId}`);
    expect(raw).toContain('To: maria@example.com');
    expect(raw).toContain('Subject: Confirm your e-mail address for PickupLine');
    expect(raw).toContain('http://localhost:3000/api/auth/verify-email?token=abc');
    expect((await stat(path.join(mailDir, files[0]!))).mode & 0o777).toBe(0o600);
  });
});
