import { expect, test } from '@playwright/test';
import type { AdminUser, AdminUsersResponse } from '@shared/contracts/admin';
import { completeOnboarding, signUp, uniqueEmail } from './fixtures';

/** The e2e server's ADMIN_EMAILS. Emails are unique, so only one test may sign this account up. */
const ADMIN_EMAIL = 'admin@pickupline.test';

test('a non-admin is kept out of the admin area and its API', async ({ page }) => {
  await signUp(page);

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/(dashboard|onboarding)(\/|$)/);
  await expect(page.getByRole('heading', { name: 'Admin', exact: true })).toHaveCount(0);

  const response = await page.request.get('/api/admin/users');
  expect(response.status()).toBe(403);
  expect(((await response.json()) as { error: string }).error).toBeTruthy();
});

test('the administrator sees every account and can extend a trial', async ({ browser, page }) => {
  const ownerEmail = uniqueEmail('admin-view');
  const ownerContext = await browser.newContext();
  await signUp(await ownerContext.newPage(), { name: 'Olive Owner', email: ownerEmail });
  await ownerContext.close();

  await signUp(page, { name: 'Ada Admin', email: ADMIN_EMAIL });

  const list = await page.request.get('/api/admin/users');
  expect(list.status()).toBe(200);
  const body = (await list.json()) as AdminUsersResponse;
  expect(body.stats.totalUsers).toBeGreaterThanOrEqual(2);
  const owner = body.users.find((u) => u.email === ownerEmail);
  expect(owner).toMatchObject({ name: 'Olive Owner', subscriptionStatus: 'trial', trialDaysLeft: 7 });

  const extended = await page.request.post(`/api/admin/users/${owner!.id}/extend-trial`, { data: { days: 7 } });
  expect(extended.status()).toBe(200);
  expect((await extended.json()) as AdminUser).toMatchObject({
    id: owner!.id,
    subscriptionStatus: 'trial',
    trialDaysLeft: 14,
  });

  // An administrator is also an owner: the protected area opens once their own onboarding is done.
  await page.goto('/onboarding');
  await completeOnboarding(page);
  await page.getByRole('banner').getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL('/admin');
  await expect(page).toHaveTitle('Admin | PickupLine');
  for (const label of ['Total Users', 'Active Trials', 'Expired Trials', 'Completed Onboarding']) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
  for (const column of ['User', 'Restaurant', 'Status', 'Trial Ends', 'Onboarding', 'Actions']) {
    await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }

  const row = page.getByRole('row').filter({ hasText: ownerEmail });
  await row.getByRole('button', { name: /^View/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Olive Owner' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(ownerEmail)).toBeVisible();

  page.once('dialog', (confirm) => void confirm.accept());
  await dialog.getByRole('button', { name: 'Extend Trial 7 Days' }).click();
  await expect(page.getByText(/^Trial extended to /)).toBeVisible();
  await expect(dialog.getByText('21 days left')).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
