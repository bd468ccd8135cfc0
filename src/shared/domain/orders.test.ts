import { describe, expect, it } from 'vitest';
import {
  ORDER_STATUSES,
  PREP_TIME_OPTIONS,
  canTransition,
  isPrepTime,
  nextOrderStatus,
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
  it('has nothing after completed', () => {
    expect(nextOrderStatus('completed')).toBeNull();
    expect(nextOrderStatus('new')).toBe('preparing');
  });
});

describe('prep times', () => {
  it('offers 10, 15, 20 and 30 minutes only', () => {
    expect(PREP_TIME_OPTIONS).toEqual([10, 15, 20, 30]);
    expect(isPrepTime(15)).toBe(true);
    expect(isPrepTime(25)).toBe(false);
  });
});
