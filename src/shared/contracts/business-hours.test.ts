import { describe, expect, it } from 'vitest';
import { businessHoursSchema } from './restaurant';

const day = (dayOfWeek: number, times: Record<string, unknown> = {}) => ({
  dayOfWeek,
  openTime: '09:00',
  closeTime: '17:00',
  isClosed: false,
  ...times,
});
const week = (changes: Record<number, Record<string, unknown>> = {}) =>
  [0, 1, 2, 3, 4, 5, 6].map((d) => day(d, changes[d]));

function firstProblem(hours: unknown) {
  const parsed = businessHoursSchema.safeParse({ hours });
  if (parsed.success) return null;
  const [issue] = parsed.error.issues;
  return { path: issue!.path.join('.'), message: issue!.message };
}

describe('businessHoursSchema', () => {
  it('takes a week without second periods, as older clients send it, and gives each day none', () => {
    const parsed = businessHoursSchema.parse({ hours: week() });
    expect(parsed.hours[1]).toEqual({
      dayOfWeek: 1,
      openTime: '09:00:00',
      closeTime: '17:00:00',
      openTime2: null,
      closeTime2: null,
      isClosed: false,
    });
  });

  it('takes a restaurant open around the clock as two touching periods a day', () => {
    const allDay = { openTime: '00:00', closeTime: '12:00', openTime2: '12:00', closeTime2: '00:00' };
    const everyDay = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [d, allDay]));
    expect(firstProblem(week(everyDay))).toBeNull();
  });

  it('drops half a second period on a closed day, and refuses it on an open one', () => {
    const parsed = businessHoursSchema.parse({ hours: week({ 0: { isClosed: true, openTime2: '18:00' } }) });
    expect(parsed.hours[0]).toMatchObject({ isClosed: true, openTime2: null, closeTime2: null });
    expect(firstProblem(week({ 2: { openTime2: '18:00', closeTime2: '' } }))).toEqual({
      path: 'hours.2.closeTime2',
      message: 'Add a closing time for the second period',
    });
  });

  it('names the later period of an overlap, counting Saturday night against Sunday morning', () => {
    expect(firstProblem(week({ 3: { closeTime: '12:00', openTime2: '11:00', closeTime2: '15:00' } }))).toEqual({
      path: 'hours.3.openTime2',
      message: 'The two periods overlap',
    });
    // The second period entered first in time: the one that starts later is named.
    expect(
      firstProblem(week({ 3: { openTime: '12:00', closeTime: '20:00', openTime2: '08:00', closeTime2: '13:00' } })),
    ).toEqual({
      path: 'hours.3.openTime',
      message: 'The two periods overlap',
    });
    expect(firstProblem(week({ 6: { openTime: '20:00', closeTime: '09:30' } }))).toEqual({
      path: 'hours.0.openTime',
      message: "Overlaps Saturday's hours, which run until 09:30",
    });
  });
});
