import { describe, expect, it } from 'vitest';
import {
  ORDER_STATUSES,
  PREP_TIME_OPTIONS,
  canCancel,
  canTransition,
  cancelReasonsFor,
  compareQueueOrder,
  formatOrderNumber,
  isPrepTime,
  nextOrderStatus,
  prepTiming,
  previousOrderStatus,
} from './orders';

describe('order status transitions', () => {
  it('allows exactly new → preparing → ready → completed', () => {
    const allowed = ORDER_STATUSES.flatMap((from) =>
      ORDER_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed).toEqual(['new→preparing', 'preparing→ready', 'ready→completed']);
  });
  it('knows the one status each move starts from', () => {
    expect(previousOrderStatus('preparing')).toBe('new');
    expect(previousOrderStatus('ready')).toBe('preparing');
    expect(previousOrderStatus('completed')).toBe('ready');
    expect(previousOrderStatus('new')).toBeNull();
  });
  it('has nothing after completed or cancelled', () => {
    expect(nextOrderStatus('completed')).toBeNull();
    expect(nextOrderStatus('cancelled')).toBeNull();
    expect(nextOrderStatus('new')).toBe('preparing');
  });
});

describe('cancelling', () => {
  it('is possible from new, preparing and ready only; a no-show only from ready', () => {
    expect(ORDER_STATUSES.filter(canCancel)).toEqual(['new', 'preparing', 'ready']);
    expect(cancelReasonsFor('new')).toEqual(['customer_cancelled', 'duplicate', 'kitchen_unable']);
    expect(cancelReasonsFor('preparing')).toEqual(['customer_cancelled', 'duplicate', 'kitchen_unable']);
    expect(cancelReasonsFor('ready')).toEqual(['customer_cancelled', 'duplicate', 'kitchen_unable', 'no_show']);
    expect(cancelReasonsFor('completed')).toEqual([]);
    expect(cancelReasonsFor('cancelled')).toEqual([]);
  });
});

describe('queue order', () => {
  const o = (id: string, status: (typeof ORDER_STATUSES)[number], minute: number) => ({
    id,
    status,
    createdAt: `2026-11-21T12:${String(minute).padStart(2, '0')}:00.000Z`,
  });

  it('new, preparing, ready oldest first, then the finished ones newest first', () => {
    const orders = [
      o('done-early', 'completed', 1),
      o('ready', 'ready', 9),
      o('new-late', 'new', 8),
      o('cancelled-late', 'cancelled', 7),
      o('new-early', 'new', 2),
      o('preparing', 'preparing', 5),
    ];
    expect([...orders].sort(compareQueueOrder).map((x) => x.id)).toEqual([
      'new-early',
      'new-late',
      'preparing',
      'ready',
      'cancelled-late',
      'done-early',
    ]);
  });

  it('breaks ties by id, the same way as the server', () => {
    expect([o('b', 'new', 1), o('a', 'new', 1)].sort(compareQueueOrder).map((x) => x.id)).toEqual(['a', 'b']);
    expect([o('a', 'completed', 1), o('b', 'completed', 1)].sort(compareQueueOrder).map((x) => x.id)).toEqual([
      'b',
      'a',
    ]);
  });
});

describe('order numbers and prep timing', () => {
  it('writes the number as said at the counter', () => {
    expect(formatOrderNumber(12)).toBe('#12');
    expect(formatOrderNumber(null)).toBe('');
  });

  it('counts down whole minutes, nearly due under 2 minutes, late after the ready-around time', () => {
    const since = Date.parse('2026-11-21T12:00:00Z');
    const at = (minutes: number) => since + minutes * 60_000;
    expect(prepTiming(since, 10, at(0))).toEqual({ state: 'on_time', readyAt: at(10), minutesLeft: 10 });
    expect(prepTiming(since, 10, at(8))).toMatchObject({ state: 'on_time', minutesLeft: 2 });
    expect(prepTiming(since, 10, at(8.01))).toMatchObject({ state: 'due_soon', minutesLeft: 1 });
    expect(prepTiming(since, 10, at(9.9))).toMatchObject({ state: 'due_soon', minutesLeft: 0 });
    expect(prepTiming(since, 10, at(10))).toMatchObject({ state: 'due_soon', minutesLeft: 0 });
    expect(prepTiming(since, 10, at(10.1))).toMatchObject({ state: 'late', minutesLate: 1 });
    expect(prepTiming(since, 10, at(14))).toMatchObject({ state: 'late', minutesLate: 4 });
  });
});

describe('prep times', () => {
  it('offers 10, 15, 20 and 30 minutes only', () => {
    expect(PREP_TIME_OPTIONS).toEqual([10, 15, 20, 30]);
    expect(isPrepTime(15)).toBe(true);
    expect(isPrepTime(25)).toBe(false);
  });
});
