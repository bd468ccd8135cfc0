import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { HttpError } from './errors';

/**
 * Keyset paging on (timestamp, id), newest first, shared by every list that pages this way (orders, calls). The
 * timestamp travels as Postgres's own text, with its microseconds: a JavaScript Date keeps only milliseconds and
 * would skip rows written within the same millisecond.
 */
export interface KeysetCursor {
  /** The row's timestamp as Postgres prints it (`column::text`). */
  at: string;
  id: string;
}

const cursorSchema = z.object({
  at: z.string().regex(/^\d{4}-\d{2}-\d{2}[ T][\d:.]+([+-]\d{2}(:?\d{2})?|Z)$/),
  id: z.uuid(),
});

export const encodeKeysetCursor = (c: KeysetCursor) => Buffer.from(`${c.at}|${c.id}`).toString('base64url');

/** Reads a cursor from a query string; anything that is not one is a 400 naming `cursor`. */
export function decodeKeysetCursor(value: string): KeysetCursor {
  const [at, id] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const parsed = cursorSchema.safeParse({ at, id });
  // Postgres writes '2026-11-21 12:36:29.219123+00'; check it is a real instant before handing it back to SQL.
  const asIso = (at ?? '').replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
  if (!parsed.success || Number.isNaN(Date.parse(asIso))) {
    throw new HttpError(400, 'Not a valid page cursor', 'cursor');
  }
  return parsed.data;
}

/** The rows after the cursor in (timestamp desc, id desc) order. */
export const olderThan = (at: AnyPgColumn, id: AnyPgColumn, cursor: KeysetCursor): SQL =>
  sql`(${at}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;

/**
 * Cuts a page from rows read with `limit + 1`: the extra row only says there is a next page, whose cursor is the
 * last row kept.
 */
export function takePage<Row>(
  rows: Row[],
  limit: number,
  cursorOf: (row: Row) => KeysetCursor,
): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? encodeKeysetCursor(cursorOf(last)) : null };
}
