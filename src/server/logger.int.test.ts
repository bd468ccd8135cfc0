import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../tests/test-app';
import { assistantRequest, toolCalls, vapiCall } from '../../tests/vapi-payloads';
import { restaurantProfiles } from './db/schema';

const VAPI_SECRET = 'log-privacy-vapi-secret';

/** Someone whose details must never reach the log, in every form they could take there. */
const CUSTOMER = {
  name: 'Zelda Quist',
  phone: '+12125550187',
  phoneForms: ['2125550187', '212-555-0187', '555-0187'],
  email: 'zelda.quist@example.com',
  orderText: 'Birthday cake for Zelda, "Happy 40th" in blue icing',
  address: '12 Quistgate Lane',
};

/** A time zone where it is about noon now, so a restaurant open 00:00–23:59 is surely open. */
function noonTimeZone(now = new Date()): string {
  const offset = 12 - now.getUTCHours();
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/**
 * Logs never hold SQL parameters or customer data. Each case makes a real statement fail in the database (a check
 * constraint added for the test refuses the customer's row), with the customer's details among its parameters, on a
 * path that logs the failure: an API request's error handler, better-auth's own logger, and the voice webhook's tool
 * calls. The log is then searched for every detail.
 */
describe('the log of a request that fails in the database', () => {
  let t: TestApp;
  const log: string[] = [];
  let owner: { cookie: string; userId: string };

  beforeAll(async () => {
    t = await createTestApp({
      vapiWebhookSecret: VAPI_SECRET,
      logDestination: { write: (line: string) => void log.push(line) },
    });
    owner = await t.signUp({ email: 'log-owner@example.com', name: 'Log Owner' });
  });
  afterAll(() => t.close());

  /** The lines logged while `run` ran, parsed. */
  async function loggedDuring(run: () => Promise<void>) {
    const from = log.length;
    await run();
    const lines = log.slice(from);
    return { text: lines.join(''), entries: lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
  }

  function expectNoCustomerData(text: string) {
    for (const secret of [
      CUSTOMER.name,
      'Zelda',
      CUSTOMER.phone,
      ...CUSTOMER.phoneForms,
      CUSTOMER.email,
      CUSTOMER.orderText,
      'Happy 40th',
      CUSTOMER.address,
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    expect(text).not.toMatch(/params:|Failing row contains/);
  }

  it("an API request's error: the statement and the database's reason, none of the values", async () => {
    await t.db.execute(
      sql.raw(`alter table restaurant_profiles add constraint log_test_check check (address not like '%Quistgate%')`),
    );
    const { text, entries } = await loggedDuring(async () => {
      const response = await t.request('/api/restaurant', {
        method: 'PUT',
        cookie: owner.cookie,
        json: {
          restaurantName: "Zelda's Diner",
          phoneNumber: '(212) 555-0187',
          address: CUSTOMER.address,
          timezone: 'UTC',
        },
      });
      expect(response.status).toBe(500);
    });
    const failure = entries.find((e) => e.msg === 'unhandled error') as { err: Record<string, unknown> } | undefined;
    expect(failure?.err).toMatchObject({ code: '23514', constraint: 'log_test_check' });
    expect(failure?.err.message).toContain('update "restaurant_profiles"');
    expectNoCustomerData(text);
    const [profile] = await t.db.select().from(restaurantProfiles).where(eq(restaurantProfiles.id, owner.userId));
    expect(profile!.address).not.toBe(CUSTOMER.address);
  });

  it("better-auth's log of a sign-up the database refused: no name, no e-mail address", async () => {
    await t.db.execute(sql.raw(`alter table "user" add constraint log_test_check check (name not like '%Zelda%')`));
    const { text, entries } = await loggedDuring(async () => {
      const response = await t.request('/api/auth/sign-up/email', {
        method: 'POST',
        json: { name: CUSTOMER.name, email: CUSTOMER.email, password: 'secret123' },
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
    });
    expect(entries.some((e) => typeof e.level === 'number' && e.level >= 50)).toBe(true);
    expect(text).toContain('23514');
    expectNoCustomerData(text);
  });

  it("the voice webhook's failed order: no caller number, name or order text", async () => {
    const cookie = owner.cookie;
    const put = async (path: string, json: unknown) => {
      const response = await t.request(path, { method: 'PUT', cookie, json });
      expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
    };
    await put('/api/restaurant', {
      restaurantName: 'Night Owl Noodles',
      phoneNumber: '(415) 555-0100',
      address: '1 Market St',
      timezone: noonTimeZone(),
    });
    await put('/api/restaurant/hours', {
      hours: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
        dayOfWeek,
        openTime: '00:00',
        closeTime: '23:59',
        isClosed: false,
      })),
    });
    await put('/api/restaurant/preferences', { autoSmsEnabled: true, allowCustomOrders: true });
    const phoneNumberId = 'b4d4d0de-0000-4000-8000-000000000001';
    await t.db
      .update(restaurantProfiles)
      .set({ vapiPhoneNumberId: phoneNumberId, vapiPhoneNumber: '+14155550123', phoneProvisioningStatus: 'active' })
      .where(eq(restaurantProfiles.id, owner.userId));
    await t.db.execute(
      sql.raw(`alter table orders add constraint log_test_check check (customer_name is distinct from 'Zelda Quist')`),
    );

    const c = vapiCall({ phoneNumberId, number: '+14155550123', caller: CUSTOMER.phone });
    const begun = await t.request('/api/webhooks/vapi', {
      method: 'POST',
      headers: { 'x-vapi-secret': VAPI_SECRET },
      json: assistantRequest(c),
    });
    expect(begun.status).toBe(200);
    const { body } = toolCalls(c, [
      { name: 'place_order', args: { customer_name: CUSTOMER.name, custom_order_text: CUSTOMER.orderText } },
    ]);
    const { text, entries } = await loggedDuring(async () => {
      const response = await t.request('/api/webhooks/vapi', {
        method: 'POST',
        headers: { 'x-vapi-secret': VAPI_SECRET },
        json: body,
      });
      expect(response.status).toBe(200);
      const { results } = (await response.json()) as { results: { error?: string; result?: string }[] };
      expect(results[0]).toHaveProperty('error');
    });
    const failure = entries.find((e) => e.msg === 'tool call failed') as { err: Record<string, unknown> } | undefined;
    expect(failure?.err).toMatchObject({ code: '23514', constraint: 'log_test_check' });
    expect(failure?.err.message).toContain('insert into "orders"');
    expectNoCustomerData(text);
  });
});
