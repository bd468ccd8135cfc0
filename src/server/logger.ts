import pino from 'pino';

export type Logger = pino.Logger;

/** Properties of a driver's error that can echo the data of a row (pg's `detail`, `where`, `hint`). */
const ROW_DATA_KEYS = new Set(['detail', 'where', 'hint', 'internalQuery', 'params', 'query']);

/** An e-mail address anywhere in a text (a provider's error naming its recipient, better-auth's notes). */
const EMAIL_ADDRESS = /[\w.!#$%&'*+=?^`{|}~-]+@[a-z\d](?:[a-z\d-]*[a-z\d])?(?:\.[a-z\d](?:[a-z\d-]*[a-z\d])?)+/gi;

/**
 * A phone number as callers, owners and providers write one: +14155550123, +1 (415) 555-0123, (415) 555-0123,
 * 415-555-0123, 415.555.0123, 555-0123, 4155550123. Ids, times and versions in logs do not take these shapes.
 */
const PHONE_NUMBER =
  /\+\d[\d ().-]{6,}\d|(?:\(\d{3}\) ?|\b\d{3}[ .-])\d{3}[ .-]\d{4}\b|\b\d{3}[.-]\d{4}\b|\b\d{10,11}\b/g;

/** Marks an error withoutQueryData already made, so a second look (the `err` serializer) leaves it be. */
const MADE_SAFE = Symbol('made safe for the log');

/**
 * How much of a logged value is looked into: this deep, and this many objects in all (an error from an HTTP client
 * can hang a whole socket off itself). What lies beyond is left out, never written unlooked-at.
 */
const MAX_DEPTH = 8;
const MAX_OBJECTS = 500;
const LEFT_OUT = '[left out]';

interface Walk {
  objectsLeft: number;
  seen: WeakSet<object>;
}
const newWalk = (): Walk => ({ objectsLeft: MAX_OBJECTS, seen: new WeakSet() });

/** A text with every e-mail address and phone number in it replaced by a placeholder. */
export function withoutContactDetails(text: string): string {
  return text.replace(EMAIL_ADDRESS, '[email]').replace(PHONE_NUMBER, '[phone]');
}

/**
 * A database error as it may be logged: the statement (its placeholders, never its parameters), the driver's code,
 * routine, table, column and constraint, and its message with any quoted value it echoes (`invalid input syntax for
 * type uuid: "…"`) left out. Drizzle's own message carries every parameter, which is customer data (names, phone
 * numbers, order text), so it is replaced. Any other error keeps its message and fields, less the e-mail addresses
 * and phone numbers in them (a text provider's "The 'To' number +1… is not a valid phone number").
 */
export function withoutQueryData(error: unknown, depth = 0, walk: Walk = newWalk()): unknown {
  if (!(error instanceof Error) || depth > 5 || MADE_SAFE in error) return error;
  const fields = error as unknown as Record<string, unknown>;
  // Drizzle's wrapper, whose message lists the parameters; the driver's own error beneath it keeps its message.
  const isQuery = typeof fields.query === 'string' && 'params' in fields && error.message.startsWith('Failed query:');
  const fromDatabase = isQuery || typeof fields.code === 'string' || 'detail' in fields;
  const cause = withoutQueryData(fields.cause, depth + 1, walk);

  const message = withoutContactDetails(
    isQuery
      ? `Failed query: ${fields.query as string}`
      : fromDatabase
        ? error.message.replace(/: ".*"$/s, ': "[value left out]"')
        : error.message,
  );
  const safe = new Error(message, cause === undefined ? undefined : { cause });
  const put = (key: string, value: unknown, enumerable = true) =>
    Object.defineProperty(safe, key, { value, enumerable, writable: true, configurable: true });
  Object.defineProperty(safe, MADE_SAFE, { value: true });
  // The log's `type` stays the class's (DrizzleQueryError, TwilioSmsError); the prototype does not come along, as its
  // getters may refuse to run on another object (a DOMException's do).
  put('constructor', error.constructor, false);
  put('name', error.name, false);
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  put('stack', [`${error.name}: ${message}`, ...frames].join('\n'), false);
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'cause' || key === 'message' || key === 'stack') continue;
    if (!fromDatabase) put(key, withoutPersonalData(value, walk, depth + 1));
    else if (!ROW_DATA_KEYS.has(key) && typeof value !== 'object') put(key, withoutPersonalData(value, walk));
  }
  // The log shows a cause's message only, so the driver's code, constraint and table are lifted onto the query's.
  if (isQuery && cause && typeof cause === 'object') {
    for (const key of ['code', 'severity', 'routine', 'table', 'column', 'constraint']) {
      const value = (cause as Record<string, unknown>)[key];
      if (typeof value === 'string') put(key, value);
    }
  }
  return safe;
}

/**
 * A logged value as it may be written: every string without e-mail addresses and phone numbers, every error as
 * withoutQueryData leaves it (serialized here, as pino serializes only a top-level `err`).
 */
export function withoutPersonalData(value: unknown, walk: Walk = newWalk(), depth = 0): unknown {
  if (typeof value === 'string') return withoutContactDetails(value);
  if (!value || typeof value !== 'object') return value;
  if (value instanceof Error) return pino.stdSerializers.err(withoutQueryData(value, 0, walk) as Error);
  if (depth >= MAX_DEPTH || walk.objectsLeft-- <= 0 || walk.seen.has(value)) return LEFT_OUT;
  walk.seen.add(value);
  if (ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
  if (Array.isArray(value)) return value.map((item) => withoutPersonalData(item, walk, depth + 1));
  // A Date, a URL: written as their JSON is.
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return withoutPersonalData(toJSON.call(value) as unknown, walk, depth + 1);
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, withoutPersonalData(item, walk, depth + 1)]),
  );
}

/** One argument of a log call: a merging object keeps its `err` (or is itself) an Error, for pino's serializer. */
function safeArgument(argument: unknown): unknown {
  const walk = newWalk();
  if (argument instanceof Error) return withoutQueryData(argument, 0, walk);
  if (!argument || typeof argument !== 'object' || Array.isArray(argument)) return withoutPersonalData(argument, walk);
  return Object.fromEntries(
    Object.entries(argument).map(([key, value]) => [
      key,
      key === 'err' && value instanceof Error ? withoutQueryData(value, 0, walk) : withoutPersonalData(value, walk, 1),
    ]),
  );
}

/**
 * Structured JSON logs. Anything that looks like a credential is redacted before it is written; a database error
 * never carries the values of its statement; and no line holds an e-mail address or a phone number, whichever part
 * of a log call (its message, its fields, an error from a provider or from better-auth) brought one. `destination`
 * (stdout by default) lets a test read the log.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: ['password', '*.password', '*.*.password', 'headers.cookie', 'headers.authorization', '*.token'],
        censor: '[redacted]',
      },
      hooks: {
        logMethod(args, method) {
          method.apply(this, args.map(safeArgument) as Parameters<pino.LogFn>);
        },
      },
      serializers: { err: (error: unknown) => pino.stdSerializers.err(withoutQueryData(error) as Error) },
    },
    destination,
  );
}
