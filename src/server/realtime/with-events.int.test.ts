import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '@shared/contracts/orders';
import type { DatabaseHandle } from '../db/client';
import { realtimeEvents, user } from '../db/schema';
import { createTestDatabase } from '../../../tests/test-database';
import type { StoredEvent } from './realtime-hub';
import { withEvents } from './with-events';

let database: DatabaseHandle;
const ownerId = randomUUID();
const busy: RealtimeEvent = { type: 'restaurant.updated', isBusyMode: true };

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(user).values({ id: ownerId, name: 'Owner', email: `${ownerId}@example.com` });
});
afterAll(() => database?.close());

/** A hub that records what it is asked to deliver, and when. */
function recordingHub() {
  const deliveries: { userId: string; events: StoredEvent[] }[] = [];
  return { deliveries, deliver: (userId: string, events: StoredEvent[]) => void deliveries.push({ userId, events }) };
}

const storedEvents = () =>
  database.db.select().from(realtimeEvents).where(eq(realtimeEvents.userId, ownerId)).orderBy(realtimeEvents.id);

describe('withEvents', () => {
  it('delivers a committed write’s events exactly once, after the commit, in the order recorded', async () => {
    const hub = recordingHub();
    const before = (await storedEvents()).length;
    let deliveredInsideTransaction = -1;
    const result = await withEvents(database.db, hub, async (_tx, events) => {
      await events.record(ownerId, busy);
      await events.record(ownerId, { type: 'resync' });
      deliveredInsideTransaction = hub.deliveries.length;
      return 'done';
    });

    expect(result).toBe('done');
    expect(deliveredInsideTransaction).toBe(0);
    expect(hub.deliveries.map((d) => d.events.map((e) => e.event))).toEqual([[busy], [{ type: 'resync' }]]);
    const stored = (await storedEvents()).slice(before);
    expect(hub.deliveries.flatMap((d) => d.events.map((e) => e.id))).toEqual(stored.map((row) => row.id));
  });

  it('delivers nothing, stores nothing and runs no after-commit work when the write throws', async () => {
    const hub = recordingHub();
    const before = (await storedEvents()).length;
    let afterCommitRan = false;
    await expect(
      withEvents(database.db, hub, async (_tx, events) => {
        await events.record(ownerId, busy);
        events.afterCommit(() => Promise.resolve((afterCommitRan = true)));
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');

    expect(hub.deliveries).toEqual([]);
    expect(afterCommitRan).toBe(false);
    expect(await storedEvents()).toHaveLength(before);
  });

  it('runs after-commit work once the events are delivered', async () => {
    const hub = recordingHub();
    const order: string[] = [];
    await withEvents(database.db, hub, async (_tx, events) => {
      await events.record(ownerId, busy);
      events.afterCommit(() => Promise.resolve(order.push(`after commit, ${hub.deliveries.length} delivered`)));
    });
    expect(order).toEqual(['after commit, 1 delivered']);
  });
});
