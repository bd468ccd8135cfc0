import { randomUUID } from 'node:crypto';
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { appApi, completeOnboarding, signUp } from './fixtures';

const someId = randomUUID();
const settings = { trialDays: 10, maxQuantityPerLine: 20, maxLines: 15, maxTotalCents: 50_000 };

/** Every admin API route, each called the way the admin pages call it (from the app's origin). */
const ADMIN_ROUTES: {
  name: string;
  send: (api: Pick<APIRequestContext, 'get' | 'post' | 'put'>) => ReturnType<APIRequestContext['get']>;
}[] = [
  { name: 'GET /api/admin/stats', send: (api) => api.get('/api/admin/stats') },
  { name: 'GET /api/admin/users', send: (api) => api.get('/api/admin/users?q=a&filter=trial&sort=created&dir=desc') },
  { name: 'GET /api/admin/users/export', send: (api) => api.get('/api/admin/users/export?sort=created&dir=desc') },
  { name: 'GET /api/admin/users/:id', send: (api) => api.get(`/api/admin/users/${someId}`) },
  {
    name: 'POST /api/admin/users/:id/extend-trial',
    send: (api) => api.post(`/api/admin/users/${someId}/extend-trial`, { data: { days: 7 } }),
  },
  {
    name: 'POST /api/admin/users/:id/retry-phone-setup',
    send: (api) => api.post(`/api/admin/users/${someId}/retry-phone-setup`, { data: {} }),
  },
  { name: 'GET /api/admin/operations', send: (api) => api.get('/api/admin/operations') },
  { name: 'GET /api/admin/emails', send: (api) => api.get('/api/admin/emails') },
  { name: 'GET /api/admin/emails/:id', send: (api) => api.get(`/api/admin/emails/${someId}`) },
  {
    name: 'POST /api/admin/emails/:id/resend',
    send: (api) => api.post(`/api/admin/emails/${someId}/resend`, { data: {} }),
  },
  { name: 'PUT /api/admin/settings', send: (api) => api.put('/api/admin/settings', { data: settings }) },
  {
    name: 'POST /api/admin/jobs/:queue/:id/retry',
    send: (api) => api.post(`/api/admin/jobs/send-sms/${randomUUID()}/retry`, { data: {} }),
  },
];

test('a non-admin is sent to the dashboard from every admin page and refused by every admin API route', async ({
  page,
}) => {
  await signUp(page);
  await completeOnboarding(page);

  for (const path of ['/admin', '/admin/users', '/admin/settings', '/admin/users?q=a&filter=trial', '/admin/nope']) {
    await page.goto(path);
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
  }
  await expect(page.getByRole('banner').getByRole('link', { name: 'Admin' })).toHaveCount(0);

  for (const route of ADMIN_ROUTES) {
    const response = await route.send(appApi(page));
    expect(response.status(), route.name).toBe(403);
    expect(((await response.json()) as { error?: string }).error, route.name).toBeTruthy();
  }
});

test('a signed-out visitor gets 401 from every admin API route and the login page from /admin', async ({
  page,
  baseURL,
}) => {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: new URL(baseURL!).origin } });
  for (const route of ADMIN_ROUTES) {
    expect((await route.send(api)).status(), route.name).toBe(401);
  }
  await api.dispose();

  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fusers$/);
});
