import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { orders, user } from '../db/schema';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { APP_BODY_LIMIT_BYTES, WEBHOOK_BODY_LIMIT_BYTES } from './body-limits';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await t.signUp({ email: 'limits@example.com' }));
});
afterAll(() => t.close());

/** A JSON object of about `bytes` bytes, its one string field named `name`. */
const jsonOf = (bytes: number) => JSON.stringify({ name: 'x'.repeat(bytes) });

describe('the app mounts its body limits in front of every API route', () => {
  it('refuses an oversized body to better-auth before sign-in, and the name is not stored', async () => {
    const anonymous = await t.request('/api/auth/update-user', { method: 'POST', json: { name: 'x'.repeat(5e6) } });
    expect(anonymous.status).toBe(413);

    const signedIn = await t.request('/api/auth/update-user', {
      method: 'POST',
      cookie,
      body: jsonOf(APP_BODY_LIMIT_BYTES),
      headers: { 'content-type': 'application/json' },
    });
    expect(signedIn.status).toBe(413);
    expect(await signedIn.json()).toEqual({ error: 'The request body is too large (the limit is 64 KB)' });
    const [row] = await t.db.select({ longest: sql<number>`max(length(${user.name}))` }).from(user);
    expect(Number(row!.longest)).toBeLessThan(1000);
  });

  it('refuses an oversized body to the app’s own routes and writes nothing', async () => {
    const response = await t.request('/api/orders/test', {
      method: 'POST',
      cookie,
      json: { isCustomOrder: true, customOrderText: 'x'.repeat(APP_BODY_LIMIT_BYTES) },
    });
    expect(response.status).toBe(413);
    expect(await t.db.select({ id: orders.id }).from(orders)).toEqual([]);
  });

  it('lets a webhook body past the app limit reach the webhook, which judges it (here: unsigned)', async () => {
    const body = JSON.stringify({ message: { type: 'status-update', padding: 'x'.repeat(APP_BODY_LIMIT_BYTES * 2) } });
    const within = await t.request('/api/webhooks/vapi', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(within.status).not.toBe(413);
    expect(within.status).toBeLessThan(500);

    const beyond = await t.request('/api/webhooks/vapi', {
      method: 'POST',
      body: jsonOf(WEBHOOK_BODY_LIMIT_BYTES),
      headers: { 'content-type': 'application/json' },
    });
    expect(beyond.status).toBe(413);
  });
});
