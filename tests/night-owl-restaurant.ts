import { expect } from 'vitest';
import { localClock } from '../src/shared/domain/hours';
import type { TestApp } from './test-app';

/**
 * A restaurant whose hours run past midnight, for tests of split and overnight hours: Night Owl Noodles in New York,
 * Friday 11:00–14:00 and 18:00–02:00, Saturday 12:00–15:00 and 17:00–23:00, other days 09:00–17:00, Sunday closed.
 */
export const NIGHT_OWL_TIME_ZONE = 'America/New_York';

/**
 * The Saturday nearest to now (within three and a half days, so the owner's trial and session still hold) at the
 * given hour in New York. New York's offset is whole hours, so stepping hour by hour finds it.
 */
export function nearestSaturdayAt(hour: number, now = new Date()): Date {
  const start = new Date(now);
  start.setUTCMinutes(0, 0, 0);
  const candidates: Date[] = [];
  for (let h = -7 * 24; h <= 7 * 24; h++) {
    const at = new Date(start.getTime() + h * 3_600_000);
    const clock = localClock(at, NIGHT_OWL_TIME_ZONE);
    if (clock.dayOfWeek === 6 && clock.time === `${String(hour).padStart(2, '0')}:00:00`) candidates.push(at);
  }
  return candidates.sort((a, b) => Math.abs(a.getTime() - now.getTime()) - Math.abs(b.getTime() - now.getTime()))[0]!;
}

/** Sets the signed-in owner's restaurant up as Night Owl Noodles, with one dish: Dan Dan Noodles at $14.00. */
export async function setUpNightOwlRestaurant(t: TestApp, cookie: string, { dishAliases = [] as string[] } = {}) {
  const put = async (path: string, json: unknown) => {
    const response = await t.request(path, { method: 'PUT', cookie, json });
    expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  };
  await put('/api/restaurant', {
    restaurantName: 'Night Owl Noodles',
    phoneNumber: '(415) 555-0177',
    address: '5 Late Street, New York',
    timezone: NIGHT_OWL_TIME_ZONE,
  });
  await put('/api/restaurant/hours', {
    hours: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) =>
      dayOfWeek === 5
        ? { dayOfWeek, openTime: '11:00', closeTime: '14:00', openTime2: '18:00', closeTime2: '02:00', isClosed: false }
        : dayOfWeek === 6
          ? {
              dayOfWeek,
              openTime: '12:00',
              closeTime: '15:00',
              openTime2: '17:00',
              closeTime2: '23:00',
              isClosed: false,
            }
          : { dayOfWeek, openTime: '09:00', closeTime: '17:00', isClosed: dayOfWeek === 0 },
    ),
  });
  const dish = await t.request('/api/menu-items', {
    method: 'POST',
    cookie,
    json: { name: 'Dan Dan Noodles', aliases: dishAliases, priceCents: 1400, isAvailable: true },
  });
  expect(dish.status).toBe(201);
}
