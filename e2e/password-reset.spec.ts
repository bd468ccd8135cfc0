import { expect, test, type Page } from '@playwright/test';
import type { AdminEmailsResponse } from '@shared/contracts/emails';
import { adminRequest, expectToast, logIn, recordToasts, resetLinkFor, signUp, uniqueEmail } from './fixtures';

const RESET_LINK_SENT =
  'If an account exists for that e-mail, we sent a link to reset the password. It expires in 1 hour.';
const PASSWORD_CHANGED = 'Your password was changed. Sign in with your new password.';
const INVALID_LINK = /This password reset link is invalid or has expired/;

async function requestLink(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: RESET_LINK_SENT })).toBeVisible();
}

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);

test('a locked-out owner resets the password by e-mail; every other session ends and the link works once', async ({
  browser,
  page,
  baseURL,
}) => {
  // The owner, signed in on another device.
  const device = await browser.newContext();
  const owner = await signUp(await device.newPage(), { email: uniqueEmail('reset') });
  expect((await device.request.get('/api/me')).status()).toBe(200);

  await recordToasts(page);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await expect(page).toHaveTitle('Forgot password | PickupLine');
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.screenshot({ path: '/tmp/forgot-password-desktop.png', fullPage: true });

  // An address without an account gets the same answer.
  await requestLink(page, uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'try again' }).click();
  await requestLink(page, owner.email);
  await page.screenshot({ path: '/tmp/forgot-password-sent-desktop.png', fullPage: true });

  // The owner opens the link from the e-mail; the administrator's outbox lists it (with the link hidden) and
  // nothing to the address without an account.
  const link = await resetLinkFor(owner.email);
  const admin = await adminRequest(browser, baseURL!);
  const { emails } = (await (await admin.request.get('/api/admin/emails')).json()) as AdminEmailsResponse;
  expect(emails.filter((e) => e.to === owner.email && e.kind === 'password_reset')).toHaveLength(1);
  expect(emails.filter((e) => e.to.startsWith('nobody-'))).toHaveLength(0);

  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=[A-Za-z0-9]+$/);
  await expect(page).toHaveTitle('Reset password | PickupLine');
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await page.screenshot({ path: '/tmp/reset-password-desktop.png', fullPage: true });

  await page.getByLabel('New password', { exact: true }).fill('brand-new-secret');
  await page.getByLabel('Confirm new password').fill('brand-new-secreT');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('brand-new-secret');
  await page.getByRole('button', { name: 'Change password' }).click();

  await expect(page).toHaveURL('/login');
  await expectToast(page, PASSWORD_CHANGED);
  expect((await device.request.get('/api/me')).status()).toBe(401);

  await logIn(page, { email: owner.email, password: owner.password });
  await expect(page.getByRole('alert').filter({ hasText: /invalid|failed/i })).toBeVisible();
  await logIn(page, { email: owner.email, password: 'brand-new-secret' });
  await expect(page).toHaveURL(/\/onboarding\/restaurant$/);

  // The link was used: opening it again says so and offers a new one.
  await page.goto(link);
  await expect(page).toHaveURL('/reset-password?error=INVALID_TOKEN');
  await expect(page.getByText(INVALID_LINK)).toBeVisible();
  await page.screenshot({ path: '/tmp/reset-password-invalid-desktop.png', fullPage: true });
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL('/forgot-password');

  await admin.dispose();
  await device.close();
});

test('the password reset pages fit a phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();

  await page.goto('/forgot-password');
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);
  await page.screenshot({ path: '/tmp/forgot-password-phone.png', fullPage: true });
  await requestLink(page, uniqueEmail('phone'));
  expect(await noHorizontalScroll(page)).toBe(true);
  await page.screenshot({ path: '/tmp/forgot-password-sent-phone.png', fullPage: true });

  await page.goto('/reset-password?token=not-a-real-token');
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);
  await page.screenshot({ path: '/tmp/reset-password-phone.png', fullPage: true });

  // A token the server does not know: the form says the link is invalid instead of changing anything.
  await page.getByLabel('New password', { exact: true }).fill('brand-new-secret');
  await page.getByLabel('Confirm new password').fill('brand-new-secret');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(INVALID_LINK)).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);
  await page.screenshot({ path: '/tmp/reset-password-invalid-phone.png', fullPage: true });
  await context.close();
});
