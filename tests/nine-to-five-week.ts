import type { DayHours } from '../src/shared/domain/hours';

/**
 * The spec's classic week, 09:00–17:00 with Sunday closed: the fixture the hours tests reason about (opening tomorrow,
 * skipping a closed Sunday). A new restaurant starts from defaultBusinessHours() instead, which is open every day.
 */
export function nineToFiveWeek(): DayHours[] {
  return [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
    dayOfWeek,
    openTime: '09:00:00',
    closeTime: '17:00:00',
    openTime2: null,
    closeTime2: null,
    isClosed: dayOfWeek === 0,
  }));
}
