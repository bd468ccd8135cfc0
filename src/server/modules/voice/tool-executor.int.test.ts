import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, toolDepsOf, type TestApp } from '../../../../tests/test-app';
import { keepNineToFive } from '../../../../tests/open-hours';
import {
  botPreferences,
  calls,
  menuItems,
  notifications,
  orderItems,
  orders,
  restaurantProfiles,
} from '../../db/schema';
import { nextOrderNumber } from '../order-view/order-number';
import { executeToolCall, type ToolDeps } from './tool-executor';
import type { ActiveCall } from './tool-types';

// Monday 23 November 2026, 12:00 in the restaurants' zone (UTC): open 09:00–17:00, Sunday closed (saved below).
const NOON_MONDAY = new Date('2026-11-23T12:00:00Z');
const MONDAY_EVENING = new Date('2026-11-23T20:00:00Z');
const CALLER = '+14155550142';

describe('the assistant’s tools', () => {
  let t: TestApp;
  let deps: ToolDeps;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp();
    deps = toolDepsOf(t);
  });
  afterAll(() => t.close());

  /** A restaurant open Monday to Saturday 09:00–17:00 in UTC, with a small menu, and one call in progress. */
  async function restaurantWithCall(
    options: { language?: 'en' | 'es' | 'fr' | 'zh'; callerNumber?: string | null; kind?: 'phone' | 'test' } = {},
  ) {
    const { userId } = await t.signUp({ email: `tools${++counter}@example.com` });
    await t.db
      .update(restaurantProfiles)
      .set({ restaurantName: 'Casa Lupe', timezone: 'UTC', hasCompletedOnboarding: true })
      .where(eq(restaurantProfiles.id, userId));
    await keepNineToFive(t.db, userId);
    await t.db.insert(botPreferences).values({
      restaurantId: userId,
      language: options.language ?? 'en',
      greetingMessage: 'Welcome to Casa Lupe!',
      busyMessage: 'We are slammed right now, please call back in twenty minutes.',
    });
    const menu = await t.db
      .insert(menuItems)
      .values([
        { restaurantId: userId, name: 'Margherita Pizza', priceCents: 1250 },
        { restaurantId: userId, name: 'Carnitas Burrito', priceCents: 1100 },
        { restaurantId: userId, name: 'Crème Brûlée', priceCents: 650 },
        { restaurantId: userId, name: 'Horchata', priceCents: 410 },
        { restaurantId: userId, name: 'Churros', priceCents: 500, isAvailable: false },
      ])
      .returning();
    const [call] = await t.db
      .insert(calls)
      .values({
        providerCallId: `vapi-${randomUUID()}`,
        restaurantId: userId,
        callerNumber: options.callerNumber === undefined ? CALLER : options.callerNumber,
        kind: options.kind ?? 'phone',
      })
      .returning();
    const active: ActiveCall = {
      id: call!.id,
      restaurantId: userId,
      callerNumber: call!.callerNumber,
      kind: call!.kind,
    };
    const byName = (name: string) => menu.find((m) => m.name === name)!;
    return { userId, call: active, byName };
  }

  const run = (call: ActiveCall, name: string, args: Record<string, unknown> = {}, now = NOON_MONDAY, id?: string) =>
    executeToolCall(deps, call, { id: id ?? `tool-${randomUUID()}`, name, args }, now);

  const ordersOf = (userId: string) => t.db.select().from(orders).where(eq(orders.userId, userId));
  const callRow = async (id: string) => (await t.db.select().from(calls).where(eq(calls.id, id)))[0]!;

  describe('get_menu and check_hours', () => {
    it('lists what is available with prices, and what is sold out', async () => {
      const { call } = await restaurantWithCall();
      const { result } = await run(call, 'get_menu');
      expect(result).toBe(
        'Today we have Carnitas Burrito $11.00, Crème Brûlée $6.50, Horchata $4.10 and Margherita Pizza $12.50. Sold out today: Churros.',
      );
      expect(result).not.toContain('\n');
    });

    it('says the restaurant is open until closing, or when it opens next, in its own time zone', async () => {
      const { call } = await restaurantWithCall();
      expect((await run(call, 'check_hours')).result).toBe('We are open now, until 5:00 PM.');
      expect((await run(call, 'check_hours', {}, MONDAY_EVENING)).result).toBe(
        'We are closed right now. We open tomorrow at 9:00 AM.',
      );
      // Saturday evening: Sunday is closed, so the next opening is Monday.
      expect((await run(call, 'check_hours', {}, new Date('2026-11-28T19:00:00Z'))).result).toBe(
        'We are closed right now. We open on Monday at 9:00 AM.',
      );
    });

    it('answers in the restaurant’s language', async () => {
      const { call } = await restaurantWithCall({ language: 'es' });
      expect((await run(call, 'check_hours', {}, MONDAY_EVENING)).result).toMatch(
        /^Ahora estamos cerrados\. Abrimos mañana a las 9:00/,
      );
      expect((await run(call, 'get_menu')).result).toMatch(/^Hoy tenemos Carnitas Burrito \$11\.00/);
    });
  });

  describe('place_order', () => {
    it('creates one phone order with its lines, total, caller ID and a confirmation text', async () => {
      const { userId, call, byName } = await restaurantWithCall();
      const answer = await run(call, 'place_order', {
        customer_name: 'Dana',
        items: [
          { name: 'margherita pizza', quantity: 2 },
          { menu_item_id: byName('Horchata').id, quantity: 3, notes: 'no ice' },
        ],
      });
      expect(answer.result).toBe(
        'Thank you, Dana! Your order is placed: 2 Margherita Pizza and 3 Horchata. The total is $37.30. Your order number is 1. It will be ready for pickup in about 15 minutes, around 12:15 PM. We will text you when it is being prepared.',
      );
      expect(answer).toMatchObject({ outcome: 'ordered', orderNumber: 1 });

      const [order] = await ordersOf(userId);
      expect(order).toMatchObject({
        id: answer.orderId,
        source: 'phone',
        phoneNumber: CALLER,
        customerName: 'Dana',
        totalCents: 3730,
        callId: call.id,
        needsReview: false,
        status: 'new',
        dailyNumber: 1,
      });
      const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
      expect(lines.map((l) => [l.name, l.quantity, l.unitPriceCents, l.notes]).sort()).toEqual([
        ['Horchata', 3, 410, 'no ice'],
        ['Margherita Pizza', 2, 1250, null],
      ]);
      const texts = await t.db.select().from(notifications).where(eq(notifications.orderId, order!.id));
      expect(texts.map((n) => [n.kind, n.to])).toEqual([['confirmed', CALLER]]);
      expect(await callRow(call.id)).toMatchObject({ orderId: order!.id, outcome: 'ordered' });
    });

    it('answers the same tool call delivered twice the same way, and creates nothing new', async () => {
      const { userId, call } = await restaurantWithCall();
      const args = { customer_name: 'Sam', items: [{ name: 'Carnitas Burrito', quantity: 1 }] };
      const [first, second] = await Promise.all([
        run(call, 'place_order', args, NOON_MONDAY, 'call-tool-1'),
        run(call, 'place_order', args, NOON_MONDAY, 'call-tool-1'),
      ]);
      const third = await run(call, 'place_order', args, NOON_MONDAY, 'call-tool-1');
      expect(second).toEqual(first);
      expect(third).toEqual(first);
      expect(await ordersOf(userId)).toHaveLength(1);
      const [order] = await ordersOf(userId);
      expect(await t.db.select().from(notifications).where(eq(notifications.orderId, order!.id))).toHaveLength(1);
    });

    it('a second place_order in the same call amends the order while it is new, and refuses once it is cooking', async () => {
      const { userId, call } = await restaurantWithCall();
      const first = await run(call, 'place_order', { items: [{ name: 'Horchata', quantity: 3 }] });
      const amended = await run(call, 'place_order', {
        items: [{ name: 'Horchata', quantity: 2 }, { name: 'Churro' }],
      });
      expect(amended.result).toMatch(/^Sorry, Churros is sold out today\./);
      const changed = await run(call, 'place_order', { items: [{ name: 'Horchata', quantity: 2 }] });
      expect(changed.result).toBe(
        'I have updated your order: 2 Horchata. The new total is $8.20. Your order number is still 1. It will be ready for pickup in about 15 minutes, around 12:15 PM.',
      );
      expect(changed.orderId).toBe(first.orderId);
      const all = await ordersOf(userId);
      expect(all).toHaveLength(1);
      expect(all[0]).toMatchObject({ totalCents: 820, quantity: 2 });

      await t.db.update(orders).set({ status: 'preparing' }).where(eq(orders.id, first.orderId!));
      const late = await run(call, 'place_order', { items: [{ name: 'Horchata', quantity: 5 }] });
      expect(late.result).toMatch(/already being prepared/);
      expect((await ordersOf(userId))[0]).toMatchObject({ totalCents: 820 });
    });

    it('matches dishes forgivingly: case, accents, plurals and a small typo (flagged as unsure)', async () => {
      const { userId, call } = await restaurantWithCall();
      const answer = await run(call, 'place_order', {
        items: [
          { name: 'CREME BRULEE', quantity: 1 },
          { name: 'carnitas burritos', quantity: 2 },
          { name: 'margarita pizza', quantity: 1 },
        ],
      });
      expect(answer.result).toMatch(/1 Crème Brûlée, 2 Carnitas Burrito and 1 Margherita Pizza/);
      const [order] = await ordersOf(userId);
      expect(order).toMatchObject({ needsReview: true, reviewReason: '"margarita pizza" taken as Margherita Pizza' });
    });

    it('flags an allergy mentioned in any language for review', async () => {
      const { userId, call } = await restaurantWithCall({ language: 'es' });
      await run(call, 'place_order', {
        items: [{ name: 'Horchata', quantity: 1, notes: 'soy alérgico a las nueces' }],
      });
      expect((await ordersOf(userId))[0]).toMatchObject({ needsReview: true, reviewReason: 'Allergy mentioned' });
    });

    it('takes a custom order when the restaurant allows it, flagged for review, and refuses it otherwise', async () => {
      const { userId, call } = await restaurantWithCall();
      const taken = await run(call, 'place_order', { custom_order_text: 'A birthday cake for 12, chocolate' });
      expect(taken.outcome).toBe('ordered');
      expect((await ordersOf(userId))[0]).toMatchObject({
        isCustomOrder: true,
        customOrderText: 'A birthday cake for 12, chocolate',
        totalCents: null,
        reviewReason: 'Custom request',
      });

      const other = await restaurantWithCall();
      await t.db
        .update(restaurantProfiles)
        .set({ allowCustomOrders: false })
        .where(eq(restaurantProfiles.id, other.userId));
      const refused = await run(other.call, 'place_order', { custom_order_text: 'A birthday cake' });
      expect(refused.result).toBe('I am sorry, we can only take orders for items on our menu.');
      expect(await ordersOf(other.userId)).toHaveLength(0);
    });

    it('orders from a withheld number are kept, flagged, and their text fails with the reason instead of being sent', async () => {
      const { userId, call } = await restaurantWithCall({ callerNumber: null });
      await run(call, 'place_order', { items: [{ name: 'Horchata', quantity: 1 }] });
      const [order] = await ordersOf(userId);
      expect(order).toMatchObject({ needsReview: true, reviewReason: 'Caller ID withheld: no number to text' });
      const [text] = await t.db.select().from(notifications).where(eq(notifications.orderId, order!.id));
      expect(text).toMatchObject({ status: 'failed' });
    });

    it('says the order’s number in the restaurant’s language; numbers follow on from the day’s other orders', async () => {
      const expected = {
        en: 'Your order is placed: 1 Horchata. The total is $4.10. Your order number is 3. It will be ready for pickup in about 15 minutes, around 12:15 PM. We will text you',
        es: 'Su pedido está hecho: 1 Horchata. El total es $4.10. Su número de pedido es el 3. Estará listo para recoger en unos 15 minutos, hacia las 12:15 p.m. Le enviaremos',
        fr: 'Votre commande est enregistrée : 1 Horchata. Le total est de $4.10. Votre numéro de commande est le 3. Elle sera prête à emporter dans environ 15 minutes, vers 12:15. Nous vous',
        zh: '您的订单已下：1份Horchata。总计$4.10。您的订单号是3号。大约15分钟后（12:15左右）可以取餐。开始制作时',
      } as const;
      for (const [language, sentence] of Object.entries(expected)) {
        const { userId, call } = await restaurantWithCall({ language: language as keyof typeof expected });
        // Two orders already taken today.
        for (let i = 0; i < 2; i++) {
          await t.db.transaction(async (tx) => {
            const number = await nextOrderNumber(tx, userId);
            await tx.insert(orders).values({ userId, item: 'Earlier order', phoneNumber: CALLER, ...number });
          });
        }
        const answer = await run(call, 'place_order', { items: [{ name: 'Horchata', quantity: 1 }] });
        expect(answer.result, language).toContain(sentence);
        expect(answer.orderNumber, language).toBe(3);
        expect((await ordersOf(userId)).find((o) => o.id === answer.orderId)?.dailyNumber).toBe(3);
      }
    });

    it('with automatic texts off: no confirmation text, and the assistant promises none', async () => {
      const { userId, call } = await restaurantWithCall();
      await t.db.update(botPreferences).set({ autoSmsEnabled: false }).where(eq(botPreferences.restaurantId, userId));
      const answer = await run(call, 'place_order', { customer_name: 'Dana', items: [{ name: 'Horchata' }] });
      expect(answer.result).toBe(
        'Thank you, Dana! Your order is placed: 1 Horchata. The total is $4.10. Your order number is 1. It will be ready for pickup in about 15 minutes, around 12:15 PM.',
      );
      const [order] = await ordersOf(userId);
      expect(await t.db.select().from(notifications).where(eq(notifications.orderId, order!.id))).toEqual([]);
    });

    it('a test call’s order is a simulator order', async () => {
      const { userId, call } = await restaurantWithCall({ kind: 'test' });
      await run(call, 'place_order', { items: [{ name: 'Horchata', quantity: 1 }] });
      expect((await ordersOf(userId))[0]).toMatchObject({ source: 'simulator' });
    });
  });

  describe('place_order refusals: a clear sentence, no order', () => {
    async function refusal(
      setup: (userId: string) => Promise<unknown>,
      args: Record<string, unknown>,
      now = NOON_MONDAY,
    ) {
      const ctx = await restaurantWithCall();
      await setup(ctx.userId);
      const answer = await run(ctx.call, 'place_order', args, now);
      expect(await ordersOf(ctx.userId)).toHaveLength(0);
      return { answer, call: await callRow(ctx.call.id) };
    }
    const burrito = { items: [{ name: 'Carnitas Burrito', quantity: 1 }] };
    const nothing = () => Promise.resolve();

    it('busy mode: the owner’s busy message', async () => {
      const { answer, call } = await refusal(
        (id) => t.db.update(botPreferences).set({ isBusyMode: true }).where(eq(botPreferences.restaurantId, id)),
        burrito,
      );
      expect(answer.result).toBe('We are slammed right now, please call back in twenty minutes.');
      expect(call.outcome).toBe('busy');
    });

    it('closed: says when it opens', async () => {
      const { answer, call } = await refusal(nothing, burrito, MONDAY_EVENING);
      expect(answer.result).toBe(
        'Sorry, we are closed right now, so I cannot take an order. We open tomorrow at 9:00 AM.',
      );
      expect(call.outcome).toBe('closed');
    });

    it('trial expired without a subscription: a polite refusal the owner sees as a missed call', async () => {
      const { answer, call } = await refusal(
        (id) =>
          t.db
            .update(restaurantProfiles)
            .set({ subscriptionStatus: 'trial', trialEndsAt: new Date('2026-11-01T00:00:00Z') })
            .where(eq(restaurantProfiles.id, id)),
        burrito,
      );
      expect(answer.result).toMatch(/^I am sorry, we cannot take phone orders at the moment\./);
      expect(call.outcome).toBe('expired');
    });

    it('a sold-out item is named as such, with alternatives', async () => {
      const { answer } = await refusal(nothing, { items: [{ name: 'churros', quantity: 2 }] });
      expect(answer.result).toBe('Sorry, Churros is sold out today. You could try Carnitas Burrito and Crème Brûlée.');
    });

    it('an unknown item: names the closest dishes', async () => {
      const { answer } = await refusal(nothing, { items: [{ name: 'Sushi platter', quantity: 1 }] });
      expect(answer.result).toMatch(/^I could not find Sushi platter on our menu\. Did you mean .+\?$/);
    });

    it('an absurd quantity, too many lines or too large a total', async () => {
      expect((await refusal(nothing, { items: [{ name: 'Horchata', quantity: 18_000 }] })).answer.result).toBe(
        'I can take at most 25 Horchata in one phone order. How many would you like?',
      );
      expect(
        (
          await refusal(nothing, {
            items: [
              { name: 'Horchata', quantity: 20 },
              { name: 'Horchata', quantity: 20 },
            ],
          })
        ).answer.result,
      ).toMatch(/^I can take at most 25 Horchata/);
      const lines = Array.from({ length: 21 }, () => ({ name: 'Horchata', quantity: 1 }));
      expect((await refusal(nothing, { items: lines })).answer.result).toBe(
        'I can take at most 20 different items in one phone order.',
      );
      const capped = await refusal(
        (id) => t.db.update(restaurantProfiles).set({ maxOrderTotalCents: 3000 }).where(eq(restaurantProfiles.id, id)),
        { items: [{ name: 'Margherita Pizza', quantity: 3 }] },
      );
      expect(capped.answer.result).toBe(
        'Phone orders are limited to $30.00. For a larger order, please speak to our staff.',
      );
    });

    it('arguments it cannot read, an empty order, or a zero quantity', async () => {
      expect((await refusal(nothing, { items: 'two pizzas' })).answer).toMatchObject({ isError: true });
      expect((await refusal(nothing, {})).answer.result).toBe('What would you like to order?');
      expect((await refusal(nothing, { items: [{ name: 'Horchata', quantity: 0 }] })).answer.result).toBe(
        'How many Horchata would you like?',
      );
    });
  });

  describe('get_order_status and transfer_to_staff', () => {
    it('finds the caller’s order by caller ID', async () => {
      const { call } = await restaurantWithCall();
      expect((await run(call, 'get_order_status')).result).toBe('I cannot find a recent order from this phone number.');
      // Placed while the restaurant is open (noon on a Monday); looked up against the real clock, since the order's
      // created_at is the database's own time.
      await run(call, 'place_order', { items: [{ name: 'Horchata', quantity: 1 }] }, NOON_MONDAY);
      expect((await run(call, 'get_order_status', {}, new Date())).result).toBe(
        'We have your order and the kitchen will start on it shortly.',
      );
    });

    it('transfers to the staff line when there is one, and says so when there is none', async () => {
      const { userId, call } = await restaurantWithCall();
      const none = await run(call, 'transfer_to_staff');
      expect(none.result).toBe(
        'I am sorry, nobody is available to take the call right now. I can help you with your order.',
      );
      expect(none.transferTo).toBeUndefined();
      await t.db
        .update(restaurantProfiles)
        .set({ forwardingPhone: '+14155550100' })
        .where(eq(restaurantProfiles.id, userId));
      const answer = await run(call, 'transfer_to_staff');
      expect(answer).toMatchObject({ transferTo: '+14155550100', outcome: 'transferred' });
      expect((await callRow(call.id)).outcome).toBe('transferred');
    });

    it('an unknown tool is answered, never thrown', async () => {
      const { call } = await restaurantWithCall();
      expect(await run(call, 'order_pizza_now')).toMatchObject({ isError: true });
    });
  });
});
