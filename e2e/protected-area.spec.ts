import { expect, test } from '@playwright/test';
import { completeOnboarding, expectToast, recordToasts, signUp } from './fixtures';

test('the header and banner of a trial owner', async ({ page }) => {
  await signUp(page);
  await completeOnboarding(page);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await expect(header.getByText('Trial expired')).toHaveCount(0);
  await expect(
    page.getByText(
      'Your free trial includes everything in PickupLine Pro. Upgrade to keep taking orders when it ends.',
    ),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Upgrade Now' }).click();
  await expect(page).toHaveURL('/pricing');
});

test('an expired trial shows the badge and the 10-second error toast', async ({ page }) => {
  await recordToasts(page);
  await signUp(page);
  await completeOnboarding(page);
  // The browser's clock moves eight days on; the trial (seven days from sign-up) has ended by then.
  await page.clock.install({ time: new Date(Date.now() + 8 * 24 * 60 * 60 * 1000) });
  await page.reload();
  await expect(page.getByRole('banner').getByText('Trial expired')).toBeVisible();
  const toast = page.getByText(
    'Your trial period has expired. Please upgrade your account to continue using all features.',
  );
  // Recorded as it appeared (a busy machine may not look within its 10 seconds); never two of it on screen.
  await expectToast(page, 'Your trial period has expired. Please upgrade your account to continue using all features.');
  expect(await toast.count()).toBeLessThanOrEqual(1);
  await page.clock.runFor(11_000);
  await expect(toast).toBeHidden();
});

test('a non-admin who reaches /admin is sent to the dashboard', async ({ page }) => {
  await signUp(page);
  await completeOnboarding(page);
  await page.goto('/admin');
  await expect(page).toHaveURL('/dashboard');
});

test('a session revoked elsewhere signs this tab out at once: its live stream ends with the session', async ({
  page,
  baseURL,
}) => {
  await signUp(page);
  await completeOnboarding(page);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible();
  // Revoke every session of this account on the server; the tab still holds its (now dead) cookie.
  const revoked = await page.request.post('/api/auth/revoke-sessions', { headers: { origin: baseURL! }, data: {} });
  expect(revoked.ok()).toBe(true);
  // No reload, no focus change: the server ends the tab's stream, and the tab checks its session at once.
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/, { timeout: 15_000 });
});
