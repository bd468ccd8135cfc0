import { and, asc, eq, sql } from 'drizzle-orm';
import { MAX_MENU_ITEMS, type MenuItem } from '@shared/contracts/restaurant';
import { MENU_CATEGORY_LIMITS, type MenuCategory, type MenuQuickAddResponse } from '@shared/contracts/menu';
import type { MenuOptionGroup } from '@shared/domain/menu-options';
import type { Cents } from '@shared/domain/money';
import type { Database, Transaction } from '../../db/client';
import { violatedUniqueConstraint } from '../../db/errors';
import { menuCategories, menuItems } from '../../db/schema';
import { assertWithinCreationLimit, type CreationLimit } from '../../http/creation-limit';
import { HttpError, notFound } from '../../http/errors';

type MenuItemValues = {
  name: string;
  aliases?: string[];
  description: string | null;
  priceCents: Cents;
  preparationTime: number;
  isAvailable?: boolean;
  categoryId?: string | null;
  options?: MenuOptionGroup[];
};

const columns = {
  id: menuItems.id,
  name: menuItems.name,
  aliases: menuItems.aliases,
  description: menuItems.description,
  priceCents: menuItems.priceCents,
  preparationTime: menuItems.preparationTime,
  isAvailable: menuItems.isAvailable,
  categoryId: menuItems.categoryId,
  options: menuItems.options,
};

const categoryColumns = {
  id: menuCategories.id,
  name: menuCategories.name,
  position: menuCategories.position,
};

const CATEGORY_NAME_INDEX = 'menu_categories_restaurant_name_unique';

/**
 * Dishes one account may add in ten minutes: two pasted menus of the largest size quick-add takes, far beyond typing
 * them in, and well short of a script filling the database (and the assistant's menu) with them.
 */
export const MENU_ITEM_CREATION_LIMIT: CreationLimit = {
  limit: 200,
  windowSeconds: 600,
  refusal: 'You have added 200 dishes in the last 10 minutes.',
};

/**
 * A menu holds at most MAX_MENU_ITEMS dishes, so what the assistant reads on every call stays bounded; and dishes are
 * created no faster than the creation limit allows.
 */
async function assertMenuItemsWithinLimit(db: Database | Transaction, ownerId: string, adding: number) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(menuItems)
    .where(eq(menuItems.restaurantId, ownerId));
  if ((row?.count ?? 0) + adding > MAX_MENU_ITEMS) {
    throw new HttpError(
      400,
      `A menu holds at most ${MAX_MENU_ITEMS} dishes, and this one has ${row?.count ?? 0}. Delete some before adding more.`,
    );
  }
  return assertWithinCreationLimit(
    db,
    { table: menuItems, createdAt: menuItems.createdAt, where: eq(menuItems.restaurantId, ownerId), adding },
    MENU_ITEM_CREATION_LIMIT,
  );
}

export function listMenuItems(db: Database, ownerId: string): Promise<MenuItem[]> {
  return db
    .select(columns)
    .from(menuItems)
    .where(eq(menuItems.restaurantId, ownerId))
    .orderBy(asc(menuItems.createdAt), asc(menuItems.name));
}

/** A category id in a request body must be one of the owner's: another owner's is refused like a made-up one. */
async function checkCategory(db: Database | Transaction, ownerId: string, categoryId: string | null | undefined) {
  if (!categoryId) return;
  const [found] = await db
    .select({ id: menuCategories.id })
    .from(menuCategories)
    .where(and(eq(menuCategories.id, categoryId), eq(menuCategories.restaurantId, ownerId)));
  if (!found) throw new HttpError(400, 'Choose one of your categories', 'categoryId');
}

export async function createMenuItem(db: Database, ownerId: string, values: MenuItemValues): Promise<MenuItem> {
  await checkCategory(db, ownerId, values.categoryId);
  await assertMenuItemsWithinLimit(db, ownerId, 1);
  const [item] = await db
    .insert(menuItems)
    .values({ ...values, restaurantId: ownerId })
    .returning(columns);
  return item!;
}

/** Scoped by owner in the WHERE clause: another owner's item id simply is not found. */
export async function updateMenuItem(db: Database, ownerId: string, id: string, values: Partial<MenuItemValues>) {
  await checkCategory(db, ownerId, values.categoryId);
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

export function listMenuCategories(db: Database | Transaction, ownerId: string): Promise<MenuCategory[]> {
  return db
    .select(categoryColumns)
    .from(menuCategories)
    .where(eq(menuCategories.restaurantId, ownerId))
    .orderBy(asc(menuCategories.position), asc(menuCategories.createdAt));
}

const duplicateCategory = (name: string) => new HttpError(409, `You already have a category called “${name}”`, 'name');

/** Categories are added at the end of the menu. */
export async function createMenuCategory(db: Database, ownerId: string, name: string): Promise<MenuCategory> {
  try {
    return await db.transaction(async (tx) => {
      const [{ count, next } = { count: 0, next: 0 }] = await tx
        .select({
          count: sql<number>`count(*)::int`,
          next: sql<number>`coalesce(max(${menuCategories.position}) + 1, 0)::int`,
        })
        .from(menuCategories)
        .where(eq(menuCategories.restaurantId, ownerId));
      if (count >= MENU_CATEGORY_LIMITS.perRestaurant) {
        throw new HttpError(400, `A menu has at most ${MENU_CATEGORY_LIMITS.perRestaurant} categories`, 'name');
      }
      const [category] = await tx
        .insert(menuCategories)
        .values({ restaurantId: ownerId, name, position: next })
        .returning(categoryColumns);
      return category!;
    });
  } catch (error) {
    if (violatedUniqueConstraint(error) === CATEGORY_NAME_INDEX) throw duplicateCategory(name);
    throw error;
  }
}

export async function renameMenuCategory(db: Database, ownerId: string, id: string, name: string) {
  try {
    const [category] = await db
      .update(menuCategories)
      .set({ name })
      .where(and(eq(menuCategories.id, id), eq(menuCategories.restaurantId, ownerId)))
      .returning(categoryColumns);
    if (!category) throw notFound('Category');
    return category;
  } catch (error) {
    if (violatedUniqueConstraint(error) === CATEGORY_NAME_INDEX) throw duplicateCategory(name);
    throw error;
  }
}

/** `ids` must be every one of the owner's categories, each once: the menu is never left half reordered. */
export async function reorderMenuCategories(db: Database, ownerId: string, ids: string[]): Promise<MenuCategory[]> {
  return db.transaction(async (tx) => {
    const current = await listMenuCategories(tx, ownerId);
    const known = new Set(current.map((c) => c.id));
    if (ids.length !== current.length || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) {
      throw new HttpError(400, 'Send every one of your categories once, in the new order', 'ids');
    }
    for (const [position, id] of ids.entries()) {
      await tx
        .update(menuCategories)
        .set({ position })
        .where(and(eq(menuCategories.id, id), eq(menuCategories.restaurantId, ownerId)));
    }
    return listMenuCategories(tx, ownerId);
  });
}

/** The category's dishes stay on the menu, under "Other" (the foreign key sets their category to null). */
export async function deleteMenuCategory(db: Database, ownerId: string, id: string) {
  const deleted = await db
    .delete(menuCategories)
    .where(and(eq(menuCategories.id, id), eq(menuCategories.restaurantId, ownerId)))
    .returning({ id: menuCategories.id });
  if (deleted.length === 0) throw notFound('Category');
}

export interface QuickAddItem {
  name: string;
  priceCents: Cents;
  category: string | null;
}

/**
 * Adds pasted dishes all at once or not at all. A dish whose name is already on the menu (any case) or twice in the
 * list is refused with every such reason; a category named for the first time is created after the others.
 */
export async function quickAddMenuItems(
  db: Database,
  ownerId: string,
  items: QuickAddItem[],
): Promise<MenuQuickAddResponse> {
  try {
    return await db.transaction(async (tx) => {
      await assertMenuItemsWithinLimit(tx, ownerId, items.length);
      const existing = await tx
        .select({ name: menuItems.name })
        .from(menuItems)
        .where(eq(menuItems.restaurantId, ownerId));
      const taken = new Set(existing.map((i) => i.name.toLowerCase()));
      const problems: { index: number; reason: string }[] = [];
      const seen = new Set<string>();
      items.forEach((item, index) => {
        const key = item.name.toLowerCase();
        if (taken.has(key)) problems.push({ index, reason: `${item.name} is already on your menu` });
        else if (seen.has(key)) problems.push({ index, reason: `${item.name} is already in this list` });
        seen.add(key);
      });
      if (problems.length > 0) {
        const reasons = problems.map((p) => `dish ${p.index + 1}: ${p.reason}`).join('; ');
        throw new HttpError(400, `Nothing was added. ${reasons}`, `items.${problems[0]!.index}.name`);
      }

      const categories = await listMenuCategories(tx, ownerId);
      const byName = new Map(categories.map((c) => [c.name.toLowerCase(), c.id]));
      // A new category takes the spelling it was first pasted with.
      const missing: string[] = [];
      for (const { category } of items) {
        if (
          category &&
          !byName.has(category.toLowerCase()) &&
          !missing.some((m) => m.toLowerCase() === category.toLowerCase())
        ) {
          missing.push(category);
        }
      }
      if (categories.length + missing.length > MENU_CATEGORY_LIMITS.perRestaurant) {
        throw new HttpError(
          400,
          `Nothing was added. A menu has at most ${MENU_CATEGORY_LIMITS.perRestaurant} categories`,
          'items',
        );
      }
      if (missing.length > 0) {
        const start = Math.max(-1, ...categories.map((c) => c.position)) + 1;
        const created = await tx
          .insert(menuCategories)
          .values(missing.map((name, i) => ({ restaurantId: ownerId, name, position: start + i })))
          .returning(categoryColumns);
        for (const c of created) byName.set(c.name.toLowerCase(), c.id);
      }

      // One statement shares one now(): a millisecond apart, the dishes list in the order they were pasted.
      const now = Date.now();
      const inserted = await tx
        .insert(menuItems)
        .values(
          items.map((item, index) => ({
            createdAt: new Date(now + index),
            restaurantId: ownerId,
            name: item.name,
            priceCents: item.priceCents,
            categoryId: item.category ? byName.get(item.category.toLowerCase())! : null,
          })),
        )
        .returning(columns);
      // RETURNING gives no guaranteed order: answer in the order pasted.
      const ids = new Map(inserted.map((i) => [i.name.toLowerCase(), i]));
      return {
        items: items.map((item) => ids.get(item.name.toLowerCase())!),
        categories: await listMenuCategories(tx, ownerId),
      };
    });
  } catch (error) {
    if (violatedUniqueConstraint(error) === CATEGORY_NAME_INDEX) {
      throw new HttpError(409, 'Nothing was added: a category was created at the same moment. Please try again.');
    }
    throw error;
  }
}
