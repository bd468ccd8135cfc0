import { expect, test, type Page, type Response } from '@playwright/test';
import { adminRequest, appApi, completeOnboarding, E2E_ADMIN, logIn, signOut, signUp } from './fixtures';
import type { MeResponse } from '@shared/contracts/me';

/**
 * Records every Content-Security-Policy violation on the page: the browser's console report and the
 * `securitypolicyviolation` event (listened for from a script the policy does not govern).
 */
async function watchPolicyViolations(page: Page) {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('reportPolicyViolation', (report: string) => violations.push(report));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation: (r: string) => void }).reportPolicyViolation;
      report(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'} at ${location.pathname}`);
    });
  });
  return violations;
}

/** Opens a page and waits for it to render its first heading. */
async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.getByRole('heading').first()).toBeVisible();
  return response;
}

function expectSecurityHeaders(response: Response | null) {
  expect(response).not.toBeNull();
  const headers = response!.headers();
  const policy = headers['content-security-policy'] ?? '';
  for (const directive of [
    "default-src 'self'",
    "script-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ]) {
    expect(policy).toContain(directive);
  }
  expect(policy).toMatch(/style-src 'self' 'nonce-[^']+'(;|$)/);
  expect(policy).not.toContain('unsafe-inline');
  expect(policy).not.toContain('unsafe-eval');
  expect(headers['permissions-policy']).toBe('microphone=(self), camera=(), geolocation=(), payment=()');
}

/** The toasts' styles were applied: the policy admitted their style element, and only it. */
async function expectToastStylesApplied(page: Page) {
  const rules = await page.evaluate(() => {
    const sheet = [...document.styleSheets].find((s) => (s.ownerNode as Element | null)?.id === '_goober');
    return sheet ? sheet.cssRules.length : -1;
  });
  expect(rules).toBeGreaterThan(0);
}

test('public pages and an owner’s pages run under the policy without a single violation', async ({ page }) => {
  const violations = await watchPolicyViolations(page);

  expectSecurityHeaders(await visit(page, '/'));
  for (const path of ['/pricing', '/login', '/signup', '/forgot-password']) await visit(page, path);

  await signUp(page);
  await completeOnboarding(page);
  expectSecurityHeaders(await visit(page, '/dashboard'));
  await appApi(page).post('/api/orders/test', { data: { isCustomOrder: false } });
  for (const path of ['/calls', '/outbox', '/settings', '/test-call', '/account/billing']) await visit(page, path);

  // The test-mode checkout, reached the way an owner reaches it.
  await visit(page, '/pricing');
  await page.getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(page).toHaveURL(/\/billing\/test-checkout\/[^/]+$/);
  await expect(page.getByText('TEST MODE: no real card is charged')).toBeVisible();

  await visit(page, '/dashboard');
  await signOut(page);
  await expectToastStylesApplied(page);

  expect(violations).toEqual([]);
});

test('the administrator’s pages run under the policy without a single violation', async ({ browser, baseURL }) => {
  // Make sure the e2e administrator exists and has finished onboarding, then sign in through the login page.
  const admin = await adminRequest(browser, baseURL!);
  const me = (await (await admin.request.get('/api/me')).json()) as MeResponse;
  if (!me.restaurant.hasCompletedOnboarding) {
    const headers = { origin: baseURL! };
    const details = { restaurantName: 'Admin Kitchen', phoneNumber: '(555) 201-3344', address: '12 Market St' };
    await admin.request.put('/api/restaurant', { headers, data: { ...details, timezone: 'UTC' } });
    await admin.request.post('/api/onboarding/complete', { headers, data: { requestNewNumber: true } });
  }
  await admin.dispose();

  const context = await browser.newContext();
  const page = await context.newPage();
  const violations = await watchPolicyViolations(page);
  await page.goto('/login');
  await logIn(page, E2E_ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const path of ['/admin', '/admin/users', '/admin/settings']) await visit(page, path);
  expect(violations).toEqual([]);
  await context.close();
});

test('a write from the browser carries the app’s Origin and passes; the same write without it is refused', async ({
  page,
}) => {
  await signUp(page);
  await completeOnboarding(page);
  // The browser itself: a same-origin fetch as the app makes it.
  const fromPage = await page.evaluate(async () => {
    const response = await fetch('/api/restaurant/busy-mode', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ isBusyMode: true }),
    });
    return response.status;
  });
  expect(fromPage).toBe(200);
  // The same cookie from a client that names no origin.
  const bare = await page.request.put('/api/restaurant/busy-mode', { data: { isBusyMode: false } });
  expect(bare.status()).toBe(403);
  expect(((await bare.json()) as { error: string }).error).toMatch(/^Cross-origin request refused/);
});
