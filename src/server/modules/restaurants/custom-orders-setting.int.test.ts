import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotPreferencesResponse } from '@shared/contracts/restaurant';
import type { StartTestCallResponse, TestCallTurn } from '@shared/contracts/test-calls';
import { createTestApp, toolDepsOf, type TestApp } from '../../../../tests/test-app';
import { calls, menuItems, orders, restaurantProfiles } from '../../db/schema';
import { executeToolCall, type ToolDeps } from '../voice/tool-executor';
import { openAroundTheClock } from '../../../../tests/open-hours';

// Monday 23 November 2026, 12:00 UTC: the restaurant is open.
const NOON_MONDAY = new Date('2026-11-23T12:00:00Z');
const DECLINED = 'I am sorry, we can only take orders for items on our menu.';
const WEDDING_CAKE = 'a wedding cake for 100 guests';

/**
 * "Allow custom orders" as the owner saves it in Settings (PUT /api/restaurant/preferences) is what the phone
 * assistant's tools and the browser test call follow: off, both decline an off-menu request and take no order.
 */
describe('the "Allow custom orders" setting reaches the assistant', () => {
  let t: TestApp;
  let deps: ToolDeps;

  beforeAll(async () => {
    t = await createTestApp();
    deps = toolDepsOf(t);
  });
  afterAll(() => t.close());

  async function saveAllowCustomOrders(cookie: string, allowCustomOrders: boolean) {
    const response = await t.request('/api/restaurant/preferences', {
      method: 'PUT',
      cookie,
      json: { autoSmsEnabled: true, allowCustomOrders },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as BotPreferencesResponse).allowCustomOrders).toBe(allowCustomOrders);
  }

  async function testCallAsking(cookie: string, text: string) {
    const started = await t.request('/api/test-calls', { method: 'POST', cookie, json: {} });
    expect(started.status).toBe(201);
    const { callId } = (await started.json()) as StartTestCallResponse;
    const answered = await t.request(`/api/test-calls/${callId}/messages`, { method: 'POST', cookie, json: { text } });
    expect(answered.status).toBe(200);
    return (await answered.json()) as TestCallTurn;
  }

  it('off: the phone tools and the test call decline politely and take no order; back on, both take it', async () => {
    const { cookie, userId } = await t.signUp({ email: 'custom-orders@example.com' });
    await t.db
      .update(restaurantProfiles)
      .set({ restaurantName: 'Casa Lupe', timezone: 'UTC', hasCompletedOnboarding: true })
      .where(eq(restaurantProfiles.id, userId));
    // Open around the clock: the test call checks the real time.
    await openAroundTheClock(t.db, userId);
    await t.db.insert(menuItems).values({ restaurantId: userId, name: 'Carnitas Burrito', priceCents: 1100 });
    const [call] = await t.db
      .insert(calls)
      .values({ providerCallId: `vapi-${randomUUID()}`, restaurantId: userId, callerNumber: '+14155550142' })
      .returning();
    const phoneCall = { id: call!.id, restaurantId: userId, callerNumber: call!.callerNumber, kind: call!.kind };
    const placeCustomOrder = () =>
      executeToolCall(
        deps,
        phoneCall,
        { id: `tool-${randomUUID()}`, name: 'place_order', args: { custom_order_text: WEDDING_CAKE } },
        NOON_MONDAY,
      );
    const ordersTaken = () => t.db.select().from(orders).where(eq(orders.userId, userId));

    await saveAllowCustomOrders(cookie, false);
    expect((await placeCustomOrder()).result).toBe(DECLINED);
    const declined = await testCallAsking(cookie, `I want a custom order: ${WEDDING_CAKE}`);
    expect(declined.reply).toBe(DECLINED);
    expect(declined.draft.customText).toBeNull();
    expect(await ordersTaken()).toHaveLength(0);

    await saveAllowCustomOrders(cookie, true);
    const taken = await placeCustomOrder();
    expect(taken.outcome).toBe('ordered');
    const noted = await testCallAsking(cookie, `I want a custom order: ${WEDDING_CAKE}`);
    expect(noted.reply).toBe(`I noted a custom order: ${WEDDING_CAKE}. Anything else?`);
    expect(noted.draft.customText).toBe(WEDDING_CAKE);
    expect(await ordersTaken()).toMatchObject([{ isCustomOrder: true, customOrderText: WEDDING_CAKE }]);
  });
});
