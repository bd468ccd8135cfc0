import { DEFAULT_MENU_PREP_MINUTES } from '@shared/domain/orders';
import { checkScheduledPickup, quotePickup } from '@shared/domain/pickup-quote';
import { speakPickup } from '../pickup-time/spoken-pickup';
import type { Phrases } from '../language/speech';
import { kitchenOf, type CallContext } from './call-context';

export type Pickup =
  | {
      ok: true;
      /** The order's own preparation time: its slowest dish's. */
      prepMinutes: number;
      readyAt: number;
      /** The time the caller asked for, when they did; null for as soon as possible. */
      scheduledFor: number | null;
      /** What the caller hears about it. */
      sentence: string;
    }
  | { ok: false; refusal: string };

/** An order's own preparation time: its slowest dish's, or the usual 15 minutes for a special request alone. */
export function prepMinutesOf(ctx: Pick<CallContext, 'menu'>, menuItemIds: readonly string[]): number {
  const prepOf = (id: string) => ctx.menu.find((m) => m.id === id)?.preparationTime ?? DEFAULT_MENU_PREP_MINUTES;
  return menuItemIds.length > 0 ? Math.max(...menuItemIds.map(prepOf)) : DEFAULT_MENU_PREP_MINUTES;
}

/**
 * When an order will be ready, for the phone tools and the built-in assistant alike: as soon as the kitchen's queue
 * allows (`quotePickup`), or at the later time the caller asked for when the kitchen can keep it and the restaurant
 * is open then (`checkScheduledPickup`); otherwise a refusal naming the time that would do. `callId`'s own order, if
 * it has one already, is not ahead of itself.
 */
export function decidePickup(
  ctx: Pick<CallContext, 'kitchen' | 'hours' | 'timeZone' | 'language'>,
  say: Phrases,
  {
    prepMinutes,
    requested,
    callId,
    now,
  }: { prepMinutes: number; requested: number | null; callId?: string; now: number },
): Pickup {
  const kitchen = kitchenOf(ctx);
  const ahead = { ...kitchen, orders: kitchen.orders.filter((o) => !callId || o.callId !== callId) };
  const quote = quotePickup(ahead, prepMinutes, now);
  const spoken = (at: number) => speakPickup(ctx.language, at, now, ctx.timeZone);
  if (requested === null) {
    const sentence = say.pickupAround(quote.minutes, spoken(quote.readyAt).time);
    return { ok: true, prepMinutes, readyAt: quote.readyAt, scheduledFor: null, sentence };
  }
  const check = checkScheduledPickup({ requested, prepMinutes, quote, hours: ctx.hours, timeZone: ctx.timeZone, now });
  if (!check.ok) {
    if (check.reason === 'too_far') return { ok: false, refusal: say.pickupTooFar };
    if (check.next === null) return { ok: false, refusal: say.pickupClosed(null) };
    const next = spoken(check.next).when;
    return { ok: false, refusal: check.reason === 'too_soon' ? say.pickupTooSoon(next) : say.pickupClosed(next) };
  }
  const sentence = say.pickupAt(spoken(check.pickupAt).when);
  return { ok: true, prepMinutes, readyAt: check.pickupAt, scheduledFor: check.pickupAt, sentence };
}
