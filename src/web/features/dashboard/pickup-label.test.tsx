import { describe, expect, it } from 'vitest';
import { restaurantClock } from '@web/lib/relative-time';
import { testOrder } from './dashboard-test-kit';
import { pickupLabel } from './pickup-label';

const clock = restaurantClock('America/Los_Angeles');
// Friday 27 November 2026, 5:00 PM in Los Angeles.
const now = Date.parse('2026-11-28T01:00:00Z');

describe('pickupLabel', () => {
  it('says a scheduled order’s time on the restaurant’s clock, with its day when not today', () => {
    const tonight = testOrder({ scheduledFor: '2026-11-28T03:00:00Z', quotedReadyAt: '2026-11-28T03:00:00Z' });
    expect(pickupLabel(tonight, clock, now)).toMatch(/^Scheduled for 7:00 PM( PST)?$/);
    const tomorrow = testOrder({ scheduledFor: '2026-11-28T19:15:00Z' });
    expect(pickupLabel(tomorrow, clock, now)).toMatch(/^Scheduled for Nov 28, 11:15 AM( PST)?$/);
  });

  it('says the quote of an order wanted as soon as possible, until the kitchen sets its own time', () => {
    const order = testOrder({ quotedReadyAt: '2026-11-28T01:40:00Z' });
    expect(pickupLabel(order, clock, now)).toMatch(/^Quoted around 5:40 PM( PST)?$/);
    expect(pickupLabel({ ...order, status: 'preparing' }, clock, now)).toBeNull();
    expect(pickupLabel(testOrder(), clock, now)).toBeNull();
  });
});
