import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../tests/test-app';
import { assistantRequest, vapiCall } from '../../tests/vapi-payloads';

/**
 * Every JSON route of the API, walked from the router itself (a route added later is walked too), fed generated bad
 * bodies, path parameters and query strings. Two promises hold for every request:
 *   1. the server never answers 5xx;
 *   2. a request it refuses (any answer but 2xx) leaves the database exactly as it was.
 *
 * FUZZ_SEED and FUZZ_RUNS (runs per route) override the fixed defaults; a failure prints the seed to replay it.
 */

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20_251_114;
const RUNS = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : 25;
/** Fewer routes than this means the walk broke (e.g. the router's shape changed), not that the API shrank. */
const MIN_ROUTES = 60;

const ADMIN_EMAIL = 'fuzz-admin@example.com';
const OWNER_PASSWORD = 'fuzz-secret-123';
const VAPI_SECRET = 'fuzz-vapi-secret';

/** The better-auth endpoints the app calls; the router only knows them as one `/api/auth/*` handler. */
const AUTH_ROUTES = [
  'sign-up/email',
  'sign-in/email',
  'update-user',
  'change-password',
  'request-password-reset',
  'reset-password',
].map((p) => ({ method: 'POST', path: `/api/auth/${p}` }));

/**
 * Tables whose rows a refused request may legitimately change, each left out of the "nothing written" checksum:
 * - rate_limit: the auth rate limiter counts every attempt, refused ones included (that is its purpose).
 * - webhook_stats: counts every webhook delivery as it is answered, and a refused one is a rejection it records.
 * Everything else in schema public (sessions, realtime events, e-mails, audit trail, orders, ...) must not move.
 */
const CHANGES_ON_ANY_REQUEST = new Set(['rate_limit', 'webhook_stats']);

let fuzzCounter = 0;
const fresh = () => `fuzz${++fuzzCounter}`;

const WEEK = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
  dayOfWeek,
  openTime: '11:00',
  closeTime: '21:00',
  openTime2: null,
  closeTime2: null,
  isClosed: dayOfWeek === 1,
}));
const MENU_ITEM = {
  name: 'Pad Thai',
  aliases: ['pad thai noodles'],
  description: 'Rice noodles, tamarind, peanuts',
  priceCents: 1250,
  preparationTime: 12,
  categoryId: null,
  options: [{ name: 'Spice', required: true, multiple: false, choices: [{ name: 'Mild', priceDeltaCents: 0 }] }],
};
const RESTAURANT_INFO = {
  restaurantName: 'Fuzz Noodles',
  phoneNumber: '(555) 010-0100',
  address: '1 Test Street',
  timezone: 'America/New_York',
  forwardingPhone: '(555) 010-0101',
};

/**
 * A valid body for every route that takes one, so generated changes of one field reach the code behind the
 * validation. Every mutating route must be listed (null: it takes no body), so a new one cannot be forgotten.
 */
const EXAMPLE_BODIES: Record<string, (() => unknown) | null> = {
  'POST /api/menu-items': () => MENU_ITEM,
  'PUT /api/menu-items/:id': () => MENU_ITEM,
  'PATCH /api/menu-items/:id/availability': () => ({ isAvailable: false }),
  'DELETE /api/menu-items/:id': null,
  'POST /api/menu-items/quick-add': () => ({
    items: [{ name: `Spring rolls ${fresh()}`, priceCents: 650, category: 'Starters' }],
  }),
  'POST /api/menu-categories': () => ({ name: `Soups ${fresh()}` }),
  'PUT /api/menu-categories/:id': () => ({ name: `Curries ${fresh()}` }),
  'PUT /api/menu-categories/order': () => ({ ids: [] }),
  'DELETE /api/menu-categories/:id': null,
  'POST /api/orders/test': () => ({ isCustomOrder: true, customOrderText: 'Two spring rolls, extra sauce' }),
  'POST /api/orders/:id/cancel': () => ({ reason: 'customer_cancelled' }),
  'POST /api/orders/:id/prep-time': () => ({ minutes: 15 }),
  'POST /api/orders/:id/ready': () => ({}),
  'POST /api/orders/:id/complete': () => ({}),
  'POST /api/onboarding/step': () => ({ step: 2 }),
  'POST /api/onboarding/complete': () => ({
    phoneNumber: '(555) 010-0100',
    confirmedAccess: true,
    verificationId: '8f7d1c2e-4b5a-4c3d-9e8f-0a1b2c3d4e5f',
    code: '123456',
  }),
  'POST /api/phone-verifications': () => ({ phoneNumber: '(555) 010-0177' }),
  'POST /api/phone-system/number': () => ({
    phoneNumber: '(555) 010-0177',
    verificationId: '8f7d1c2e-4b5a-4c3d-9e8f-0a1b2c3d4e5f',
    code: '123456',
  }),
  'PUT /api/restaurant': () => RESTAURANT_INFO,
  'PUT /api/restaurant/bot': () => ({
    language: 'en',
    greetingMessage: 'Thanks for calling Fuzz Noodles!',
    busyMessage: 'We are busy, expect a wait.',
  }),
  'PUT /api/restaurant/busy-mode': () => ({ isBusyMode: true, durationMinutes: 30 }),
  'PUT /api/restaurant/hours': () => ({ hours: WEEK }),
  'PUT /api/restaurant/preferences': () => ({ autoSmsEnabled: true, allowCustomOrders: true }),
  'POST /api/phone-system/provision': () => ({}),
  'POST /api/test-calls': () => ({ language: 'en', callerNumber: '+14155550123' }),
  'POST /api/test-calls/:callId/messages': () => ({ text: 'One pad thai, mild, please' }),
  'POST /api/test-calls/:callId/end': () => ({}),
  'POST /api/billing/checkout': () => ({ mode: 'subscription' }),
  'POST /api/billing/portal': () => ({}),
  'POST /api/billing/sync': () => ({}),
  'POST /api/billing/cancel-subscription': () => ({}),
  'POST /api/billing/reactivate-subscription': () => ({}),
  'POST /api/billing/test-checkout/:id/pay': () => ({
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
    name: 'Ann Owner',
  }),
  'PUT /api/admin/settings': () => ({ trialDays: 14, maxQuantityPerLine: 20, maxLines: 20, maxTotalCents: 50_000 }),
  'POST /api/admin/users/:id/extend-trial': () => ({ days: 7 }),
  'POST /api/admin/users/:id/retry-phone-setup': () => ({}),
  'POST /api/admin/jobs/:queue/:id/retry': () => ({}),
  'POST /api/admin/emails/:id/resend': () => ({}),
  'POST /api/webhooks/vapi': () => assistantRequest(vapiCall()),
  'POST /api/webhooks/stripe': () => ({ id: 'evt_fuzz', type: 'invoice.paid', data: { object: {} } }),
  'POST /api/webhooks/twilio/status': () => ({ MessageSid: 'SM123', MessageStatus: 'delivered' }),
  'POST /api/auth/sign-up/email': () => ({ name: 'New Owner', email: `${fresh()}@example.com`, password: 'secret123' }),
  'POST /api/auth/sign-in/email': () => ({ email: 'fuzz-owner@example.com', password: OWNER_PASSWORD }),
  'POST /api/auth/update-user': () => ({ name: 'Renamed Owner' }),
  // A wrong current password: a right one would sign the walk's own session out of every later request.
  'POST /api/auth/change-password': () => ({
    currentPassword: 'not-the-password',
    newPassword: 'another-secret-1',
    revokeOtherSessions: true,
  }),
  'POST /api/auth/request-password-reset': () => ({ email: 'fuzz-owner@example.com', redirectTo: '/reset-password' }),
  'POST /api/auth/reset-password': () => ({ newPassword: 'another-secret-1', token: 'not-a-token' }),
};

/** Where a path parameter's real ids come from: the table the segment before it names. */
const ID_TABLES: Record<string, string> = {
  'menu-items': 'menu_items',
  'menu-categories': 'menu_categories',
  orders: 'orders',
  calls: 'calls',
  'test-calls': 'calls',
  users: '"user"',
  'test-checkout': 'local_billing_checkouts',
  emails: 'emails',
  'phone-verifications': 'phone_verifications',
};

const CONTROL_CHARS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u0008',
  '\u000b',
  '\u000c',
  '\u001b',
  '\u007f',
  '\t',
  '\n',
  '\r',
];

const nested = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

const withControl = fc
  .tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...CONTROL_CHARS), fc.string({ maxLength: 20 }))
  .map(([a, c, b]) => `${a}${c}${b}`);

/** One bad value for any field. */
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    -1e308,
    1e308,
    2 ** 53 + 1,
    -(2 ** 31) - 1,
    1.5,
    '',
    ' ',
    'NaN',
    'Infinity',
    '-1',
    '1e309',
    '0x10',
    [],
    {},
    '\u0000',
    'a\u0000b',
    '\u001b[31mred',
    '\ud800',
    '😀🍜',
    'ʕ•ᴥ•ʔ 麵 ñ',
    '\u202eevil',
    '../../etc/passwd',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    'x'.repeat(20_000),
    '1'.repeat(400),
    { __proto__: { admin: true } },
    { constructor: { prototype: { polluted: true } } },
  ),
  withControl,
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.integer({ min: 1, max: 3000 }).map(nested),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

type Path = (string | number)[];

/** Every place in a JSON value, the root included. */
function pathsOf(value: unknown, at: Path = []): Path[] {
  const here = [at];
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => pathsOf(v, [...at, i]))];
  if (value && typeof value === 'object')
    return [...here, ...Object.entries(value).flatMap(([k, v]) => pathsOf(v, [...at, k]))];
  return here;
}

function setAt(value: unknown, path: Path, replacement: unknown, remove = false): unknown {
  if (path.length === 0) return replacement;
  const copy: unknown = structuredClone(value);
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = replacement;
  return copy;
}

const getAt = (value: unknown, path: Path) =>
  path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value);

type Body =
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string; contentType: string }
  | { kind: 'none'; contentType: string | null };

/** Bodies near a valid one: one field replaced, removed, or given a control character. */
function nearValid(example: unknown): fc.Arbitrary<Body> {
  const paths = pathsOf(example);
  const stringPaths = paths.filter((p) => typeof getAt(example, p) === 'string');
  const arbs: fc.Arbitrary<unknown>[] = [
    fc.tuple(fc.constantFrom(...paths), badValue).map(([p, v]) => setAt(example, p, v)),
    fc.constantFrom(...paths.filter((p) => p.length > 0), [] as Path).map((p) => setAt(example, p, undefined, true)),
    fc
      .tuple(fc.string({ maxLength: 12 }), badValue)
      .map(([k, v]) => (example && typeof example === 'object' ? { ...example, [k]: v } : example)),
  ];
  if (stringPaths.length > 0) {
    // Weighted: text fields are where a character the database cannot store gets in.
    const control = fc
      .tuple(
        fc.constantFrom(...stringPaths),
        fc.oneof(fc.constant('\u0000'), fc.constantFrom(...CONTROL_CHARS)),
        fc.nat(),
      )
      .map(([p, c, at]) => {
        const text = getAt(example, p) as string;
        const i = at % (text.length + 1);
        return setAt(example, p, `${text.slice(0, i)}${c}${text.slice(i)}`);
      });
    arbs.push(control, control);
  }
  return fc.oneof(...arbs).map((value) => ({ kind: 'json' as const, value }));
}

const rawText = fc.oneof(
  fc.constantFrom('{', '{"a":', '[1,2', 'null', 'undefined', "{'a':1}", '\u0000', '{"a":"\\u0000"}', 'NaN', '"x"'),
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

const anyBody = (example: unknown): fc.Arbitrary<Body> =>
  fc.oneof(
    {
      weight: example === undefined ? 0 : 6,
      arbitrary: example === undefined ? fc.constant(null) : nearValid(example),
    },
    { weight: 2, arbitrary: badValue.map((value) => ({ kind: 'json' as const, value })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(rawText, fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain'))
        .map(([text, contentType]) => ({ kind: 'raw' as const, text, contentType })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('application/json', null)
        .map((contentType) => ({ kind: 'none' as const, contentType })),
    },
  ) as fc.Arbitrary<Body>;

const QUERY_KEYS = ['filter', 'cursor', 'limit', 'q', 'sort', 'dir', 'status', 'page', 'from', 'to', 'id'];
const queryArb = fc.option(
  fc.dictionary(
    fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 6 })),
    fc.oneof(
      badValue.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
      fc.constantFrom('-1', '0', '1e9', '99999999999999999999', 'all', 'asc', '%00'),
    ),
    { maxKeys: 3 },
  ),
  { freq: 3 },
);

/** The generated value of one path parameter: a real id (own or another owner's) or junk. */
const paramArb = (ids: string[]) =>
  fc.oneof(
    { weight: ids.length ? 4 : 0, arbitrary: ids.length ? fc.constantFrom(...ids) : fc.constant('x') },
    { weight: 1, arbitrary: fc.uuid().map(String) },
    {
      weight: 3,
      arbitrary: fc
        .oneof(
          badValue.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'x'))),
          fc.string({ maxLength: 30 }),
        )
        .map((s) => encodeURIComponent(wellFormed(s || 'x')).slice(0, 4000)),
    },
    // Sent as they are: a malformed percent-escape must be refused like any other bad id.
    { weight: 1, arbitrary: fc.constantFrom('%00', '%', '%E0%A4%A', '%ZZ', '..', '%2e%2e', '-1', '0', 'null') },
  );

/** A lone surrogate cannot be percent-encoded; it becomes U+FFFD, as a browser would send it. */
const wellFormed = (s: string) =>
  s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

interface RouteUnderTest {
  method: string;
  path: string;
}

describe('fuzzing every JSON route', () => {
  let t: TestApp;
  let owner: { cookie: string; userId: string };
  let admin: { cookie: string; userId: string };
  let tables: string[];

  beforeAll(async () => {
    t = await createTestApp({ adminEmails: [ADMIN_EMAIL], vapiWebhookSecret: VAPI_SECRET });
    owner = await t.signUp({ email: 'fuzz-owner@example.com', password: OWNER_PASSWORD });
    const other = await t.signUp({ email: 'fuzz-other@example.com' });
    admin = await t.signUp({ email: ADMIN_EMAIL });
    // Both owners get a restaurant, a menu with a category, a test order and a test call; the walking owner also an
    // open checkout, so every id-taking route has real rows of its own and of someone else's to be fed.
    for (const { cookie } of [owner, other]) {
      const ok = async (path: string, method: string, json: unknown) => {
        const response = await t.request(path, { method, cookie, json });
        expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(300);
        return response.json() as Promise<Record<string, unknown>>;
      };
      await ok('/api/restaurant', 'PUT', RESTAURANT_INFO);
      await ok('/api/onboarding/complete', 'POST', { requestNewNumber: true });
      await ok('/api/menu-categories', 'POST', { name: 'Noodles' });
      await ok('/api/menu-items', 'POST', MENU_ITEM);
      await ok('/api/orders/test', 'POST', {});
      await ok('/api/test-calls', 'POST', {});
    }
    await t.request('/api/billing/checkout', { method: 'POST', cookie: owner.cookie, json: {} });

    const found = await rows<{ name: string }>(sql`
      select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
    tables = found.map((r) => r.name).filter((name) => !CHANGES_ON_ANY_REQUEST.has(name));
  });
  afterAll(() => t?.close());

  async function rows<T>(query: SQL): Promise<T[]> {
    const result: unknown = await t.db.execute(query);
    return (result as { rows: T[] }).rows;
  }

  /** One md5 per table over all its rows, in one statement. */
  async function snapshot() {
    const query = tables
      .map(
        (name) =>
          `select '${name}' as name, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as sum from "${name}" x`,
      )
      .join(' union all ');
    const sums = await rows<{ name: string; sum: string }>(sql.raw(query));
    return Object.fromEntries(sums.map((r) => [r.name, r.sum]));
  }

  async function idsFor(path: string, param: string): Promise<string[]> {
    const segments = path.split('/');
    const table = ID_TABLES[segments[segments.indexOf(`:${param}`) - 1] ?? ''];
    if (!table) return [];
    return (await rows<{ id: string }>(sql.raw(`select id::text as id from ${table}`))).map((r) => r.id);
  }

  it('never answers 5xx, and a refused request writes nothing', { timeout: 600_000 }, async () => {
    const started = performance.now();
    const walked: RouteUnderTest[] = [
      ...t.app.routes.filter(
        (r) =>
          r.method !== 'ALL' &&
          r.path.startsWith('/api/') &&
          !r.path.startsWith('/api/auth/') &&
          // A stream that stays open: its own tests cover it.
          !(r.method === 'GET' && r.path === '/api/events'),
      ),
      ...AUTH_ROUTES,
    ].filter((r, i, all) => all.findIndex((o) => o.method === r.method && o.path === r.path) === i);
    // Non-auth routes first: the auth routes may rename the owner or start sessions, which nothing after them needs.

    const forgotten = walked
      .filter((r) => r.method !== 'GET' && !(`${r.method} ${r.path}` in EXAMPLE_BODIES))
      .map((r) => `${r.method} ${r.path}`);
    expect(forgotten, 'every mutating route needs an example body (null when it takes none)').toEqual([]);
    expect(walked.length).toBeGreaterThanOrEqual(MIN_ROUTES);

    let requests = 0;
    let unchanged: Record<string, string> | null = null;
    const failures: string[] = [];

    for (const [index, route] of walked.entries()) {
      const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const pools = await Promise.all(params.map((p) => idsFor(route.path, p)));
      const example = EXAMPLE_BODIES[`${route.method} ${route.path}`];
      const cookie = route.path.startsWith('/api/admin/') ? admin.cookie : owner.cookie;
      const takesBody = route.method !== 'GET';

      const requestArb = fc.record({
        params: fc.tuple(...pools.map(paramArb)),
        query: queryArb,
        body: takesBody
          ? anyBody(example ? example() : undefined)
          : fc.constant<Body>({ kind: 'none', contentType: null }),
      });

      const details = await fc.check(
        fc.asyncProperty(requestArb, async ({ params: values, query, body }) => {
          let url = route.path;
          params.forEach((p, i) => (url = url.replace(`:${p}`, values[i]!)));
          if (query) url += `?${new URLSearchParams(query).toString()}`;
          const headers = new Headers();
          if (route.path === '/api/webhooks/vapi') headers.set('x-vapi-secret', VAPI_SECRET);
          let payload: string | undefined;
          if (body.kind === 'json') {
            headers.set('content-type', 'application/json');
            payload = JSON.stringify(body.value) ?? 'null';
          } else if (body.kind === 'raw') {
            headers.set('content-type', body.contentType);
            payload = body.text;
          } else if (body.contentType) headers.set('content-type', body.contentType);

          // A refused request left the database as it found it, so its check is the next request's starting point.
          const before = unchanged ?? (await snapshot());
          unchanged = null;
          const response = await t.request(url, { method: route.method, cookie, headers, body: payload });
          requests++;
          const text = await response.text();
          expect(response.status, `${route.method} ${url} → ${response.status} ${text.slice(0, 300)}`).toBeLessThan(
            500,
          );
          if (response.status < 200 || response.status >= 300) {
            const after = await snapshot();
            const changed = Object.keys(before).filter((name) => before[name] !== after[name]);
            expect(changed, `${route.method} ${url} → ${response.status} ${text.slice(0, 300)} changed tables`).toEqual(
              [],
            );
            unchanged = after;
          }
        }),
        { numRuns: RUNS, seed: SEED + index, endOnFailure: true },
      );
      if (details.failed) {
        failures.push(
          `${route.method} ${route.path} (FUZZ_SEED=${SEED}, route seed ${SEED + index}):\n${fc.defaultReportMessage(details)}`,
        );
      }
    }

    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `fuzz: ${walked.length} routes walked, ${requests} requests sent, ${failures.length} failing routes, seed ${SEED}, ${RUNS} runs per route, ${seconds} s`,
    );
    expect(failures, failures.join('\n\n')).toEqual([]);
  });
});
