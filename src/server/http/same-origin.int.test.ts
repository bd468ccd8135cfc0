import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../tests/test-app';
import type { Database } from '../db/client';
import { CROSS_ORIGIN_REFUSED, WEBHOOKS_PATH } from './same-origin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const EVIL = 'https://evil.example';

/**
 * better-auth's endpoints are mounted under one wildcard (/api/auth/*), so the router cannot list them: these are the
 * ones that write (accounts, sessions, passwords), with bodies that would succeed from the app's own origin.
 */
const AUTH_WRITES: { path: string; json: unknown }[] = [
  { path: '/api/auth/sign-up/email', json: { name: 'Mallory', email: 'mallory@example.com', password: 'secret123' } },
  { path: '/api/auth/sign-in/email', json: { email: 'wall-admin@pickupline.test', password: 'secret123' } },
  { path: '/api/auth/sign-out', json: {} },
  { path: '/api/auth/update-user', json: { name: 'Renamed By Mallory' } },
  { path: '/api/auth/change-password', json: { currentPassword: 'secret123', newPassword: 'mallory123' } },
  { path: '/api/auth/request-password-reset', json: { email: 'wall-admin@pickupline.test' } },
  { path: '/api/auth/reset-password', json: { newPassword: 'mallory123', token: 'guessed-token' } },
  { path: '/api/auth/revoke-sessions', json: {} },
];

/** Bodies that a route accepts from the app's own origin, so that refusing it is what keeps the data unchanged. */
const VALID_BODIES: Record<string, unknown> = {
  'POST /api/orders/test': {},
  'PUT /api/restaurant/busy-mode': { isBusyMode: true },
  'POST /api/menu-categories': { name: 'Desserts by Mallory' },
};

interface Call {
  method: string;
  path: string;
  json: unknown;
}

/** Every state-changing API route the router knows, with its path parameters filled in, plus better-auth's writes. */
function mutatingRoutes(t: TestApp): Call[] {
  const seen = new Set<string>();
  const calls: Call[] = [];
  for (const route of t.app.routes) {
    if (!route.path.startsWith('/api/') || route.path.startsWith(`${WEBHOOKS_PATH}/`)) continue;
    if (SAFE_METHODS.has(route.method)) continue;
    // ALL entries are middleware when their path ends in a wildcard; an ALL endpoint is exercised with POST.
    if (route.path.includes('*')) {
      if (route.method === 'ALL') continue;
      // The only mutating wildcard is better-auth's, covered one endpoint at a time below; another one must be
      // listed here deliberately.
      expect(`${route.method} ${route.path}`).toBe('POST /api/auth/*');
      continue;
    }
    const method = route.method === 'ALL' ? 'POST' : route.method;
    const path = route.path.replace(/:[A-Za-z]+(\{[^}]*\})?/g, '00000000-0000-4000-8000-000000000001');
    const key = `${method} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    calls.push({ method, path, json: VALID_BODIES[`${method} ${route.path}`] ?? {} });
  }
  return [...calls, ...AUTH_WRITES.map(({ path, json }) => ({ method: 'POST', path, json }))];
}

/** A checksum of every row of every table in schema public, and the number of queued jobs. */
async function databaseState(db: Database) {
  const rows = async <T>(query: ReturnType<typeof sql>) => {
    const result: unknown = await db.execute(query);
    return (result as { rows: T[] }).rows;
  };
  const tables = await rows<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const state: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await rows<{ n: number; sum: string }>(
      sql.raw(
        `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum
         from public."${name.replaceAll('"', '""')}" t`,
      ),
    );
    state[name] = `${row!.n}:${row!.sum}`;
  }
  const [jobs] = await rows<{ n: number }>(sql`select count(*)::int as n from pgboss.job`);
  state['pgboss.job'] = String(jobs!.n);
  return { tables: tables.length, state };
}

describe('the cross-origin wall', () => {
  let t: TestApp;
  let cookie: string;
  let routes: Call[];

  beforeAll(async () => {
    t = await createTestApp({ adminEmails: ['wall-admin@pickupline.test'] });
    ({ cookie } = await t.signUp({ email: 'wall-admin@pickupline.test' }));
    routes = mutatingRoutes(t);
  });
  afterAll(() => t.close());

  /** A request straight to the app, with exactly the headers given (no Origin unless named). */
  function send({ method, path, json }: Call, headers: Record<string, string>, withCookie = cookie) {
    return t.app.request(path, {
      method,
      headers: { 'content-type': 'application/json', cookie: withCookie, ...headers },
      body: JSON.stringify(json),
    });
  }

  it('finds every mutating route of the router', () => {
    expect(routes.length).toBeGreaterThanOrEqual(40);
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    for (const known of [
      'POST /api/orders/test',
      'PUT /api/restaurant/busy-mode',
      'DELETE /api/menu-items/00000000-0000-4000-8000-000000000001',
      'PATCH /api/menu-items/00000000-0000-4000-8000-000000000001/availability',
      'PUT /api/admin/settings',
      'POST /api/billing/checkout',
      'POST /api/auth/sign-up/email',
    ]) {
      expect(keys).toContain(known);
    }
    expect(keys.some((k) => k.includes('/webhooks/'))).toBe(false);
  });

  it.each([
    ['a foreign Origin', { origin: EVIL }],
    ['no Origin and no Referer', {}],
    ['a foreign Referer and no Origin', { referer: `${EVIL}/pickupline-lookalike` }],
    ['Origin: null', { origin: 'null' }],
    ['a foreign Origin with the app as Referer', { origin: EVIL, referer: `${TEST_ORIGIN}/dashboard` }],
    ['the app on another port', { origin: 'http://localhost:3001' }],
    ['the app over another scheme', { origin: 'https://localhost:3000' }],
  ])('refuses every mutating route with %s, and writes nothing', async (_label, headers) => {
    const before = await databaseState(t.db);
    expect(before.tables).toBeGreaterThanOrEqual(10);
    for (const route of routes) {
      const response = await send(route, headers);
      expect(response.status, `${route.method} ${route.path}`).toBe(403);
      expect(await response.json(), `${route.method} ${route.path}`).toEqual({ error: CROSS_ORIGIN_REFUSED });
    }
    expect(await databaseState(t.db)).toEqual(before);
    // The owner's session survived every refused sign-out and revoke.
    expect((await t.request('/api/me', { cookie })).status).toBe(200);
  });

  it('logs each refusal with its method, path and origin, never the cookie or the body', async () => {
    const warn = vi.spyOn(t.logger, 'warn');
    try {
      await send({ method: 'PUT', path: '/api/restaurant/busy-mode', json: { isBusyMode: true } }, { origin: EVIL });
      await send({ method: 'POST', path: '/api/orders/test', json: {} }, { referer: `${EVIL}/x?token=secret` });
      await send({ method: 'POST', path: '/api/orders/test', json: {} }, {});
      expect(warn.mock.calls).toEqual([
        [{ method: 'PUT', path: '/api/restaurant/busy-mode', origin: EVIL }, 'cross-origin request refused'],
        [{ method: 'POST', path: '/api/orders/test', origin: EVIL }, 'cross-origin request refused'],
        [{ method: 'POST', path: '/api/orders/test', origin: 'none' }, 'cross-origin request refused'],
      ]);
    } finally {
      warn.mockRestore();
    }
  });

  it('lets the same writes through from the app itself, by Origin or, failing that, by Referer', async () => {
    const before = await databaseState(t.db);
    const busy = await send(
      { method: 'PUT', path: '/api/restaurant/busy-mode', json: { isBusyMode: true } },
      {
        origin: TEST_ORIGIN,
      },
    );
    expect(busy.status).toBe(200);
    const order = await send(
      { method: 'POST', path: '/api/orders/test', json: {} },
      {
        referer: `${TEST_ORIGIN}/dashboard`,
      },
    );
    expect(order.status).toBe(201);
    // The checksum sees a write: the refusals above left it unchanged because nothing was written.
    expect((await databaseState(t.db)).state).not.toEqual(before.state);
  });

  it('passes every mutating route on to its handler when the Origin, or only the Referer, is the app', async () => {
    // A second owner, so that sign-out and password changes do not end the first one's session.
    const { cookie: other } = await t.signUp({ email: 'wall-other@example.com' });
    const fromTheApp: Record<string, string>[] = [
      { origin: TEST_ORIGIN },
      { referer: `${TEST_ORIGIN}/settings` },
      { origin: 'http://127.0.0.1:3000' },
      { origin: 'http://localhost:5173' },
    ];
    for (const headers of fromTheApp) {
      for (const route of routes) {
        const response = await send(route, headers, other);
        const body = await response.text();
        expect(body, `${route.method} ${route.path} ${JSON.stringify(headers)}`).not.toContain(CROSS_ORIGIN_REFUSED);
      }
    }
  });

  it('leaves provider webhooks to their own checks, with no Origin at all', async () => {
    for (const path of [`${WEBHOOKS_PATH}/vapi`, `${WEBHOOKS_PATH}/stripe`, `${WEBHOOKS_PATH}/twilio/status`]) {
      const response = await t.app.request(path, { method: 'POST', body: '{}' });
      expect(await response.text(), path).not.toContain(CROSS_ORIGIN_REFUSED);
    }
  });

  it('does not stand in the way of reads', async () => {
    const me = await t.app.request('/api/me', { headers: { cookie, origin: EVIL } });
    expect(me.status).toBe(200);
    const orders = await t.app.request('/api/orders', { headers: { cookie } });
    expect(orders.status).toBe(200);
  });
});
