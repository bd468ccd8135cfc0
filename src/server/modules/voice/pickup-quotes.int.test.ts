import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantAt } from '@shared/domain/zoned-time';
import { createTestApp, toolDepsOf, type TestApp } from '../../../../tests/test-app';
import {
  botPreferences,
  businessHours,
  calls,
  menuItems,
  notifications,
  orders,
  restaurantProfiles,
} from '../../db/schema';
import { loadCallContext } from './call-context';
import { decidePickup } from './pickup';
import { executeToolCall, type ToolDeps } from './tool-executor';
import type { ActiveCall } from './tool-types';
import { PHRASES } from '../language/speech';

const LA = 'America/Los_Angeles';
/** An instant on the restaurant's clock in November 2026 (27th is a Friday). */
const la = (day: number, hour: number, minute = 0) => instantAt(LA, { year: 2026, month: 11, day, hour, minute });
const MIN = 60_000;

describe('pickup times from the live queue', () => {
  let t: TestApp;
  let deps: ToolDeps;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp();
    deps = toolDepsOf(t);
  });
  afterAll(() => t.close());

  /** A Los Angeles restaurant open every day `open`–`close`, one 15-minute dish, and a call in progress. */
  async function restaurant({
    open = '11:00',
    close = '22:00',
    language = 'en',
  }: { open?: string; close?: string; language?: 'en' | 'es' | 'fr' | 'zh' } = {}) {
    const { userId, cookie } = await t.signUp({ email: `quotes${++counter}@example.com` });
    await t.db
      .update(restaurantProfiles)
      .set({ restaurantName: 'Casa Lupe', timezone: LA, hasCompletedOnboarding: true })
      .where(eq(restaurantProfiles.id, userId));
    await t.db.insert(businessHours).values(
      [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
        restaurantId: userId,
        dayOfWeek,
        openTime: open,
        closeTime: close,
      })),
    );
    await t.db
      .insert(botPreferences)
      .values({ restaurantId: userId, language, greetingMessage: 'Hello!', busyMessage: 'We are busy.' });
    await t.db
      .insert(menuItems)
      .values({ restaurantId: userId, name: 'Carnitas Burrito', priceCents: 1100, preparationTime: 15 });
    const newCall = async (): Promise<ActiveCall> => {
      const [row] = await t.db
        .insert(calls)
        .values({ providerCallId: `vapi-${randomUUID()}`, restaurantId: userId, callerNumber: '+14155550142' })
        .returning();
      return { id: row!.id, restaurantId: userId, callerNumber: row!.callerNumber, kind: 'phone' };
    };
    return { userId, cookie, newCall };
  }

  /** Orders already waiting: new, 15 minutes each. */
  async function ordersAhead(userId: string, count: number) {
    if (count === 0) return;
    await t.db.insert(orders).values(
      Array.from({ length: count }, (_, i) => ({
        userId,
        item: `Earlier order ${i + 1}`,
        phoneNumber: '+14155550100',
        prepMinutes: 15,
      })),
    );
  }

  const placeOrder = (call: ActiveCall, now: number, extra: Record<string, unknown> = {}) =>
    executeToolCall(
      deps,
      call,
      {
        id: `tool-${randomUUID()}`,
        name: 'place_order',
        args: { customer_name: 'Dana', items: [{ name: 'Carnitas Burrito', quantity: 1 }], ...extra },
      },
      new Date(now),
    );

  const orderOf = async (callId: string) => (await t.db.select().from(orders).where(eq(orders.callId, callId)))[0]!;

  describe('as soon as possible', () => {
    it.each([
      // 3 at once: nothing ahead is the dish's own 15 minutes; 5 ahead fill one round; 20 ahead, six rounds.
      [0, 15, '5:15 PM'],
      [5, 30, '5:30 PM'],
      [20, 105, '6:45 PM'],
    ])(
      'with %i orders ahead the caller hears %i minutes, and the order and the text keep it',
      async (ahead, minutes, time) => {
        const { userId, newCall } = await restaurant();
        await ordersAhead(userId, ahead);
        const call = await newCall();
        const now = la(27, 17);
        const answer = await placeOrder(call, now);
        expect(answer.result).toContain(`It will be ready for pickup in about ${minutes} minutes, around ${time}.`);
        const order = await orderOf(call.id);
        expect(order).toMatchObject({ prepMinutes: 15, scheduledFor: null });
        expect(order.quotedReadyAt?.getTime()).toBe(now + minutes * MIN);
        const [text] = await t.db.select().from(notifications).where(eq(notifications.orderId, order.id));
        expect(text!.body).toContain(`Ready for pickup around ${time}.`);
      },
    );

    it('follows the kitchen capacity set in the restaurant settings', async () => {
      const { userId, cookie, newCall } = await restaurant();
      const saved = await t.request('/api/restaurant', {
        method: 'PUT',
        cookie,
        json: {
          restaurantName: 'Casa Lupe',
          phoneNumber: '(415) 555-0123',
          address: '1 Main St',
          timezone: LA,
          kitchenCapacity: 1,
        },
      });
      expect(saved.status).toBe(200);
      expect(await saved.json()).toMatchObject({ kitchenCapacity: 1 });
      await ordersAhead(userId, 5);
      const call = await newCall();
      // One order at a time: five ahead of 15 minutes each, then this one.
      expect((await placeOrder(call, la(27, 17))).result).toContain('in about 90 minutes, around 6:30 PM');
    });

    it('refuses a kitchen capacity outside 1 to 20 with the reason', async () => {
      const { cookie } = await restaurant();
      for (const kitchenCapacity of [0, 21, 2.5, '3']) {
        const response = await t.request('/api/restaurant', {
          method: 'PUT',
          cookie,
          json: {
            restaurantName: 'Casa Lupe',
            phoneNumber: '(415) 555-0123',
            address: '1 Main St',
            timezone: LA,
            kitchenCapacity,
          },
        });
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({
          error: 'kitchenCapacity: Enter a whole number from 1 to 20',
          field: 'kitchenCapacity',
        });
      }
    });

    it('adds the minutes busy mode still has to run', async () => {
      const { userId } = await restaurant();
      await ordersAhead(userId, 5);
      const now = la(27, 17);
      await t.db
        .update(botPreferences)
        .set({ isBusyMode: true, busyUntil: new Date(now + 20 * MIN) })
        .where(eq(botPreferences.restaurantId, userId));
      const ctx = (await loadCallContext(t.db, userId, new Date(now)))!;
      expect(ctx.kitchen).toMatchObject({ capacity: 3, busyDelayMinutes: 20 });
      expect(ctx.kitchen!.orders).toHaveLength(5);
      const pickup = decidePickup(ctx, PHRASES.en, { prepMinutes: 15, requested: null, now });
      // 30 minutes for the queue, plus 20 of busy mode.
      expect(pickup).toMatchObject({ ok: true, readyAt: now + 50 * MIN });
      // Busy mode on until switched off has no end to wait for: no delay is made up.
      await t.db.update(botPreferences).set({ busyUntil: null }).where(eq(botPreferences.restaurantId, userId));
      expect((await loadCallContext(t.db, userId, new Date(now)))!.kitchen!.busyDelayMinutes).toBe(0);
    });

    it('counts what is left of orders being prepared, and leaves out finished ones', async () => {
      const { userId, newCall } = await restaurant();
      const now = la(27, 17);
      // Three started 10 minutes ago with 20 minutes: each is due in 10.
      await t.db.insert(orders).values(
        [1, 2, 3].map((i) => ({
          userId,
          item: `Cooking ${i}`,
          phoneNumber: '+14155550100',
          status: 'preparing' as const,
          readyInMinutes: 20,
          prepMinutes: 15,
          updatedAt: new Date(now - 10 * MIN),
        })),
      );
      await t.db.insert(orders).values(
        (['ready', 'completed', 'cancelled'] as const).map((status) => ({
          userId,
          item: `Done ${status}`,
          phoneNumber: '+14155550100',
          status,
          prepMinutes: 15,
        })),
      );
      const call = await newCall();
      expect((await placeOrder(call, now)).result).toContain('in about 25 minutes');
    });
  });

  describe('at a later time', () => {
    it('takes "7 pm": the order is scheduled, quoted, and the text says the time', async () => {
      const { newCall } = await restaurant();
      const call = await newCall();
      const answer = await placeOrder(call, la(27, 17), { pickup_time: '7 pm' });
      expect(answer.result).toContain('It will be ready for pickup today at 7:00 PM.');
      const order = await orderOf(call.id);
      expect(order.scheduledFor?.getTime()).toBe(la(27, 19));
      expect(order.quotedReadyAt?.getTime()).toBe(la(27, 19));
      const [text] = await t.db.select().from(notifications).where(eq(notifications.orderId, order.id));
      expect(text!.body).toContain('Pickup today at 7:00 PM.');
      // Asked again on the same call, the assistant says the time, not "shortly".
      const status = await executeToolCall(
        deps,
        call,
        { id: `tool-${randomUUID()}`, name: 'get_order_status', args: {} },
        new Date(la(27, 17, 5)),
      );
      expect(status.result).toBe('It will be ready for pickup today at 7:00 PM.');
    });

    it('takes "in an hour" and a 24-hour time, as Vapi sends them', async () => {
      const { newCall } = await restaurant();
      const first = await newCall();
      expect((await placeOrder(first, la(27, 17), { pickup_time: 'in an hour' })).result).toContain('today at 6:00 PM');
      const second = await newCall();
      expect((await placeOrder(second, la(27, 17), { pickup_time: '19:30' })).result).toContain('today at 7:30 PM');
      expect((await orderOf(second.id)).scheduledFor?.getTime()).toBe(la(27, 19, 30));
    });

    it('refuses a time already past or before the kitchen can make it, naming the earliest', async () => {
      const { userId, newCall } = await restaurant();
      await ordersAhead(userId, 5);
      const call = await newCall();
      const answer = await placeOrder(call, la(27, 17), { pickup_time: '5:10 pm' });
      expect(answer.result).toBe('The earliest we can have your order ready is today at 5:30 PM.');
      expect(await t.db.select().from(orders).where(eq(orders.callId, call.id))).toHaveLength(0);
      expect((await placeOrder(call, la(27, 17), { pickup_time: '4 pm' })).result).toBe(
        'The earliest we can have your order ready is today at 5:30 PM.',
      );
    });

    it('takes closing time itself, and refuses after it with the next opening plus preparation', async () => {
      const { newCall } = await restaurant({ open: '11:00', close: '22:00' });
      const call = await newCall();
      const now = la(27, 21);
      expect((await placeOrder(call, now, { pickup_time: '10:30 pm' })).result).toBe(
        'We are closed at that time. The next pickup time we can offer is tomorrow at 11:15 AM.',
      );
      expect((await placeOrder(call, now, { pickup_time: '10 pm' })).result).toContain(
        'It will be ready for pickup today at 10:00 PM.',
      );
    });

    it('runs across midnight when the restaurant does', async () => {
      const { newCall } = await restaurant({ open: '18:00', close: '02:00' });
      const now = la(27, 23, 30);
      const call = await newCall();
      expect((await placeOrder(call, now, { pickup_time: '2:30 am' })).result).toBe(
        'We are closed at that time. The next pickup time we can offer is tomorrow at 6:15 PM.',
      );
      const answer = await placeOrder(call, now, { pickup_time: '1 am' });
      expect(answer.result).toContain('It will be ready for pickup tomorrow at 1:00 AM.');
      expect((await orderOf(call.id)).scheduledFor?.getTime()).toBe(la(28, 1));
    });

    it('says it in the call’s language, and asks again for a time it cannot read', async () => {
      const { newCall } = await restaurant({ language: 'fr' });
      const call = await newCall();
      expect((await placeOrder(call, la(27, 17), { pickup_time: 'quand vous voulez' })).result).toBe(
        "Pardon, je n'ai pas compris l'heure de retrait. À quelle heure la voulez-vous ?",
      );
      expect((await placeOrder(call, la(27, 17), { pickup_time: 'à 19 h 30' })).result).toContain(
        "Elle sera prête à emporter aujourd'hui à 19:30.",
      );
    });

    it('keeps an order scheduled for later out of the way of one wanted now', async () => {
      const { newCall } = await restaurant();
      for (let i = 0; i < 3; i++) await placeOrder(await newCall(), la(27, 17), { pickup_time: '8 pm' });
      // Three orders for 8 PM start at 7:45: none of them is ahead of an order for now.
      expect((await placeOrder(await newCall(), la(27, 17))).result).toContain('in about 15 minutes');
      // At 7:50 they are due in the kitchen, still to be made: this one waits for one of them.
      expect((await placeOrder(await newCall(), la(27, 19, 50))).result).toContain('in about 30 minutes');
    });
  });
});
