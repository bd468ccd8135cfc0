import { and, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../db/client';
import { HttpError } from './errors';

/** How many things of one kind an account may create in a sliding window, and how the refusal reads. */
export interface CreationLimit {
  limit: number;
  windowSeconds: number;
  /** The refusal, given how long until one more may be created, e.g. "You have created 30 test orders in the last minute." */
  refusal: string;
}

/** A 429 that tells the client when to try again, in the body (for the person) and in Retry-After (for programs). */
export class TooManyRequestsError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
    this.name = 'TooManyRequestsError';
  }
}

const inWords = (seconds: number) =>
  seconds < 90 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`;

/** A window as a person says it, after "in the last": "minute", "10 minutes", "45 seconds", "hour". */
export function windowInWords(seconds: number) {
  if (seconds === 60) return 'minute';
  if (seconds === 3600) return 'hour';
  if (seconds % 60 === 0) return `${seconds / 60} minutes`;
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

/** The test-order limit from TEST_ORDER_LIMIT (`COUNT/SECONDS`), worded like the product's own. */
export function testOrderLimitOf({ max, window }: { max: number; window: number }): CreationLimit {
  return {
    limit: max,
    windowSeconds: window,
    refusal: `You have created ${max} test order${max === 1 ? '' : 's'} in the last ${windowInWords(window)}.`,
  };
}

type LimitedTable = { table: PgTable; createdAt: PgColumn; where: SQL | undefined; adding?: number };

/**
 * The row whose ageing out would make room for `adding` more: the (limit − adding + 1)-th newest in the window, with
 * the seconds until it leaves it, on the database's clock (the one that stamped created_at). None: there is room.
 */
function blockingRow(
  db: Database | Transaction,
  { table, createdAt, where, adding = 1 }: LimitedTable,
  rule: CreationLimit,
) {
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  return db
    .select({ waitSeconds: sql<number>`ceil(extract(epoch from (${createdAt} + ${window} - now())))::int` })
    .from(table)
    .where(and(where, sql`${createdAt} > now() - ${window}`))
    .orderBy(desc(createdAt))
    .offset(Math.max(0, rule.limit - adding))
    .limit(1);
}

/**
 * Refuses a creation that would take an account past its limit. The window is counted from the rows themselves (their
 * created_at), so every server instance agrees without shared counters, and a refused request writes nothing. Two
 * requests racing at the edge may both pass: the limit bounds a flood, it is not an exact quota.
 */
export async function assertWithinCreationLimit(
  db: Database | Transaction,
  limited: LimitedTable,
  rule: CreationLimit,
) {
  const [blocking] = await blockingRow(db, limited, rule);
  refuseIfWaiting(blocking?.waitSeconds ?? null, rule);
}

/**
 * The same check as a value, for a statement that reads it beside something else: the seconds to wait before one more
 * may be created, or null when there is room. Then `refuseIfWaiting`.
 */
export function creationLimitWait(db: Database | Transaction, limited: LimitedTable, rule: CreationLimit) {
  return sql<number | null>`(${blockingRow(db, limited, rule)})`;
}

/** The 429 for a creation that has to wait `waitSeconds` (null: none, nothing to refuse). */
export function refuseIfWaiting(waitSeconds: number | null, rule: CreationLimit) {
  if (waitSeconds === null) return;
  const wait = Math.max(1, Number(waitSeconds));
  throw new TooManyRequestsError(`${rule.refusal} Try again in ${inWords(wait)}.`, wait);
}
