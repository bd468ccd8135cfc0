import { z } from 'zod';
import { readDollars, type Cents } from '../domain/money';
import { MENU_PRICE_REQUIRED, PRICE_MESSAGES, priceCents, type MenuItem } from './restaurant';
import {
  CONTROL_CHARACTER_MESSAGE,
  hasControlCharacter,
  isSingleLine,
  requiredText,
  SINGLE_LINE_MESSAGE,
  singleLineText,
  tooLong,
} from './text';

/** Where dishes without a category are listed, on the menu and to callers; no category may take the name. */
export const OTHER_CATEGORY = 'Other';

export const MENU_CATEGORY_LIMITS = { nameLength: 60, perRestaurant: 50 } as const;

/** Up to this many dishes in one quick add. */
export const MAX_QUICK_ADD_ITEMS = 100;

const categoryName = requiredText('Category name', MENU_CATEGORY_LIMITS.nameLength).refine(
  (name) => name.toLowerCase() !== OTHER_CATEGORY.toLowerCase(),
  `“${OTHER_CATEGORY}” is where dishes without a category go; choose another name`,
);

export const menuCategorySchema = z.object({ name: categoryName });
export type MenuCategoryInput = z.input<typeof menuCategorySchema>;

/** The owner's categories in their new order: every one of them, each once. */
export const menuCategoryOrderSchema = z.object({
  ids: z
    .array(z.uuid('Not a category id'), 'Send the categories as a list of ids')
    .max(MENU_CATEGORY_LIMITS.perRestaurant, `A menu has at most ${MENU_CATEGORY_LIMITS.perRestaurant} categories`),
});

export interface MenuCategory {
  id: string;
  name: string;
  /** 0 first. */
  position: number;
}

export interface MenuResponse {
  items: MenuItem[];
}

export interface MenuCategoriesResponse {
  categories: MenuCategory[];
}

/**
 * One dish of a quick add. `category` is a category's name: an existing one (any case) or a new one, created with
 * the dishes; left out, the dish has no category. The price is required here: a pasted line without one is a
 * mistake, never a free dish.
 */
export const quickAddItemSchema = z.object({
  name: requiredText('Name', 120),
  priceCents: priceCents
    .nullish()
    .refine((v) => v !== null && v !== undefined, MENU_PRICE_REQUIRED)
    // The refine let no null or undefined through; as a transform's output the key is required in the type too.
    .transform((v): Cents => v),
  category: singleLineText()
    .max(MENU_CATEGORY_LIMITS.nameLength, tooLong('Category name', MENU_CATEGORY_LIMITS.nameLength))
    .nullish()
    .transform((v) => v || null),
});

export const menuQuickAddSchema = z.object({
  items: z
    .array(quickAddItemSchema, 'Send the dishes as a list')
    .min(1, 'Paste at least one dish')
    .max(MAX_QUICK_ADD_ITEMS, `Add at most ${MAX_QUICK_ADD_ITEMS} dishes at once`),
});
export type MenuQuickAddInput = z.input<typeof menuQuickAddSchema>;

export interface MenuQuickAddResponse {
  items: MenuItem[];
  categories: MenuCategory[];
}

export interface MenuSection<T> {
  /** null: the dishes without a category, listed last as "Other". */
  category: MenuCategory | null;
  items: T[];
}

/**
 * Dishes under their categories, in the owner's order, then "Other" for dishes with no category (or one that no
 * longer exists). Empty categories are left out unless `keepEmpty`; "Other" appears only when it has dishes.
 */
export function groupMenu<T extends { categoryId: string | null }>(
  categories: readonly MenuCategory[],
  items: readonly T[],
  { keepEmpty = false }: { keepEmpty?: boolean } = {},
): MenuSection<T>[] {
  const known = new Set(categories.map((c) => c.id));
  const sections: MenuSection<T>[] = [...categories]
    .sort((a, b) => a.position - b.position)
    .map((category) => ({ category, items: items.filter((i) => i.categoryId === category.id) }))
    .filter((s) => keepEmpty || s.items.length > 0);
  const other = items.filter((i) => i.categoryId === null || !known.has(i.categoryId));
  if (other.length > 0) sections.push({ category: null, items: other });
  return sections;
}

/** One pasted line, read: what it would add, or why it cannot. */
export type QuickAddLine =
  | { line: number; text: string; ok: true; name: string; priceCents: Cents; category: string | null }
  | { line: number; text: string; ok: false; error: string };

const PRICE_AT_END = /^(.*?)[\s]+(\$?\s?\d[\d,]*(?:\.\d*)?)$/;

/**
 * Reads pasted lines, one dish a line: 'Carnitas Burrito, 12.50', 'Burritos: Carnitas Burrito, $12.50', a tab
 * instead of the comma (a spreadsheet's copy), or the price after a space. Blank lines are skipped. A line without its
 * own category takes `defaultCategory`. Names already on the menu, or twice in the paste, are refused, so pasting the
 * same list twice never doubles the menu.
 */
export function readQuickAddLines(
  text: string,
  {
    defaultCategory = null,
    existingNames = [],
  }: { defaultCategory?: string | null; existingNames?: readonly string[] } = {},
): QuickAddLine[] {
  const existing = new Set(existingNames.map((n) => n.trim().toLowerCase()));
  const seen = new Set<string>();
  const lines: QuickAddLine[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (!trimmed) return;
    const fail = (error: string) => lines.push({ line, text: trimmed, ok: false, error });

    let rest = trimmed;
    let category = defaultCategory;
    const colon = rest.indexOf(':');
    if (colon > 0 && rest.slice(colon + 1).trim()) {
      category = rest.slice(0, colon).trim();
      rest = rest.slice(colon + 1).trim();
    }
    let name = rest;
    let price = '';
    // The first comma or tab after which the rest reads as an amount ('Chips, salsa, 4.50'; 'Banquet, 1,234.50');
    // failing that, an amount after the last space, then whatever follows the last comma.
    const separators = [...rest.matchAll(/[,\t]/g)].map((m) => m.index);
    const priced = separators.find((i) => readDollars(rest.slice(i + 1)).ok);
    const atEnd = PRICE_AT_END.exec(rest);
    if (priced !== undefined) {
      [name, price] = [rest.slice(0, priced).trim(), rest.slice(priced + 1).trim()];
    } else if (atEnd && readDollars(atEnd[2]!).ok) {
      [name, price] = [atEnd[1]!.replace(/[,\t]\s*$/, '').trim(), atEnd[2]!];
    } else if (separators.length > 0) {
      const last = separators.at(-1)!;
      [name, price] = [rest.slice(0, last).trim(), rest.slice(last + 1).trim()];
    }

    if (!name) return fail('Name is required');
    if (hasControlCharacter(trimmed)) return fail(CONTROL_CHARACTER_MESSAGE);
    // Tabs separate a spreadsheet's columns; one left inside the name would be refused when the dishes are added.
    if (!isSingleLine(name) || (category && !isSingleLine(category))) return fail(SINGLE_LINE_MESSAGE);
    if (name.length > 120) return fail(tooLong('Name', 120));
    if (category && category.length > MENU_CATEGORY_LIMITS.nameLength) {
      return fail(tooLong('Category name', MENU_CATEGORY_LIMITS.nameLength));
    }
    if (!price) return fail(MENU_PRICE_REQUIRED);
    const read = readDollars(price);
    if (!read.ok) return fail(PRICE_MESSAGES[read.problem]);
    const parsed = priceCents.safeParse(read.cents);
    if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? PRICE_MESSAGES.tooLarge);
    const key = name.toLowerCase();
    if (existing.has(key)) return fail(`${name} is already on your menu`);
    if (seen.has(key)) return fail(`${name} is already in this list`);
    seen.add(key);
    const isOther = category?.toLowerCase() === OTHER_CATEGORY.toLowerCase();
    lines.push({ line, text: trimmed, ok: true, name, priceCents: read.cents, category: isOther ? null : category });
  });
  return lines;
}
