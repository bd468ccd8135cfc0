import { eq, sql } from 'drizzle-orm';
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
 * The menu's version, read without its options: a digest of every dish's id, last change and category. Adding,
 * changing or deleting a dish (each sets updated_at) or deleting its category (which empties category_id) changes it.
 */
function readVersion(db: Database, restaurantId: string): Promise<{ version: string }[]> {
  return db
    .select({
      version: sql<string>`count(*)::text || ':' || coalesce(md5(string_agg(
        ${menuItems.id}::text || '@' || ${menuItems.updatedAt}::text || '@' || coalesce(${menuItems.categoryId}::text, ''),
        ',' order by ${menuItems.id})), '')`,
    })
    .from(menuItems)
    .where(eq(menuItems.restaurantId, restaurantId));
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
 * The restaurant's menu, read in full only when it changed since the last read. Every call turn and tool call needs the
 * menu; a 500-dish menu with options is a megabyte of JSON, while its version is one short row. The dishes returned are
 * shared between requests: read them, never change them.
 */
export async function menuSnapshot(db: Database, restaurantId: string): Promise<MenuSnapshot> {
  const cache = cacheOf(db);
  const [row] = await readVersion(db, restaurantId);
  const version = row?.version ?? '0:';
  const cached = cache.get(restaurantId);
  if (cached?.version === version) return cached;
  const items = await listMenuItems(db, restaurantId);
  // A change between the two reads gives dishes newer than the version: the next read sees another version and
  // reads again; nothing stale is kept.
  const snapshot = { version, items };
  cache.set(restaurantId, snapshot);
  return snapshot;
}
