import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/server/env';
import { createRuntime, type Runtime } from '../src/server/server';
import { emails } from '../src/server/db/schema';

const ORIGIN = 'http://localhost:3000';

/** The message with its quoted-printable soft line breaks and escapes undone (the links are plain ASCII). */
const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Waits for the send-email worker to write the first .eml file. */
async function firstMailFile(mailDir: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const files = await readdir(mailDir).catch(() => []);
    if (files.length > 0) return files[0]!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no .eml file in ${mailDir}`);
}

describe('e-mails kept as .eml files without SMTP', () => {
  let root: string;
  let runtime: Runtime;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'pickupline-eml-'));
    const webRoot = path.join(root, 'dist');
    await mkdir(webRoot);
    await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>PickupLine</title><div id="root"></div>');
    runtime = await createRuntime(
      loadEnv({ APP_URL: ORIGIN, DATA_DIR: path.join(root, 'data'), LOG_LEVEL: 'silent' }),
      { webRoot },
    );
  });
  afterAll(async () => {
    await runtime?.stop({ graceful: false });
    await rm(root, { recursive: true, force: true });
  });

  const request = (url: string, init: RequestInit = {}) =>
    runtime.app.request(url, { ...init, headers: { origin: ORIGIN, ...init.headers } });

  it('writes the sign-up confirmation e-mail with its link under DATA_DIR/mail, and never serves it over HTTP', async () => {
    const signUp = await request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Maria', email: 'maria@example.com', password: 'secret123' }),
    });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers.getSetCookie()[0]!.split(';')[0]!;

    const mailDir = path.join(root, 'data', 'mail');
    const file = await firstMailFile(mailDir);
    const raw = await readFile(path.join(mailDir, file), 'utf8');
    expect(raw).toContain('To: maria@example.com');
    expect(raw).toContain('Subject: Confirm your e-mail address for PickupLine');
    const link = /http:\/\/localhost:3000\/api\/auth\/verify-email\?token=([\w.-]+)&callbackURL=\S+/.exec(
      decodeQuotedPrintable(raw),
    );
    const [outboxEmail] = await runtime.database.db.select({ text: emails.text }).from(emails);
    expect(outboxEmail!.text).toContain(link![0]);
    const token = link![1]!;

    for (const url of [`/mail/${file}`, `/data/mail/${file}`, `/../data/mail/${file}`, `/%2e%2e/data/mail/${file}`]) {
      const response = await request(url);
      const body = await response.text();
      expect(body, url).not.toContain(token);
      expect(body, url).not.toContain('Subject: Confirm');
    }
    // The outbox itself is for administrators only.
    expect((await request('/api/admin/emails', { headers: { cookie } })).status).toBe(403);
  });
});
