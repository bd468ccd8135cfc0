import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { localClock } from '@shared/domain/hours';
import { createTestApp, type TestApp } from '../../../../tests/test-app';
import { assistantRequest, toolCalls, vapiCall } from '../../../../tests/vapi-payloads';
import { orders, restaurantProfiles } from '../../db/schema';
import type { VapiAssistant } from './assistant';
import type { ToolCallResult } from './vapi-webhook.service';

const SECRET = 'vapi-webhook-secret-for-tests-0123456789';
const TIME_ZONE = 'America/New_York';
const PHONE_NUMBER_ID = 'a3c3c0de-0000-4000-8000-0000000000f5';
const NUMBER = '+14155550177';

/**
 * The Saturday nearest to now (within three and a half days, so the owner's trial and session still hold) at the
 * given hour in New York. New York's offset is whole hours, so stepping hour by hour finds it.
 */
function nearestSaturdayAt(hour: number, now = new Date()): Date {
  const start = new Date(now);
  start.setUTCMinutes(0, 0, 0);
  const candidates: Date[] = [];
  for (let h = -7 * 24; h <= 7 * 24; h++) {
    const at = new Date(start.getTime() + h * 3_600_000);
    const clock = localClock(at, TIME_ZONE);
    if (clock.dayOfWeek === 6 && clock.time === `${String(hour).padStart(2, '0')}:00:00`) candidates.push(at);
  }
  return candidates.sort((a, b) => Math.abs(a.getTime() - now.getTime()) - Math.abs(b.getTime() - now.getTime()))[0]!;
}

describe('a phone call when the hours run past midnight', () => {
  let t: TestApp;
  let userId: string;

  beforeAll(async () => {
    t = await createTestApp({ vapiWebhookSecret: SECRET });
    const owner = await t.signUp({ email: 'night-owl@example.com' });
    userId = owner.userId;
    const put = async (path: string, json: unknown) => {
      const response = await t.request(path, { method: 'PUT', cookie: owner.cookie, json });
      expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
    };
    await put('/api/restaurant', {
      restaurantName: 'Night Owl Noodles',
      phoneNumber: '(415) 555-0177',
      address: '5 Late Street, New York',
      timezone: TIME_ZONE,
    });
    // Friday lunch 11:00–14:00 and a late night 18:00–02:00; Saturday 12:00–15:00 and 17:00–23:00.
    await put('/api/restaurant/hours', {
      hours: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) =>
        dayOfWeek === 5
          ? {
              dayOfWeek,
              openTime: '11:00',
              closeTime: '14:00',
              openTime2: '18:00',
              closeTime2: '02:00',
              isClosed: false,
            }
          : dayOfWeek === 6
            ? {
                dayOfWeek,
                openTime: '12:00',
                closeTime: '15:00',
                openTime2: '17:00',
                closeTime2: '23:00',
                isClosed: false,
              }
            : { dayOfWeek, openTime: '09:00', closeTime: '17:00', isClosed: dayOfWeek === 0 },
      ),
    });
    const dish = await t.request('/api/menu-items', {
      method: 'POST',
      cookie: owner.cookie,
      json: { name: 'Dan Dan Noodles', priceCents: 1400, isAvailable: true },
    });
    expect(dish.status).toBe(201);
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
