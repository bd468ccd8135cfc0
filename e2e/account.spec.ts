import { expect, test, type Browser, type Page } from '@playwright/test';
import { COMMON_PASSWORD_MESSAGE } from '@shared/contracts/auth';
import { completeOnboarding, expectToast, logIn, recordToasts, signUp, uniqueEmail } from './fixtures';

const PASSWORD_CHANGED_HERE = 'Password changed. Every other device is now signed out.';
const DEVICE_SIGNED_OUT = 'The device was signed out.';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);

/** Another browser signed in as the owner, on the dashboard. */
async function signInElsewhere(
  browser: Browser,
  owner: { email: string; password: string },
  options: Parameters<Browser['newContext']>[0] = {},
) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto('/login');
  await logIn(page, owner);
  await expect(page).toHaveURL(/\/dashboard$/);
  return { context, page };
}

const devices = (page: Page) => page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');

// Toasts are checked from a record of every toast shown: one may be gone before a busy machine's test looks.
test.beforeEach(({ page }) => recordToasts(page));

test('a new password in Settings → Account signs the other device out; any other device can be signed out from the list', async ({
  browser,
  page,
}) => {
  // Three browsers and the onboarding walk: well past the usual flow on a busy two-core machine.
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = await signUp(page, { email: uniqueEmail('account') });
  await completeOnboarding(page);
  const laptop = await signInElsewhere(browser, owner);

  await page.goto('/settings?tab=account');
  await expect(page.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
  await expect(devices(page)).toHaveCount(2);
  await expect(devices(page).first()).toContainText('This device');
  await page.screenshot({ path: '/tmp/account-desktop.png', fullPage: true });

  // One of the most common passwords: the server's reason shows under the field, and nothing changes.
  await page.getByLabel('Current password').fill(owner.password);
  await page.getByLabel('New password').fill('iloveyou');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByLabel('New password')).toHaveAccessibleDescription(COMMON_PASSWORD_MESSAGE);
  await page.screenshot({ path: '/tmp/account-common-password-desktop.png', fullPage: true });
  expect((await laptop.context.request.get('/api/me')).status()).toBe(200);

  await page.getByLabel('New password').fill('kitchen-door-42');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expectToast(page, PASSWORD_CHANGED_HERE);
  await expect(devices(page)).toHaveCount(1);

  // The other browser, left open on the dashboard, is signed out at once: its live stream ends with its session.
  // This one carries on, on its new session.
  await expect(laptop.page).toHaveURL(/\/login/, { timeout: 15_000 });
  await expect(page).toHaveURL(/\/settings\?tab=account$/);
  await page.reload();
  await expect(devices(page)).toHaveCount(1);

  // A phone signs in with the new password, and is signed out from here.
  const phone = await signInElsewhere(
    browser,
    { email: owner.email, password: 'kitchen-door-42' },
    {
      userAgent: IPHONE_SAFARI,
    },
  );
  await page.reload();
  await expect(devices(page)).toHaveCount(2);
  await page.screenshot({ path: '/tmp/account-two-devices-desktop.png', fullPage: true });
  await page.getByRole('button', { name: 'Sign out Safari on iPhone' }).click();
  const asked = page.getByRole('alertdialog', { name: 'Sign out this device?' });
  await expect(asked).toContainText('Safari on iPhone will be signed out.');
  await asked.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expectToast(page, DEVICE_SIGNED_OUT);
  await expect(devices(page)).toHaveCount(1);
  expect((await phone.context.request.get('/api/me')).status()).toBe(401);
  expect((await page.request.get('/api/me')).status()).toBe(200);

  await laptop.context.close();
  await phone.context.close();
});

test('the Account tab fits a phone, and signs out everywhere else', async ({ browser, page }) => {
  const owner = await signUp(page, { email: uniqueEmail('account-phone') });
  await completeOnboarding(page);
  const phone = await signInElsewhere(browser, owner, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent: IPHONE_SAFARI,
  });

  await phone.page.goto('/settings?tab=account');
  await expect(devices(phone.page)).toHaveCount(2);
  await expect(devices(phone.page).first()).toContainText('Safari on iPhone');
  expect(await noHorizontalScroll(phone.page)).toBe(true);
  await phone.page.screenshot({ path: '/tmp/account-phone.png', fullPage: true });

  await phone.page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  const asked = phone.page.getByRole('alertdialog', { name: 'Sign out everywhere else?' });
  await expect(asked).toBeVisible();
  expect(await noHorizontalScroll(phone.page)).toBe(true);
  await phone.page.screenshot({ path: '/tmp/account-confirm-phone.png' });
  await asked.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(devices(phone.page)).toHaveCount(1);
  expect((await page.request.get('/api/me')).status()).toBe(401);
  // The laptop, open on the dashboard, follows without a reload or a click.
  await expect(page).toHaveURL(/\/login/, { timeout: 15_000 });

  await phone.context.close();
});

test('sign-up and a password reset show why a common password is refused, under the field', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Sam Owner');
  await page.getByLabel('Email').fill(uniqueEmail('common'));
  await page.getByLabel('Password').fill('password1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription(COMMON_PASSWORD_MESSAGE);
  await expect(page).toHaveURL('/signup');
  await page.screenshot({ path: '/tmp/signup-common-password.png', fullPage: true });

  // The server judges the password before the link: any token shows the reason first.
  await page.goto('/reset-password?token=not-a-real-token');
  await page.getByLabel('New password', { exact: true }).fill('sunshine');
  await page.getByLabel('Confirm new password').fill('sunshine');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(COMMON_PASSWORD_MESSAGE);
});
