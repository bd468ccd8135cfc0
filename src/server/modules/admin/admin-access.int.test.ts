import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '../../../../tests/test-app';
import type { ApiError } from '@shared/contracts/me';
import { adminRoutes } from './admin.routes';

const ADMIN_EMAIL = 'access-admin@pickupline.test';

/**
 * Every route of the admin router, read from the router itself, so a route added later is checked without touching
 * this file. Middleware entries (method ALL) are the guard, not routes.
 */
const routes = [
  ...new Map(
    adminRoutes.routes.filter((r) => r.method !== 'ALL').map((r) => [`${r.method} ${r.path}`, r] as const),
  ).values(),
].map(({ method, path }) => ({
  method,
  path,
  url: `/api/admin${path.replace(/:id\b/g, randomUUID()).replace(/:queue\b/g, 'send-sms')}`,
}));

/** The routes known when this test was written: the walk must find at least these. */
const KNOWN_ROUTES = [
  'GET /stats',
  'GET /users',
  'GET /users/export',
  'GET /users/:id',
  'POST /users/:id/extend-trial',
  'POST /users/:id/retry-phone-setup',
  'GET /operations',
  'PUT /settings',
  'POST /jobs/:queue/:id/retry',
  'GET /emails',
  'GET /emails/:id',
  'POST /emails/:id/resend',
];

describe('every admin API route', () => {
  let t: TestApp;
  let owner: { cookie: string; userId: string };
  let admin: { cookie: string; userId: string };

  beforeAll(async () => {
    t = await createTestApp({ adminEmails: [ADMIN_EMAIL] });
    owner = await t.signUp({ email: 'not-an-admin@example.com' });
    admin = await t.signUp({ email: ADMIN_EMAIL });
  });
  afterAll(() => t.close());

  function send(route: (typeof routes)[number], cookie?: string) {
    const hasBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
    return t.request(route.url, { method: route.method, cookie, ...(hasBody ? { json: {} } : {}) });
  }

  it('is found by the walk', () => {
    const found = routes.map((r) => `${r.method} ${r.path}`);
    expect(found).toEqual(expect.arrayContaining(KNOWN_ROUTES));
    for (const route of routes) expect(route.url).not.toMatch(/\/:/);
  });

  it('answers 401 to a signed-out visitor', async () => {
    for (const route of routes) {
      const response = await send(route);
      expect(response.status, `${route.method} ${route.path}`).toBe(401);
      expect(((await response.json()) as ApiError).error).toBe('Not signed in');
    }
  });

  it('answers 403 to a signed-in owner who is not an administrator', async () => {
    for (const route of routes) {
      const response = await send(route, owner.cookie);
      expect(response.status, `${route.method} ${route.path}`).toBe(403);
      expect(((await response.json()) as ApiError).error).toBe('Administrators only');
    }
  });

  it('lets an administrator through to the route itself', async () => {
    for (const route of routes) {
      const response = await send(route, admin.cookie);
      const label = `${route.method} ${route.path}`;
      expect([401, 403], label).not.toContain(response.status);
      expect(response.status, label).toBeLessThan(500);
      const text = await response.text();
      expect(text, label).not.toMatch(/No API route/);
    }
  });
});
