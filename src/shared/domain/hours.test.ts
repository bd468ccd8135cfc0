import { describe, expect, it } from 'vitest';
import { nineToFiveWeek } from '../../../tests/nine-to-five-week';
import {
  defaultBusinessHours,
  findOverlap,
  isOvernight,
  localClock,
  openState,
  periodsOf,
  type DayHours,
} from './hours';

// Monday 23 November 2026.
const week = nineToFiveWeek(); // 09:00–17:00, Sunday closed

describe('defaultBusinessHours', () => {
  it('starts a new restaurant at 11:00–21:00, open every day of the week', () => {
    const starting = defaultBusinessHours();
    expect(starting).toHaveLength(7);
    expect(starting.map((d) => d.dayOfWeek)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const day of starting) {
      expect(day).toEqual({
        dayOfWeek: day.dayOfWeek,
        openTime: '11:00:00',
        closeTime: '21:00:00',
        openTime2: null,
        closeTime2: null,
        isClosed: false,
      });
    }
    // Open for Friday dinner and on Sunday, when a 9-to-5 week would turn callers away.
    expect(openState(starting, 'UTC', new Date('2026-11-27T19:30:00Z')).isOpen).toBe(true);
    expect(openState(starting, 'UTC', new Date('2026-11-29T13:00:00Z')).isOpen).toBe(true);
  });
});

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
      dayOfWeek: 1,
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

/** The default week with some days changed. */
function weekWith(changes: Partial<Record<number, Partial<DayHours>>>): DayHours[] {
  return nineToFiveWeek().map((d) => ({ ...d, ...changes[d.dayOfWeek] }));
}

const NY = 'America/New_York'; // UTC-5 in late November

describe('openState across midnight', () => {
  // Friday 18:00–02:00; Saturday keeps 09:00–17:00.
  const lateFriday = weekWith({ 5: { openTime: '18:00:00', closeTime: '02:00:00' } });

  it('is open at 01:00 on Saturday because of Friday’s period, until 02:00', () => {
    expect(openState(lateFriday, NY, new Date('2026-11-28T06:00:00Z'))).toEqual({
      isOpen: true,
      closesAt: '02:00:00',
      dayOfWeek: 5,
    });
  });

  it('is open late on Friday evening, until 02:00', () => {
    expect(openState(lateFriday, NY, new Date('2026-11-28T04:00:00Z'))).toMatchObject({
      isOpen: true,
      closesAt: '02:00:00',
    });
  });

  it('is closed from 02:00 on Saturday, and opens at Saturday’s own opening', () => {
    for (const at of ['2026-11-28T07:00:00Z', '2026-11-28T08:00:00Z']) {
      expect(openState(lateFriday, NY, new Date(at))).toEqual({
        isOpen: false,
        opensAt: { dayOfWeek: 6, time: '09:00:00', daysAhead: 0 },
      });
    }
  });

  it('before Friday’s evening opening, opens later today', () => {
    expect(openState(lateFriday, NY, new Date('2026-11-27T22:30:00Z'))).toEqual({
      isOpen: false,
      opensAt: { dayOfWeek: 5, time: '18:00:00', daysAhead: 0 },
    });
  });

  it('reads a closing time of 00:00 as midnight', () => {
    const toMidnight = weekWith({ 1: { openTime: '17:00:00', closeTime: '00:00:00' } });
    expect(openState(toMidnight, NY, new Date('2026-11-24T04:59:00Z'))).toMatchObject({
      isOpen: true,
      closesAt: '00:00:00',
    });
    expect(openState(toMidnight, NY, new Date('2026-11-24T05:00:00Z'))).toMatchObject({ isOpen: false });
  });
});

describe('openState on a split day', () => {
  // Monday 11:00–14:00 and 17:00–22:00.
  const split = weekWith({
    1: { openTime: '11:00:00', closeTime: '14:00:00', openTime2: '17:00', closeTime2: '22:00' },
  });

  it('is open during lunch until 14:00, and during dinner until 22:00', () => {
    expect(openState(split, NY, new Date('2026-11-23T17:00:00Z'))).toEqual({
      isOpen: true,
      closesAt: '14:00:00',
      dayOfWeek: 1,
    });
    expect(openState(split, NY, new Date('2026-11-24T02:00:00Z'))).toEqual({
      isOpen: true,
      closesAt: '22:00:00',
      dayOfWeek: 1,
    });
  });

  it('between the periods, opens again today at 17:00', () => {
    expect(openState(split, NY, new Date('2026-11-23T20:00:00Z'))).toEqual({
      isOpen: false,
      opensAt: { dayOfWeek: 1, time: '17:00:00', daysAhead: 0 },
    });
  });

  it('after dinner, opens tomorrow', () => {
    expect(openState(split, NY, new Date('2026-11-24T04:00:00Z'))).toEqual({
      isOpen: false,
      opensAt: { dayOfWeek: 2, time: '09:00:00', daysAhead: 1 },
    });
  });

  it('takes the periods in time order whichever is entered first', () => {
    const dinnerFirst = weekWith({
      1: { openTime: '17:00:00', closeTime: '22:00:00', openTime2: '11:00:00', closeTime2: '14:00:00' },
    });
    expect(openState(dinnerFirst, NY, new Date('2026-11-23T15:00:00Z'))).toEqual({
      isOpen: false,
      opensAt: { dayOfWeek: 1, time: '11:00:00', daysAhead: 0 },
    });
    expect(openState(dinnerFirst, NY, new Date('2026-11-23T17:00:00Z'))).toMatchObject({ closesAt: '14:00:00' });
  });

  it('ignores a closed day’s second period', () => {
    const closedMonday = weekWith({ 1: { openTime2: '17:00:00', closeTime2: '22:00:00', isClosed: true } });
    expect(openState(closedMonday, NY, new Date('2026-11-24T01:00:00Z'))).toEqual({
      isOpen: false,
      opensAt: { dayOfWeek: 2, time: '09:00:00', daysAhead: 1 },
    });
  });

  it('periods that follow on without a gap close at the end of the last one', () => {
    const aroundMidnight = weekWith({
      1: { openTime: '00:00:00', closeTime: '12:00:00', openTime2: '12:00:00', closeTime2: '00:00:00' },
      2: { openTime: '00:00:00', closeTime: '06:00:00' },
    });
    expect(openState(aroundMidnight, NY, new Date('2026-11-23T15:00:00Z'))).toEqual({
      isOpen: true,
      closesAt: '06:00:00',
      dayOfWeek: 1,
    });
  });

  it('open around the clock all week: says when the current period ends', () => {
    const always = weekWith(
      Object.fromEntries(
        [0, 1, 2, 3, 4, 5, 6].map((d) => [
          d,
          {
            openTime: '00:00:00',
            closeTime: '12:00:00',
            openTime2: '12:00:00',
            closeTime2: '00:00:00',
            isClosed: false,
          },
        ]),
      ),
    );
    expect(openState(always, NY, new Date('2026-11-23T15:00:00Z'))).toEqual({
      isOpen: true,
      closesAt: '12:00:00',
      dayOfWeek: 1,
    });
  });
});

describe('openState on the days the clocks change in New York', () => {
  it('spring forward: Saturday 18:00–02:00 is open at 01:30 EST and closed at 03:00 EDT', () => {
    // Sunday 8 March 2026: 02:00 EST becomes 03:00 EDT.
    const lateSaturday = weekWith({ 6: { openTime: '18:00:00', closeTime: '02:00:00' } });
    expect(openState(lateSaturday, NY, new Date('2026-03-08T06:30:00Z'))).toEqual({
      isOpen: true,
      closesAt: '02:00:00',
      dayOfWeek: 6,
    });
    expect(openState(lateSaturday, NY, new Date('2026-03-08T07:00:00Z'))).toEqual({
      isOpen: false,
      opensAt: { dayOfWeek: 1, time: '09:00:00', daysAhead: 1 },
    });
  });

  it('spring forward: Sunday’s hours are read on the new clock', () => {
    const sunday = weekWith({ 0: { openTime: '10:00:00', closeTime: '16:00:00', isClosed: false } });
    // 14:30 UTC is 10:30 EDT (it would be 09:30 on the old clock).
    expect(openState(sunday, NY, new Date('2026-03-08T14:30:00Z'))).toMatchObject({
      isOpen: true,
      closesAt: '16:00:00',
    });
    // 13:30 UTC is 09:30 EDT: not yet.
    expect(openState(sunday, NY, new Date('2026-03-08T13:30:00Z'))).toEqual({
      isOpen: false,
      opensAt: { dayOfWeek: 0, time: '10:00:00', daysAhead: 0 },
    });
  });

  it('fall back: open through the repeated hour, closed at 02:00 on the second pass', () => {
    // Sunday 1 November 2026: 02:00 EDT becomes 01:00 EST.
    const lateSaturday = weekWith({ 6: { openTime: '18:00:00', closeTime: '02:00:00' } });
    for (const at of ['2026-11-01T05:30:00Z', '2026-11-01T06:30:00Z']) {
      expect(openState(lateSaturday, NY, new Date(at))).toMatchObject({ isOpen: true, closesAt: '02:00:00' });
    }
    expect(openState(lateSaturday, NY, new Date('2026-11-01T07:00:00Z'))).toMatchObject({ isOpen: false });
  });
});

describe('openState across the end of the week', () => {
  // Saturday 20:00–03:00, Sunday closed.
  const lateSaturday = weekWith({ 6: { openTime: '20:00:00', closeTime: '03:00:00' } });

  it('is open at 02:00 on Sunday because of Saturday night', () => {
    expect(openState(lateSaturday, NY, new Date('2026-11-29T07:00:00Z'))).toEqual({
      isOpen: true,
      closesAt: '03:00:00',
      dayOfWeek: 6,
    });
  });

  it('is closed at 03:00 on Sunday, and opens on Monday', () => {
    expect(openState(lateSaturday, NY, new Date('2026-11-29T08:00:00Z'))).toEqual({
      isOpen: false,
      opensAt: { dayOfWeek: 1, time: '09:00:00', daysAhead: 1 },
    });
  });

  it('on Saturday afternoon, opens at 20:00', () => {
    expect(openState(lateSaturday, NY, new Date('2026-11-28T20:00:00Z'))).toEqual({
      isOpen: false,
      opensAt: { dayOfWeek: 6, time: '20:00:00', daysAhead: 0 },
    });
  });

  it('with only Saturday night open, on Sunday after it closes, opens next Saturday', () => {
    const onlySaturday = lateSaturday.map((d) => ({ ...d, isClosed: d.dayOfWeek !== 6 }));
    expect(openState(onlySaturday, NY, new Date('2026-11-29T09:00:00Z'))).toEqual({
      isOpen: false,
      opensAt: { dayOfWeek: 6, time: '20:00:00', daysAhead: 6 },
    });
  });

  it('a day’s only period, once over, next opens a week later', () => {
    const onlyMonday = week.map((d) => ({ ...d, isClosed: d.dayOfWeek !== 1 }));
    expect(openState(onlyMonday, NY, new Date('2026-11-23T23:00:00Z'))).toEqual({
      isOpen: false,
      opensAt: { dayOfWeek: 1, time: '09:00:00', daysAhead: 7 },
    });
  });
});

describe('periods', () => {
  it('a close at or before the open is after midnight', () => {
    expect(isOvernight({ openTime: '18:00:00', closeTime: '02:00:00' })).toBe(true);
    expect(isOvernight({ openTime: '17:00:00', closeTime: '00:00:00' })).toBe(true);
    expect(isOvernight({ openTime: '09:00:00', closeTime: '17:00:00' })).toBe(false);
  });

  it('lists an open day’s periods by opening time, and none for a closed day', () => {
    const day: DayHours = {
      dayOfWeek: 1,
      openTime: '17:00:00',
      closeTime: '22:00:00',
      openTime2: '11:00:00',
      closeTime2: '14:00:00',
      isClosed: false,
    };
    expect(periodsOf(day)).toEqual([
      { openTime: '11:00:00', closeTime: '14:00:00' },
      { openTime: '17:00:00', closeTime: '22:00:00' },
    ]);
    expect(periodsOf({ ...day, openTime2: null, closeTime2: null })).toEqual([
      { openTime: '17:00:00', closeTime: '22:00:00' },
    ]);
    expect(periodsOf({ ...day, isClosed: true })).toEqual([]);
  });
});

describe('findOverlap', () => {
  it('finds none in a plain week, nor between periods that only touch', () => {
    expect(findOverlap(week)).toBeNull();
    expect(
      findOverlap(
        weekWith({ 1: { openTime: '11:00:00', closeTime: '14:00:00', openTime2: '14:00', closeTime2: '22:00' } }),
      ),
    ).toBeNull();
    // Friday until 02:00, Saturday from 09:00.
    expect(findOverlap(weekWith({ 5: { openTime: '18:00:00', closeTime: '02:00:00' } }))).toBeNull();
  });

  it('finds the two periods of one day that overlap', () => {
    const found = findOverlap(
      weekWith({ 1: { openTime: '11:00:00', closeTime: '15:00:00', openTime2: '14:00', closeTime2: '22:00' } }),
    );
    expect(found?.earlier).toMatchObject({ dayOfWeek: 1, period: 1 });
    expect(found?.later).toMatchObject({ dayOfWeek: 1, period: 2 });
  });

  it('finds a night running into the next day’s opening', () => {
    const found = findOverlap(weekWith({ 5: { openTime: '18:00:00', closeTime: '10:00:00' } }));
    expect(found?.earlier).toMatchObject({ dayOfWeek: 5, period: 1 });
    expect(found?.later).toMatchObject({ dayOfWeek: 6, period: 1 });
  });

  it('finds Saturday night running into Sunday’s opening', () => {
    const found = findOverlap(
      weekWith({ 0: { isClosed: false, openTime: '01:00:00' }, 6: { openTime: '20:00:00', closeTime: '03:00:00' } }),
    );
    expect(found?.earlier).toMatchObject({ dayOfWeek: 6, period: 1 });
    expect(found?.later).toMatchObject({ dayOfWeek: 0, period: 1 });
  });
});
