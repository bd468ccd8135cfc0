import { expect, test } from '@playwright/test';

test('an unknown path shows Page not found with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page).toHaveURL('/');
});

test('/404 and /error show their pages', async ({ page }) => {
  await page.goto('/404');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto('/error');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
});

test('the landing page offers login, sign-up, the plan and the uptime claim', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('PickupLine');
  const glance = page.getByRole('region', { name: 'At a glance' });
  await expect(glance).toContainText('99.9%');
  await expect(glance).toContainText('uptime');
  await expect(page.getByText('PickupLine Pro').first()).toBeVisible();
  await expect(page.getByText('$39').first()).toBeVisible();
  for (const name of ['Terms', 'Privacy', 'Contact']) {
    await expect(page.getByRole('contentinfo').getByRole('link', { name })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL('/login');
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL('/signup');
});

test('pricing sends a visitor who subscribes to sign-up and offers Contact Sales', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', /^mailto:/);
  await page.getByRole('link', { name: 'Subscribe Now' }).click();
  await expect(page).toHaveURL(/\/signup/);
});

test('payment result pages lead back to the dashboard', async ({ page }) => {
  await page.goto('/payment/success');
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  await page.goto('/payment/canceled');
  await expect(page.getByText(/no charge was made/i)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute('href', '/dashboard');
});
