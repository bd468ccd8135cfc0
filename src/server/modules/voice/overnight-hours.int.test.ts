import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/test-app';
import { nearestSaturdayAt, setUpNightOwlRestaurant } from '../../../../tests/night-owl-restaurant';
import { assistantRequest, toolCalls, vapiCall } from '../../../../tests/vapi-payloads';
import { orders, restaurantProfiles } from '../../db/schema';
import type { VapiAssistant } from './assistant';
import type { ToolCallResult } from './vapi-webhook.service';

const SECRET = 'vapi-webhook-secret-for-tests-0123456789';
const PHONE_NUMBER_ID = 'a3c3c0de-0000-4000-8000-0000000000f5';
const NUMBER = '+14155550177';

describe('a phone call when the hours run past midnight', () => {
  let t: TestApp;
  let userId: string;

  beforeAll(async () => {
    t = await createTestApp({ vapiWebhookSecret: SECRET });
    const owner = await t.signUp({ email: 'night-owl@example.com' });
    userId = owner.userId;
    await setUpNightOwlRestaurant(t, owner.cookie);
    await t.db
      .update(restaurantProfiles)
      .set({ vapiPhoneNumberId: PHONE_NUMBER_ID, vapiPhoneNumber: NUMBER, phoneProvisioningStatus: 'active' })
      .where(eq(restaurantProfiles.id, userId));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => t.close());

  async function post<T>(body: unknown): Promise<T> {
    const response = await t.request('/api/webhooks/vapi', {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}` },
      json: body,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as T;
  }

  /** One call at `at`: the assistant's prompt, then check_hours and place_order as the model would call them. */
  async function callAt(at: Date) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at);
    const c = vapiCall({ phoneNumberId: PHONE_NUMBER_ID, number: NUMBER, caller: '+12125550190' });
    const { assistant } = await post<{ assistant: VapiAssistant }>(assistantRequest(c));
    const { body } = toolCalls(c, [
      { name: 'check_hours' },
      { name: 'place_order', args: { customer_name: 'Ola', items: [{ name: 'Dan Dan Noodles', quantity: 2 }] } },
    ]);
    const { results } = await post<{ results: ToolCallResult[] }>(body);
    const said = results.map((r) => ('result' in r ? r.result : r.error));
    return { prompt: assistant.model.messages[0]!.content, hours: said[0]!, order: said[1]! };
  }

  it('at 01:00 on Saturday it is open because of Friday night, and the caller can order', async () => {
    const call = await callAt(nearestSaturdayAt(1));

    expect(call.prompt).toContain('It is Saturday, 1:00 AM at the restaurant');
    expect(call.prompt).toContain('The restaurant is open and closes at 2:00 AM.');
    expect(call.prompt).toContain('- Friday: 11:00 AM to 2:00 PM and 6:00 PM to 2:00 AM (the next day)');
    expect(call.prompt).toContain('- Saturday: 12:00 PM to 3:00 PM and 5:00 PM to 11:00 PM');
    expect(call.hours).toBe(
      'We are open now, until 2:00 AM. On Friday we are open 11:00 AM to 2:00 PM and 6:00 PM to 2:00 AM.',
    );
    expect(call.order).not.toMatch(/closed/i);

    vi.useRealTimers();
    const placed = await t.db.select().from(orders).where(eq(orders.userId, userId));
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ status: 'new', phoneNumber: '+12125550190' });
  });

  it('at 03:00 on Saturday it is closed, says when it opens, and takes no order', async () => {
    const before = await t.db.select().from(orders).where(eq(orders.userId, userId));
    const call = await callAt(nearestSaturdayAt(3));

    expect(call.prompt).toContain('The restaurant is closed now. It opens today at 12:00 PM.');
    expect(call.prompt).toContain('Do not take an order while the restaurant is closed');
    expect(call.hours).toBe(
      'We are closed right now. We open today at 12:00 PM. On Saturday we are open 12:00 PM to 3:00 PM and 5:00 PM to 11:00 PM.',
    );
    expect(call.order).toBe('Sorry, we are closed right now, so I cannot take an order. We open today at 12:00 PM.');

    vi.useRealTimers();
    expect(await t.db.select().from(orders).where(eq(orders.userId, userId))).toHaveLength(before.length);
  });

  it('between Saturday’s two periods it is closed until the second one', async () => {
    const call = await callAt(nearestSaturdayAt(16));
    expect(call.hours).toBe(
      'We are closed right now. We open today at 5:00 PM. On Saturday we are open 12:00 PM to 3:00 PM and 5:00 PM to 11:00 PM.',
    );
    expect(call.order).toMatch(/^Sorry, we are closed right now/);
  });
});
