import { and, asc, eq } from 'drizzle-orm';
import type { MenuItem } from '@shared/contracts/restaurant';
import type { Cents } from '@shared/domain/money';
import type { Database } from '../../db/client';
import { menuItems } from '../../db/schema';
import { notFound } from '../../http/errors';

type MenuItemValues = {
  name: string;
  aliases?: string[];
  description: string | null;
  priceCents: Cents;
  preparationTime: number;
  isAvailable?: boolean;
};

const columns = {
  id: menuItems.id,
  name: menuItems.name,
  aliases: menuItems.aliases,
  description: menuItems.description,
  priceCents: menuItems.priceCents,
  preparationTime: menuItems.preparationTime,
  isAvailable: menuItems.isAvailable,
};

export function listMenuItems(db: Database, ownerId: string): Promise<MenuItem[]> {
  return db
    .select(columns)
    .from(menuItems)
    .where(eq(menuItems.restaurantId, ownerId))
    .orderBy(asc(menuItems.createdAt), asc(menuItems.name));
}

export async function createMenuItem(db: Database, ownerId: string, values: MenuItemValues): Promise<MenuItem> {
  const [item] = await db
    .insert(menuItems)
    .values({ ...values, restaurantId: ownerId })
    .returning(columns);
  return item!;
}

/** Scoped by owner in the WHERE clause: another owner's item id simply is not found. */
export async function updateMenuItem(db: Database, ownerId: string, id: string, values: Partial<MenuItemValues>) {
  const [item] = await db
    .update(menuItems)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(menuItems.id, id), eq(menuItems.restaurantId, ownerId)))
    .returning(columns);
  if (!item) throw notFound('Menu item');
  return item;
}

export async function deleteMenuItem(db: Database, ownerId: string, id: string) {
  const deleted = await db
    .delete(menuItems)
    .where(and(eq(menuItems.id, id), eq(menuItems.restaurantId, ownerId)))
    .returning({ id: menuItems.id });
  if (deleted.length === 0) throw notFound('Menu item');
}
