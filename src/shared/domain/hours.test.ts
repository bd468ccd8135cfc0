import { describe, expect, it } from 'vitest';
import { defaultBusinessHours, localClock, openState } from './hours';

// Monday 23 November 2026.
const week = defaultBusinessHours(); // 09:00–17:00, Sunday closed

describe('localClock', () => {
  it('reads the day and time in the restaurant’s zone, not the server’s', () => {
    expect(localClock(new Date('2026-11-23T15:30:00Z'), 'America/New_York')).toEqual({
      dayOfWeek: 1,
      time: '10:30:00',
    });
    // 02:00 UTC on Monday is still Sunday evening in Los Angeles.
    expect(localClock(new Date('2026-11-23T02:00:00Z'), 'America/Los_Angeles')).toEqual({
      dayOfWeek: 0,
      time: '18:00:00',
    });
  });
});

describe('openState', () => {
  it('is open between opening and closing, and says when it closes', () => {
    expect(openState(week, 'America/New_York', new Date('2026-11-23T15:30:00Z'))).toEqual({
      isOpen: true,
      closesAt: '17:00:00',
    });
  });

  it('is closed from the closing minute on, and opens tomorrow morning', () => {
    expect(openState(week, 'America/New_York', new Date('2026-11-23T22:00:00Z'))).toEqual({
      isOpen: false,
      opensAt: { dayOfWeek: 2, time: '09:00:00', daysAhead: 1 },
    });
  });

  it('before opening, opens later today', () => {
    expect(openState(week, 'America/New_York', new Date('2026-11-23T12:00:00Z'))).toEqual({
      isOpen: false,
      opensAt: { dayOfWeek: 1, time: '09:00:00', daysAhead: 0 },
    });
  });

  it('skips a closed day: Saturday evening opens on Monday', () => {
    // Saturday 28 November, 20:00 in New York.
    expect(openState(week, 'America/New_York', new Date('2026-11-29T01:00:00Z'))).toEqual({
      isOpen: false,
      opensAt: { dayOfWeek: 1, time: '09:00:00', daysAhead: 2 },
    });
  });

  it('never opens when every day is closed', () => {
    const closed = week.map((d) => ({ ...d, isClosed: true }));
    expect(openState(closed, 'UTC', new Date('2026-11-23T12:00:00Z'))).toEqual({ isOpen: false, opensAt: null });
  });
});
