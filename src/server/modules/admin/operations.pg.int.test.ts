// Needs a real PostgreSQL server: on PGlite's one connection every request runs after the other, so nothing overlaps.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOperations, SavedAppSettings } from '@shared/contracts/admin';
import { DEFAULT_APP_SETTINGS } from '@shared/domain/app-settings';
import { createTestApp, type TestApp } from '../../../../tests/test-app';
import { speechUpdate, vapiCall } from '../../../../tests/vapi-payloads';
import { adminAuditLog } from '../../db/schema';

const ADMIN_EMAIL = 'ops-pg@pickupline.test';
const VAPI_SECRET = 'vapi-webhook-secret-for-operations-pg-tests';

describe('admin operations under concurrent requests', () => {
  let t: TestApp;
  let admin: { cookie: string };

  beforeAll(async () => {
    t = await createTestApp({ adminEmails: [ADMIN_EMAIL], vapiWebhookSecret: VAPI_SECRET });
    admin = await t.signUp({ email: ADMIN_EMAIL });
  });
  afterAll(() => t.close());

  const operations = async () => {
    const response = await t.request('/api/admin/operations', { cookie: admin.cookie });
    expect(response.status).toBe(200);
    return (await response.json()) as AdminOperations;
  };

  it('counts every one of many deliveries arriving at once', async () => {
    const deliveries = Array.from({ length: 30 }, async (_, i) =>
      t.app.request('/api/webhooks/vapi', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-vapi-secret': i % 3 === 0 ? 'wrong' : VAPI_SECRET },
        body: JSON.stringify(speechUpdate(vapiCall())),
      }),
    );
    const statuses = (await Promise.all(deliveries)).map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);

    const vapi = (await operations()).webhooks.find((w) => w.provider === 'vapi');
    expect(vapi).toMatchObject({ receivedCount: 30, rejectedCount: 10, lastRejectedStatus: 401 });
  });

  it('takes settings saved at the same time one after the other, each recorded against the one it replaced', async () => {
    const values = [11, 12, 13, 14, 15, 16];
    const saves = values.map((maxLines) =>
      t.request('/api/admin/settings', {
        method: 'PUT',
        cookie: admin.cookie,
        json: { ...DEFAULT_APP_SETTINGS, maxLines },
      }),
    );
    const answers = await Promise.all(
      (await Promise.all(saves)).map(async (response) => {
        expect(response.status).toBe(200);
        return (await response.json()) as SavedAppSettings;
      }),
    );
    expect(answers.map((a) => a.maxLines).sort()).toEqual(values);

    const entries = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'update_settings'));
    expect(entries).toHaveLength(values.length);
    // Read one at a time, the saves form a chain from the default: each value was replaced exactly once, except the
    // one in force now. Two saves reading the same settings would both record it as "before".
    const befores = entries.map((e) => (e.before as { maxLines: number }).maxLines).sort((a, b) => a - b);
    const final = (await operations()).settings.maxLines;
    expect(befores).toEqual(
      [DEFAULT_APP_SETTINGS.maxLines, ...values.filter((v) => v !== final)].sort((a, b) => a - b),
    );
    expect(entries.map((e) => (e.after as { maxLines: number }).maxLines).sort((a, b) => a - b)).toEqual(values);
  });
});
