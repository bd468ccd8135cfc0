import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `column in ('a', 'b', …)` for a check constraint, written from a domain list so the database and the code can
 * never disagree. The values are our own constants, never user input, which is why they may be inlined.
 */
export function inList(column: AnyPgColumn, values: readonly (string | number)[]): SQL {
  const literals = values.map((v) => (typeof v === 'number' ? String(v) : `'${v.replaceAll("'", "''")}'`)).join(', ');
  return sql`${column} in (${sql.raw(literals)})`;
}

/** Drizzle's text-enum option wants a mutable non-empty tuple; the domain lists are readonly. */
export const textEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  values as unknown as [T[number], ...T[number][]];
