import { describe, expect, it } from 'vitest';
import type { DayHours } from './hours';
import {
  checkScheduledPickup,
  isWaitingForStart,
  kitchenStartOf,
  localDaysAhead,
  quotePickup,
  type KitchenOrder,
  type KitchenState,
} from './pickup-quote';
import { instantAt, wallClockAt } from './zoned-time';

const MIN = 60_000;
const LA = 'America/Los_Angeles';
// Friday 27 November 2026, 17:00 in Los Angeles (UTC−8).
const now = Date.UTC(2026, 10, 28, 1, 0);

const kitchen = (orders: KitchenOrder[], capacity = 3, busyDelayMinutes = 0): KitchenState => ({
  capacity,
  orders,
  busyDelayMinutes,
});
const waiting = (count: number, prepMinutes = 15): KitchenOrder[] =>
  Array.from({ length: count }, () => ({ status: 'new', prepMinutes }));

describe('quotePickup', () => {
  it("quotes the dish's own time when nothing is ahead", () => {
    expect(quotePickup(kitchen([]), 15, now)).toEqual({ readyAt: now + 15 * MIN, minutes: 15 });
  });

  it('rounds up to five minutes, never below the dish', () => {
    expect(quotePickup(kitchen([]), 12, now).minutes).toBe(15);
    expect(quotePickup(kitchen([]), 1, now).minutes).toBe(5);
  });

  it('lets the kitchen work on its capacity at once', () => {
    // Two ahead, three places: this order starts at once.
    expect(quotePickup(kitchen(waiting(2)), 15, now).minutes).toBe(15);
    // Three ahead fill every place: this one starts when the first is done.
    expect(quotePickup(kitchen(waiting(3)), 15, now).minutes).toBe(30);
  });

  it('counts five and twenty orders ahead in rounds of the capacity', () => {
    // 5 ahead on 3 places: rounds of 15 minutes; the 6th order starts after one round.
    expect(quotePickup(kitchen(waiting(5)), 15, now).minutes).toBe(30);
    // 20 ahead: the 21st order starts in the 7th round (after 6 × 15 minutes).
    expect(quotePickup(kitchen(waiting(20)), 15, now).minutes).toBe(7 * 15);
    // One place only: every order ahead is made before this one.
    expect(quotePickup(kitchen(waiting(5, 10), 1), 10, now).minutes).toBe(60);
  });

  it('counts what is left of the orders being prepared', () => {
    const preparing: KitchenOrder[] = [
      { status: 'preparing', prepMinutes: 20, dueAt: now + 4 * MIN },
      { status: 'preparing', prepMinutes: 20, dueAt: now + 8 * MIN },
      { status: 'preparing', prepMinutes: 20, dueAt: now + 12 * MIN },
    ];
    // The first place frees up in 4 minutes: 4 + 15 = 19, rounded up to 20.
    expect(quotePickup(kitchen(preparing), 15, now).minutes).toBe(20);
    // A late order holds its place no longer than now.
    const late: KitchenOrder[] = preparing.map((o) => ({ ...o, dueAt: now - 5 * MIN }));
    expect(quotePickup(kitchen(late), 15, now).minutes).toBe(15);
  });

  it('adds busy mode’s delay', () => {
    expect(quotePickup(kitchen([], 3, 20), 15, now).minutes).toBe(35);
    expect(quotePickup(kitchen(waiting(5), 3, 30), 15, now).minutes).toBe(60);
  });

  it('leaves out scheduled orders that start after this one', () => {
    const later: KitchenOrder[] = waiting(3).map((o) => ({ ...o, startAt: now + 60 * MIN }));
    expect(quotePickup(kitchen(later), 15, now).minutes).toBe(15);
    const due: KitchenOrder[] = waiting(3).map((o) => ({ ...o, startAt: now - MIN }));
    expect(quotePickup(kitchen(due), 15, now).minutes).toBe(30);
  });

  it('never quotes earlier than the dish, whatever the capacity', () => {
    for (const capacity of [1, 3, 20, 0]) {
      for (const ahead of [0, 5, 20]) {
        const quote = quotePickup(kitchen(waiting(ahead, 10), capacity), 25, now);
        expect(quote.minutes).toBeGreaterThanOrEqual(25);
        expect(quote.readyAt).toBe(now + quote.minutes * MIN);
      }
    }
  });
});

const every = (open: string, close: string): DayHours[] =>
  [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, openTime: open, closeTime: close, isClosed: false }));

const la = (day: number, hour: number, minute = 0) => instantAt(LA, { year: 2026, month: 11, day, hour, minute });

describe('checkScheduledPickup', () => {
  const quote = quotePickup(kitchen([]), 15, now); // 17:15
  const base = { prepMinutes: 15, quote, hours: every('11:00', '22:00'), timeZone: LA, now };

  it('takes a later time within opening hours', () => {
    expect(checkScheduledPickup({ ...base, requested: la(27, 19) })).toEqual({
      ok: true,
      pickupAt: la(27, 19),
      startAt: la(27, 18, 45),
    });
  });

  it('refuses a time before the quote, naming the quote', () => {
    expect(checkScheduledPickup({ ...base, requested: la(27, 17, 5) })).toEqual({
      ok: false,
      reason: 'too_soon',
      next: la(27, 17, 15),
    });
    expect(checkScheduledPickup({ ...base, requested: la(27, 16) })).toMatchObject({ reason: 'too_soon' });
  });

  it('takes closing time itself and refuses after it, naming the next opening plus preparation', () => {
    expect(checkScheduledPickup({ ...base, requested: la(27, 22) })).toMatchObject({ ok: true });
    expect(checkScheduledPickup({ ...base, requested: la(27, 22, 1) })).toEqual({
      ok: false,
      reason: 'closed',
      next: la(28, 11, 15),
    });
  });

  it('runs across midnight when the hours do', () => {
    const hours = every('18:00', '02:00');
    const late = la(27, 23, 30);
    const lateQuote = quotePickup(kitchen([]), 15, late);
    const request = { ...base, hours, now: late, quote: lateQuote };
    expect(checkScheduledPickup({ ...request, requested: la(28, 1) })).toMatchObject({ ok: true, pickupAt: la(28, 1) });
    expect(checkScheduledPickup({ ...request, requested: la(28, 2) })).toMatchObject({ ok: true });
    expect(checkScheduledPickup({ ...request, requested: la(28, 2, 30) })).toEqual({
      ok: false,
      reason: 'closed',
      next: la(28, 18, 15),
    });
  });

  it('refuses more than a day ahead', () => {
    expect(checkScheduledPickup({ ...base, requested: la(29, 12) })).toEqual({
      ok: false,
      reason: 'too_far',
      next: null,
    });
  });
});

describe('time zone helpers', () => {
  it('reads the wall clock and back across a change of offset', () => {
    // 1 November 2026 01:30 happens twice in Los Angeles; the first one is taken.
    const first = instantAt(LA, { year: 2026, month: 11, day: 1, hour: 1, minute: 30 });
    expect(new Date(first).toISOString()).toBe('2026-11-01T08:30:00.000Z');
    expect(wallClockAt(first, LA)).toEqual({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 });
    expect(localDaysAhead(la(28, 1), la(27, 23), LA)).toBe(1);
  });

  it('knows when a scheduled order waits for its start', () => {
    const pickup = la(27, 19);
    expect(kitchenStartOf(pickup, 20)).toBe(la(27, 18, 40));
    const order = { scheduledFor: new Date(pickup).toISOString(), prepMinutes: 20 };
    expect(isWaitingForStart(order, la(27, 18, 39))).toBe(true);
    expect(isWaitingForStart(order, la(27, 18, 40))).toBe(false);
    expect(isWaitingForStart({ scheduledFor: null, prepMinutes: 20 }, now)).toBe(false);
  });
});
