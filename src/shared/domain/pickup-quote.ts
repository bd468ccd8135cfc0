import { openState, type DayHours } from './hours';
import { dayAt, instantAt, wallClockAt } from './zoned-time';

/**
 * When an order will be ready: the one rule behind every pickup time PickupLine quotes (the assistant on the phone
 * and on test calls, the customer's text, the board).
 */

/** "Orders the kitchen works on at once" until the owner sets it. */
export const DEFAULT_KITCHEN_CAPACITY = 3;
export const MIN_KITCHEN_CAPACITY = 1;
export const MAX_KITCHEN_CAPACITY = 20;

/** Quotes are rounded up to this many minutes: "about 25 minutes", not "about 23". */
export const QUOTE_STEP_MINUTES = 5;

/** How far ahead a caller may ask for a pickup time. */
export const SCHEDULE_HORIZON_MINUTES = 24 * 60;

const MINUTE_MS = 60_000;

/** An open order the kitchen still has to make (new or preparing), as the quote sees it. */
export interface KitchenOrder {
  status: 'new' | 'preparing';
  /** Its own preparation time in minutes (its slowest dish). */
  prepMinutes: number;
  /** A preparing order: when it is due (the prep time the kitchen set, counted from when it started). */
  dueAt?: number | null;
  /** A scheduled order: when the kitchen starts it (its pickup time less its preparation). */
  startAt?: number | null;
}

export interface KitchenState {
  /** How many orders the kitchen works on at once. */
  capacity: number;
  /** The open orders ahead, oldest first. */
  orders: readonly KitchenOrder[];
  /** Busy mode's delay: the minutes it still has to run, added to every quote. */
  busyDelayMinutes: number;
}

export interface PickupQuote {
  /** When the order will be ready, ms since the epoch. */
  readyAt: number;
  /** Whole minutes from now, a multiple of QUOTE_STEP_MINUTES. */
  minutes: number;
}

interface Job {
  earliestStart: number;
  minutes: number;
  sequence: number;
}

/**
 * The pickup time of an order placed at `now` whose own preparation takes `prepMinutes`: the kitchen works on
 * `capacity` orders at once; the orders being prepared hold their place until they are due, the new ones ahead take
 * the next free place in turn (a scheduled one not before its start), then this one, plus busy mode's delay, rounded
 * up to QUOTE_STEP_MINUTES. Never earlier than the order's own preparation time.
 */
export function quotePickup(kitchen: KitchenState, prepMinutes: number, now: number): PickupQuote {
  const capacity = Math.max(1, Math.floor(kitchen.capacity));
  const free = Array.from({ length: capacity }, () => now);
  const take = (earliestStart: number, minutes: number) => {
    let slot = 0;
    for (let i = 1; i < free.length; i++) if (free[i]! < free[slot]!) slot = i;
    const start = Math.max(free[slot]!, earliestStart);
    free[slot] = start + minutes * MINUTE_MS;
    return start;
  };
  // Orders in the kitchen first, soonest due first: each keeps its place until it is due.
  const preparing = kitchen.orders
    .filter((o) => o.status === 'preparing')
    .map((o) => Math.max(0, ((o.dueAt ?? now + o.prepMinutes * MINUTE_MS) - now) / MINUTE_MS))
    .sort((a, b) => a - b);
  for (const minutes of preparing) take(now, minutes);
  // Then the waiting ones in turn; a scheduled order waits for its start, so one starting later is not ahead of us.
  const waiting: Job[] = kitchen.orders
    .filter((o) => o.status === 'new')
    .map((o, sequence) => ({ earliestStart: Math.max(now, o.startAt ?? now), minutes: o.prepMinutes, sequence }))
    .filter((job) => job.earliestStart <= now)
    .sort((a, b) => a.earliestStart - b.earliestStart || a.sequence - b.sequence);
  for (const job of waiting) take(job.earliestStart, job.minutes);
  const own = Math.max(1, prepMinutes);
  const readyAt = take(now, own) + own * MINUTE_MS + Math.max(0, kitchen.busyDelayMinutes) * MINUTE_MS;
  const minutes = Math.max(own, Math.ceil((readyAt - now) / MINUTE_MS));
  const rounded = Math.ceil(minutes / QUOTE_STEP_MINUTES) * QUOTE_STEP_MINUTES;
  return { readyAt: now + rounded * MINUTE_MS, minutes: rounded };
}

/** When the kitchen starts a scheduled order: its pickup time less its own preparation. */
export function kitchenStartOf(pickupAt: number, prepMinutes: number): number {
  return pickupAt - prepMinutes * MINUTE_MS;
}

export type ScheduleCheck =
  | { ok: true; pickupAt: number; startAt: number }
  /**
   * `too_soon`: before the earliest time the kitchen can make it (in the past included); `closed`: the restaurant is
   * closed then (or the kitchen would have to start before it opens); `too_far`: more than a day ahead. `next` is the
   * first time from the one asked for that would do, or null when there is none within the day.
   */
  | { ok: false; reason: 'too_soon' | 'closed' | 'too_far'; next: number | null };

export interface ScheduleRequest {
  /** The pickup time asked for, ms since the epoch. */
  requested: number;
  /** The order's own preparation time. */
  prepMinutes: number;
  /** The quote for as soon as possible, from `quotePickup`. */
  quote: PickupQuote;
  hours: readonly DayHours[];
  timeZone: string;
  now: number;
}

/**
 * Whether an order can be ready at the time the caller asked for: not before the quote for as soon as possible, and
 * within opening hours, the kitchen starting it (pickup less preparation) while open and the pickup no later than
 * closing time, at most a day ahead.
 */
export function checkScheduledPickup(request: ScheduleRequest): ScheduleCheck {
  const { requested, prepMinutes, quote, now } = request;
  const pickupAt = Math.floor(requested / MINUTE_MS) * MINUTE_MS;
  const horizon = now + SCHEDULE_HORIZON_MINUTES * MINUTE_MS;
  if (pickupAt > horizon) return { ok: false, reason: 'too_far', next: null };
  if (pickupAt < quote.readyAt) {
    return { ok: false, reason: 'too_soon', next: nextPickupTime(request, quote.readyAt) };
  }
  if (!isServiceTime(request, pickupAt)) {
    return { ok: false, reason: 'closed', next: nextPickupTime(request, pickupAt) };
  }
  return { ok: true, pickupAt, startAt: kitchenStartOf(pickupAt, prepMinutes) };
}

/** Open when the kitchen starts it and still open the moment before the pickup (a pickup at closing time is fine). */
function isServiceTime({ hours, timeZone, prepMinutes }: ScheduleRequest, pickupAt: number): boolean {
  const start = kitchenStartOf(pickupAt, prepMinutes);
  return (
    openState(hours, timeZone, new Date(start)).isOpen && openState(hours, timeZone, new Date(pickupAt - 1)).isOpen
  );
}

/** The first pickup time from `from` (rounded up to the minute) that is within opening hours and the day ahead. */
function nextPickupTime(request: ScheduleRequest, from: number): number | null {
  const { hours, timeZone, prepMinutes, now } = request;
  const horizon = now + SCHEDULE_HORIZON_MINUTES * MINUTE_MS;
  let at = Math.ceil(from / MINUTE_MS) * MINUTE_MS;
  // Each turn jumps to the next opening (plus preparation) or past a closing: a week holds at most 14 of each.
  for (let turn = 0; turn < 40 && at <= horizon; turn++) {
    if (isServiceTime(request, at)) return at;
    const start = kitchenStartOf(at, prepMinutes);
    const state = openState(hours, timeZone, new Date(start));
    if (!state.isOpen) {
      if (!state.opensAt) return null;
      const opens = localInstant(timeZone, start, state.opensAt.daysAhead, state.opensAt.time);
      at = Math.max(at + MINUTE_MS, opens + prepMinutes * MINUTE_MS);
    } else {
      // Started while open but picked up after closing: from closing, the next turn finds the next opening.
      let closes = localInstant(timeZone, start, 0, state.closesAt);
      if (closes <= start) closes = localInstant(timeZone, start, 1, state.closesAt);
      at = Math.max(at + MINUTE_MS, closes + prepMinutes * MINUTE_MS);
    }
  }
  return null;
}

/** The instant of 'HH:MM:SS' on the local day `daysAhead` after the one `from` falls on. */
function localInstant(timeZone: string, from: number, daysAhead: number, time: string): number {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return instantAt(timeZone, dayAt(wallClockAt(from, timeZone), daysAhead, hour, minute));
}

/** How many whole days after `now`'s local date `at` falls, in the restaurant's zone (0 today, 1 tomorrow). */
export function localDaysAhead(at: number, now: number, timeZone: string): number {
  const a = wallClockAt(at, timeZone);
  const b = wallClockAt(now, timeZone);
  return Math.round((Date.UTC(a.year, a.month - 1, a.day) - Date.UTC(b.year, b.month - 1, b.day)) / 86_400_000);
}

/** Whether an order scheduled for later still waits: its kitchen start is ahead. */
export function isWaitingForStart(
  order: { scheduledFor: string | null; prepMinutes: number | null },
  now: number,
): boolean {
  if (!order.scheduledFor) return false;
  return kitchenStartOf(Date.parse(order.scheduledFor), order.prepMinutes ?? 0) > now;
}
