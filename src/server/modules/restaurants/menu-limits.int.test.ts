import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/test-app';
import { menuItems } from '../../db/schema';
import { MAX_MENU_ITEMS } from '@shared/contracts/restaurant';
import { MENU_ITEM_CREATION_LIMIT } from './menu.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const dishes = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ name: `Dish ${from + i}`, priceCents: 900 + i, category: null }));

async function countItems(ownerId: string) {
  const rows = await t.db.select({ id: menuItems.id }).from(menuItems).where(eq(menuItems.restaurantId, ownerId));
  return rows.length;
}

describe('how many dishes an account may add', () => {
  it(`takes ${MENU_ITEM_CREATION_LIMIT.limit} in ten minutes, then answers 429 with when to try again`, async () => {
    const { cookie, userId } = await t.signUp({ email: 'menu-flood@example.com' });
    const { limit } = MENU_ITEM_CREATION_LIMIT;
    for (let added = 0; added < limit - 1; added += 100) {
      const batch = await t.request('/api/menu-items/quick-add', {
        method: 'POST',
        cookie,
        json: { items: dishes(added, Math.min(100, limit - 1 - added)) },
      });
      expect(batch.status).toBe(201);
    }
    const last = await t.request('/api/menu-items', {
      method: 'POST',
      cookie,
      json: { name: 'The last one', priceCents: 1200, description: null, preparationTime: 15 },
    });
    expect(last.status).toBe(201);
    expect(await countItems(userId)).toBe(limit);

    const refused = await t.request('/api/menu-items', {
      method: 'POST',
      cookie,
      json: { name: 'One too many', priceCents: 1200, description: null, preparationTime: 15 },
    });
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(540);
    expect(wait).toBeLessThanOrEqual(600);
    expect(((await refused.json()) as { error: string }).error).toBe(
      `You have added 200 dishes in the last 10 minutes. Try again in ${Math.ceil(wait / 60)} minutes.`,
    );

    const pasted = await t.request('/api/menu-items/quick-add', {
      method: 'POST',
      cookie,
      json: { items: dishes(500, 3) },
    });
    expect(pasted.status).toBe(429);
    expect(await countItems(userId)).toBe(limit);
  });

  it('makes room as dishes age out of the window, for a paste as much as it needs', async () => {
    const { cookie, userId } = await t.signUp({ email: 'menu-ageing@example.com' });
    const { limit } = MENU_ITEM_CREATION_LIMIT;
    for (let added = 0; added < limit; added += 100) {
      const batch = await t.request('/api/menu-items/quick-add', {
        method: 'POST',
        cookie,
        json: { items: dishes(added, 100) },
      });
      expect(batch.status).toBe(201);
    }
    // The 150 oldest were added eleven minutes ago: 50 remain in the window.
    await t.db.execute(sql`
      update menu_items set created_at = created_at - interval '11 minutes'
      where id in (select id from menu_items where restaurant_id = ${userId} order by created_at limit 150)`);

    const roomAgain = await t.request('/api/menu-items/quick-add', {
      method: 'POST',
      cookie,
      json: { items: dishes(1000, 100) },
    });
    expect(roomAgain.status).toBe(201);
    const oneMore = await t.request('/api/menu-items/quick-add', {
      method: 'POST',
      cookie,
      json: { items: dishes(2000, 51) },
    });
    expect(oneMore.status).toBe(429);
    expect(Number(oneMore.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await countItems(userId)).toBe(limit + 100);
  });

  it('counts each account on its own', async () => {
    const { cookie } = await t.signUp({ email: 'menu-neighbour@example.com' });
    const response = await t.request('/api/menu-items/quick-add', {
      method: 'POST',
      cookie,
      json: { items: dishes(0, 100) },
    });
    expect(response.status).toBe(201);
  });

  it(`holds at most ${MAX_MENU_ITEMS} dishes, with a message that says so, and writes nothing past it`, async () => {
    const { cookie, userId } = await t.signUp({ email: 'menu-full@example.com' });
    // Filled over months, not minutes: written straight to the table, past the creation limit's window.
    const longAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
    await t.db.insert(menuItems).values(
      Array.from({ length: MAX_MENU_ITEMS }, (_, i) => ({
        restaurantId: userId,
        name: `Dish ${i}`,
        priceCents: 900,
        createdAt: longAgo,
      })),
    );
    const refused = await t.request('/api/menu-items', {
      method: 'POST',
      cookie,
      json: { name: 'One more', priceCents: 1200, description: null, preparationTime: 15 },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe(
      `A menu holds at most ${MAX_MENU_ITEMS} dishes, and this one has ${MAX_MENU_ITEMS}. Delete some before adding more.`,
    );
    const pasted = await t.request('/api/menu-items/quick-add', {
      method: 'POST',
      cookie,
      json: { items: dishes(0, 2) },
    });
    expect(pasted.status).toBe(400);
    expect(await countItems(userId)).toBe(MAX_MENU_ITEMS);
  });
});
