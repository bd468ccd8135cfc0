import type { Database } from '../src/server/db/client';
import { businessHours } from '../src/server/db/schema';

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
