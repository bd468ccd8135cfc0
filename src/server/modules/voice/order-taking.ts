import { openState } from '@shared/domain/hours';
import { speakDay, speakTime, tidyStops, type Phrases } from '../language/speech';
import type { CallContext } from './call-context';

/**
 * Whether the assistant may take an order now, in the one order every path checks it: a plan that has ended, then
 * busy mode, then the opening hours. The phone tools and the built-in assistant both ask here.
 */
export type OrderRefusal = { outcome: 'expired' | 'busy' | 'closed'; result: string };

/** When the restaurant opens next, as the assistant says it ("tomorrow at 11 AM"), or null while it is open. */
export function nextOpening(ctx: CallContext, say: Phrases, now: Date): string | null {
  const state = openState(ctx.hours, ctx.timeZone, now);
  if (state.isOpen || !state.opensAt) return null;
  const { daysAhead, dayOfWeek, time } = state.opensAt;
  return say.when(daysAhead, speakDay(ctx.language, dayOfWeek), speakTime(ctx.language, time));
}

export function orderRefusal(ctx: CallContext, say: Phrases, now: Date): OrderRefusal | null {
  if (!ctx.canTakeOrders) return { outcome: 'expired', result: say.expiredRefusal };
  if (ctx.isBusyMode) return { outcome: 'busy', result: ctx.busyMessage };
  if (openState(ctx.hours, ctx.timeZone, now).isOpen) return null;
  return { outcome: 'closed', result: tidyStops(say.closedRefusal(nextOpening(ctx, say, now))) };
}
