import type { Database } from '../src/server/db/client';
import { businessHours } from '../src/server/db/schema';
import { nineToFiveWeek } from './nine-to-five-week';

/**
 * Opens the restaurant around the clock, every day (or closes it every day), written straight to the database: the
 * assistant's tools check the real time, so a test that is not about hours must not depend on when it runs.
 */
export async function openAroundTheClock(db: Database, restaurantId: string, { closed = false } = {}) {
  await db.insert(businessHours).values(
    [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
      restaurantId,
      dayOfWeek,
      openTime: '00:00',
      closeTime: '24:00',
      isClosed: closed,
    })),
  );
}

/** Saves the classic week (nineToFiveWeek) for a restaurant, written straight to the database. */
export async function keepNineToFive(db: Database, restaurantId: string) {
  await db.insert(businessHours).values(nineToFiveWeek().map((day) => ({ ...day, restaurantId })));
}
