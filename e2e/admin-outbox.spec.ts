import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { MeResponse } from '@shared/contracts/me';
import { adminRequest, expectToast, recordToasts, resetLinkFor, uniqueEmail } from './fixtures';

const HIDDEN = 'Link hidden — resend it to the owner';

/** The administrator's session, onboarded (the admin area is behind onboarding like the rest of the app). */
async function adminSession(browser: Browser, baseURL: string) {
  const admin = await adminRequest(browser, baseURL);
  const me = (await (await admin.request.get('/api/me')).json()) as MeResponse;
  if (!me.restaurant.hasCompletedOnboarding) {
    const headers = { origin: baseURL };
    const info = await admin.request.put('/api/restaurant', {
      headers,
      data: {
        restaurantName: 'Admin Kitchen',
        phoneNumber: '(555) 201-3344',
        address: '12 Market St, Springfield',
        timezone: 'UTC',
      },
    });
    expect(info.status(), await info.text()).toBe(200);
    const done = await admin.request.post('/api/onboarding/complete', { headers, data: { requestNewNumber: true } });
    expect(done.status(), await done.text()).toBe(200);
  }
  const state = await admin.request.storageState();
  await admin.dispose();
  return state;
}

/** An owner who asked for a password reset link; the link as the owner's mailbox (the .eml file) has it. */
async function ownerWithResetLink(api: APIRequestContext, baseURL: string) {
  const email = uniqueEmail('outbox');
  const headers = { origin: baseURL };
  const signUp = await api.post('/api/auth/sign-up/email', {
    headers,
    data: { name: 'Olga Outbox', email, password: 'secret123' },
  });
  expect(signUp.status()).toBe(200);
  expect((await api.post('/api/auth/request-password-reset', { headers, data: { email } })).status()).toBe(200);
  return { email, link: await resetLinkFor(email) };
}

const tokenOf = (link: string) => new URL(link).pathname.split('/').at(-1)!;

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);

/** The owner's password reset e-mail in the outbox (the newest one when there are several). */
function resetEmailItem(page: Page, address: string) {
  return page
    .getByRole('region', { name: 'E-mail outbox' })
    .getByRole('listitem')
    .filter({ hasText: `Password reset · to ${address}` })
    .first();
}

test('an administrator reads the outbox with reset links hidden, sends the owner a new one, and each read is recorded', async ({
  browser,
  baseURL,
  playwright,
}) => {
  const adminState = await adminSession(browser, baseURL!);
  const ownerApi = await playwright.request.newContext({ baseURL });
  const owner = await ownerWithResetLink(ownerApi, baseURL!);
  const oldToken = tokenOf(owner.link);

  const context = await browser.newContext({ storageState: adminState, viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  await recordToasts(page);
  await page.goto('/admin/settings');
  const item = resetEmailItem(page, owner.email);
  await expect(item).toBeVisible();
  await expect(item.getByText(HIDDEN)).toBeVisible();

  await item.getByRole('button', { name: 'Show e-mail' }).click();
  const text = item.getByText(/To choose a new password, open this link:/);
  await expect(text).toContainText(HIDDEN);
  await expect(text).toContainText('Hi Olga Outbox,');
  // Nowhere on the page, nor in anything the browser was sent: not as text, not as a link.
  expect(await page.content()).not.toContain(oldToken);
  await expect(page.locator('a[href*="/api/auth/"]')).toHaveCount(0);
  await item.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/admin-outbox-desktop.png', fullPage: true });

  await item.getByRole('button', { name: `Resend link to ${owner.email}` }).click();
  await expectToast(page, `New link sent to ${owner.email}`);
  // The newest e-mail is the new one; it reaches the owner's mailbox and only its link works now.
  let newLink = owner.link;
  await expect.poll(async () => (newLink = await resetLinkFor(owner.email))).not.toBe(owner.link);
  await expect(
    page
      .getByRole('region', { name: 'E-mail outbox' })
      .getByRole('listitem')
      .filter({ hasText: `Password reset · to ${owner.email}` }),
  ).toHaveCount(2);
  expect(await page.content()).not.toContain(tokenOf(newLink));

  const ownerPage = await (await browser.newContext()).newPage();
  await ownerPage.goto(owner.link);
  await expect(ownerPage).toHaveURL('/reset-password?error=INVALID_TOKEN');
  await ownerPage.goto(newLink);
  await expect(ownerPage).toHaveURL(`/reset-password?token=${tokenOf(newLink)}`);
  await ownerPage.context().close();

  // The trail names the reads and the new link, with the owner's address.
  const trail = page.getByRole('list', { name: 'Recent admin actions' });
  await expect(trail.getByRole('listitem').filter({ hasText: 'Sent the owner a new link' }).first()).toContainText(
    `To: ${owner.email}`,
  );
  await expect(trail.getByRole('listitem').filter({ hasText: 'Opened an e-mail' }).first()).toContainText(
    `To: ${owner.email}`,
  );
  await expect(trail.getByRole('listitem').filter({ hasText: 'Viewed the e-mail outbox' }).first()).toBeVisible();
  await page.getByRole('region', { name: 'Recent admin actions' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/admin-outbox-audit-desktop.png' });
  await context.close();

  const phone = await browser.newContext({
    storageState: adminState,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const phonePage = await phone.newPage();
  await phonePage.goto('/admin/settings');
  const phoneItem = resetEmailItem(phonePage, owner.email);
  await phoneItem.getByRole('button', { name: 'Show e-mail' }).click();
  await expect(phoneItem.getByText(/To choose a new password, open this link:/)).toContainText(HIDDEN);
  expect(await noHorizontalScroll(phonePage)).toBe(true);
  await phoneItem.scrollIntoViewIfNeeded();
  await phonePage.screenshot({ path: '/tmp/admin-outbox-phone.png' });
  await phone.close();
  await ownerApi.dispose();
});
