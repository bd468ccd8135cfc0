import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { MenuItem } from '@shared/contracts/restaurant';
import type { Database } from '../../db/client';
import { menuItems } from '../../db/schema';
import { listMenuItems } from './menu.service';

/** A restaurant's whole menu as it stood at one version: the same version is the same dishes, options and other names. */
export interface MenuSnapshot {
  version: string;
  items: readonly MenuItem[];
}

/**
 * The menu's version, computed without reading its options: a digest of every dish's id, last change and category.
 * Adding, changing or deleting a dish (each sets updated_at) or deleting its category (which empties category_id)
 * changes it. A scalar subquery of the restaurant id, so a caller may read it with other columns in one statement.
 */
export function menuVersionOf(restaurantId: SQL | SQLWrapper | string): SQL<string> {
  return sql<string>`(select count(*)::text || ':' || coalesce(md5(string_agg(
    ${menuItems.id}::text || '@' || ${menuItems.updatedAt}::text || '@' || coalesce(${menuItems.categoryId}::text, ''),
    ',' order by ${menuItems.id})), '') from ${menuItems} where ${menuItems.restaurantId} = ${restaurantId})`;
}

/**
 * Menus kept between requests, per database and restaurant: at most 200 restaurants, and at most about 64 MB of
 * option-heavy menus (a dish weighs its serialized size).
 */
const caches = new WeakMap<Database, LRUCache<string, MenuSnapshot>>();

function cacheOf(db: Database) {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache<string, MenuSnapshot>({
      max: 200,
      maxSize: 64 * 1024 * 1024,
      sizeCalculation: (snapshot) => Math.max(1, JSON.stringify(snapshot.items).length),
    });
    caches.set(db, cache);
  }
  return cache;
}

/**
 * The restaurant's menu at the version just read (with `menuVersionOf`), read in full only when the cache does not
 * hold that version. Every call turn and tool call needs the menu; a 500-dish menu with options is a megabyte of JSON,
 * while its version is one short value. The dishes returned are shared between requests: read them, never change them.
 */
export async function menuAtVersion(db: Database, restaurantId: string, version: string): Promise<MenuSnapshot> {
  const cache = cacheOf(db);
  const cached = cache.get(restaurantId);
  if (cached?.version === version) return cached;
  const items = await listMenuItems(db, restaurantId);
  // A change between the two reads gives dishes newer than the version: the next read sees another version and
  // reads again; nothing stale is kept.
  const snapshot = { version, items };
  cache.set(restaurantId, snapshot);
  return snapshot;
}
