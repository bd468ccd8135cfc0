import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { MeResponse } from '@shared/contracts/me';
import { confirmAdminAddress, expectToast, recordToasts, uniqueEmail } from './fixtures';

/**
 * The e2e server's ADMIN_EMAILS. E-mails are unique, so the tests in this file share the one account: they run in
 * order in one worker, and the account is signed in (or, the first time, signed up) once for them.
 */
const ADMIN = { name: 'Ada Admin', email: 'admin@pickupline.test', password: 'secret123' };
const DAY_MS = 24 * 60 * 60 * 1000;

test.describe.configure({ mode: 'default' });

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
let adminState: StorageState;

async function signInOrUp(api: APIRequestContext, origin: string, account: typeof ADMIN) {
  const headers = { origin };
  const signIn = () =>
    api.post('/api/auth/sign-in/email', { headers, data: { email: account.email, password: account.password } });
  if ((await signIn()).ok()) return;
  const signUp = await api.post('/api/auth/sign-up/email', { headers, data: account });
  if (signUp.ok()) return;
  // Signed up in the meantime (a restarted worker): sign in after all.
  expect((await signIn()).ok()).toBe(true);
}

/** Restaurant details and the end of onboarding, as the wizard's last step sends them. */
async function finishOnboarding(api: APIRequestContext, origin: string, restaurantName: string) {
  const headers = { origin };
  const me = (await (await api.get('/api/me')).json()) as MeResponse;
  if (me.restaurant.hasCompletedOnboarding) return;
  const info = await api.put('/api/restaurant', {
    headers,
    data: { restaurantName, phoneNumber: '(555) 201-3344', address: '12 Market St, Springfield', timezone: 'UTC' },
  });
  expect(info.status(), await info.text()).toBe(200);
  const done = await api.post('/api/onboarding/complete', { headers, data: { requestNewNumber: true } });
  expect(done.status(), await done.text()).toBe(200);
}

/** A restaurant owner in a browser context of their own, signed up through the API. */
async function createOwner(
  browser: Browser,
  baseURL: string,
  { name, restaurantName }: { name: string; restaurantName?: string },
) {
  const context = await browser.newContext();
  const email = uniqueEmail('admin-e2e');
  await signInOrUp(context.request, baseURL, { name, email, password: 'secret123' });
  if (restaurantName) await finishOnboarding(context.request, baseURL, restaurantName);
  return { context, email, name };
}

async function adminPage(browser: Browser, options: { viewport?: { width: number; height: number } } = {}) {
  const context = await browser.newContext({ storageState: adminState, ...options });
  const page = await context.newPage();
  await recordToasts(page);
  return { context, page };
}

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);

test.beforeAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  await signInOrUp(context.request, baseURL!, ADMIN);
  // An ADMIN_EMAILS address is an administrator once confirmed from its mailbox.
  await confirmAdminAddress(context.request, ADMIN.email);
  await finishOnboarding(context.request, baseURL!, 'Admin Kitchen');
  adminState = await context.storageState();
  await context.close();
});

test('the admin dashboard: stats, the newest accounts and the sidebar', async ({ browser, baseURL }) => {
  const owner = await createOwner(browser, baseURL!, { name: 'Olive Owner' });
  await owner.context.close();
  const { context, page } = await adminPage(browser);

  await page.goto('/dashboard');
  await page.getByRole('banner').getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL('/admin');
  await expect(page).toHaveTitle('Admin | PickupLine');
  await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Users' })).not.toHaveAttribute('aria-current', 'page');

  for (const label of ['Total Users', 'Active Trials', 'Expired Trials', 'Completed Onboarding']) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
  const stats = (await (await page.request.get('/api/admin/stats')).json()) as { totalUsers: number };
  expect(stats.totalUsers).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('stat-totalUsers')).toHaveText(/^\d+$/);
  for (const column of ['User', 'Restaurant', 'Status', 'Trial Ends', 'Onboarding', 'Actions']) {
    await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  const row = page.getByRole('row').filter({ hasText: owner.email });
  await expect(row).toContainText('Olive Owner');
  await expect(row).toContainText('Trial');
  await expect(row).toContainText('7 days left');
  await expect(row.getByRole('button', { name: 'Extend Trial for Olive Owner' })).toBeVisible();
  await page.screenshot({ path: '/tmp/admin-dashboard.png', fullPage: true });

  // Keyboard: View opens the details; Escape closes them and focus goes back to View.
  const view = row.getByRole('button', { name: 'View Olive Owner' });
  await view.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Olive Owner' });
  await expect(dialog.getByText(owner.email)).toBeVisible();
  await expect(dialog.getByText('No subscription')).toBeVisible();
  await expect(dialog.getByText('No calls yet')).toBeVisible();
  await expect(dialog.getByText('No admin actions yet')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(view).toBeFocused();

  await page.getByRole('link', { name: 'View all users' }).click();
  await expect(page).toHaveURL('/admin/users');
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');

  await page.goto('/admin/nope');
  await expect(page).toHaveURL('/404');
  await context.close();
});

test("an admin finds an owner by restaurant name, extends the expired trial, and the owner's dashboard follows", async ({
  browser,
  baseURL,
}) => {
  const restaurantName = `Trattoria ${Date.now().toString(36)}`;
  const owner = await createOwner(browser, baseURL!, { name: 'Tess Trattoria', restaurantName });

  // The owner's browser is eight days on: the seven-day trial has run out there.
  const ownerPage = await owner.context.newPage();
  await ownerPage.clock.install({ time: new Date(Date.now() + 8 * DAY_MS) });
  await ownerPage.goto('/dashboard');
  const expiredBadge = ownerPage.getByRole('banner').getByText('Trial expired');
  await expect(expiredBadge).toBeVisible();

  const { context, page } = await adminPage(browser);
  await page.goto('/admin/users');
  await expect(page).toHaveTitle('Users | PickupLine');
  await page.getByLabel('Search by name, e-mail or restaurant').fill(restaurantName);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(restaurantName).replace(/%20/g, '(\\+|%20)')}`));
  const rows = page.getByRole('table', { name: 'Accounts' }).getByRole('row');
  await expect(rows).toHaveCount(2); // the header and the owner
  await expect(page.getByRole('status').filter({ hasText: /^Showing/ })).toHaveText('Showing 1 account');

  // A click anywhere on the row opens the details.
  await rows.filter({ hasText: restaurantName }).getByText(owner.email).click();
  const dialog = page.getByRole('dialog', { name: 'Tess Trattoria' });
  await expect(dialog.getByText(restaurantName, { exact: true })).toBeVisible();
  await expect(dialog.getByText('Orders, last 7 days')).toBeVisible();
  const trialEnd = (await (await owner.context.request.get('/api/me')).json()) as MeResponse;
  const currentEnd = new Date(trialEnd.restaurant.trialEndsAt!);
  const newEnd = new Date(currentEnd.getTime() + 7 * DAY_MS);
  const dateText = (d: Date) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(d);

  await dialog.getByRole('button', { name: 'Extend Trial 7 Days' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Extend the trial by 7 days?' });
  await expect(confirm).toContainText(`will end on ${dateText(newEnd)}`);
  await confirm.getByRole('button', { name: 'Extend Trial' }).click();
  await expectToast(page, `Trial extended to ${dateText(newEnd)}`);
  await expect(confirm).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Extend Trial 7 Days' })).toBeFocused();
  await expect(dialog.getByText('14 days left')).toBeVisible();

  // The owner's open dashboard drops the badge without a reload: the server's live plan.updated.
  await expect(expiredBadge).toBeHidden();

  const audit = dialog.getByRole('list', { name: 'Admin actions on this account' });
  await expect(audit.getByRole('listitem').first()).toContainText('Extended trial');
  await expect(audit.getByRole('listitem').first()).toContainText(`by ${ADMIN.email}`);
  await expect(audit).toContainText(`Trial end: ${dateText(currentEnd)} → ${dateText(newEnd)}`);
  await page.screenshot({ path: '/tmp/admin-dialog.png' });

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(rows.filter({ hasText: restaurantName })).toContainText('14 days left');
  await context.close();
  await owner.context.close();
});

test('the URL keeps the view of /admin/users, and Export CSV downloads that view', async ({ browser, baseURL }) => {
  const token = `zq${Date.now().toString(36)}`;
  // In sign-up order: one finishes onboarding, two do not.
  for (const [name, restaurantName] of [
    [`Vera ${token}`, `Vera's ${token}`],
    [`Walt ${token}`, undefined],
    [`Xena ${token}`, undefined],
  ] as const) {
    const owner = await createOwner(browser, baseURL!, { name, restaurantName });
    await owner.context.close();
  }

  const { context, page } = await adminPage(browser);
  await page.goto('/admin/users');
  const search = page.getByLabel('Search by name, e-mail or restaurant');
  const filter = page.getByLabel('Filter');
  const sort = page.getByLabel('Sort by');
  const direction = page.getByRole('button', { name: /^Direction / });
  const names = page.getByRole('table', { name: 'Accounts' }).getByRole('row').locator('td:first-child p:first-child');

  await search.fill(token);
  await expect(names).toHaveText([`Xena ${token}`, `Walt ${token}`, `Vera ${token}`]);
  await filter.selectOption({ label: 'Onboarding incomplete' });
  await expect(names).toHaveText([`Xena ${token}`, `Walt ${token}`]);
  await expect(sort).toHaveValue('created');
  await expect(direction).toHaveAccessibleName('Direction Newest first');
  await direction.click();
  await expect(direction).toHaveAccessibleName('Direction Oldest first');
  await expect(names).toHaveText([`Walt ${token}`, `Xena ${token}`]);
  await expect(page).toHaveURL(`/admin/users?q=${token}&filter=onboarding_incomplete&sort=created&dir=asc`);
  await page.screenshot({ path: '/tmp/admin-users.png', fullPage: true });

  await page.reload();
  await expect(search).toHaveValue(token);
  await expect(filter).toHaveValue('onboarding_incomplete');
  await expect(sort).toHaveValue('created');
  await expect(direction).toHaveAccessibleName('Direction Oldest first');
  await expect(names).toHaveText([`Walt ${token}`, `Xena ${token}`]);
  await expect(page.getByRole('status').filter({ hasText: /^Showing/ })).toHaveText('Showing 2 accounts');

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^pickupline-users-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows: string[][] = parse(await readFile(await download.path()), { bom: true });
  expect(rows[0]?.slice(0, 2)).toEqual(['Name', 'Email']);
  expect(rows.slice(1).map((row) => row[0])).toEqual([`Walt ${token}`, `Xena ${token}`]);

  // Nothing matches: the empty state clears the search and the filter, and keeps the sort.
  await search.fill(`${token}-nobody`);
  await expect(
    page.getByText(`No accounts match “${token}-nobody” with the filter “Onboarding incomplete”.`),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(search).toHaveValue('');
  await expect(filter).toHaveValue('');
  await expect(page).toHaveURL('/admin/users?sort=created&dir=asc');
  await expect(names.first()).toBeVisible();
  await context.close();
});

test('/admin/settings: providers in test mode, runtime settings saved, checked and audited', async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  await page.goto('/admin/settings');
  await expect(page).toHaveTitle('Admin settings | PickupLine');
  await expect(page.getByRole('heading', { name: 'Admin settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  const providers = page.getByRole('list', { name: 'Providers' }).getByRole('listitem');
  await expect(providers).toHaveCount(5);
  for (const label of ['Payments', 'Text messages', 'E-mail', 'Phone assistant', 'Test-call language model']) {
    await expect(providers.filter({ hasText: label })).toContainText('Test mode');
  }
  await expect(page.getByRole('table', { name: 'Job queues' }).getByRole('cell', { name: 'send-sms' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Webhooks' }).getByRole('cell', { name: 'Stripe' })).toBeVisible();

  // The settings hold for the whole server, and other tests sign up owners at the same time: this test changes only
  // the largest order total (upwards, which no other test notices), and puts it back.
  const trialLength = page.getByLabel('Trial length for new accounts');
  const total = page.getByLabel('Largest order total');
  const save = page.getByRole('button', { name: 'Save settings' });
  await expect(trialLength).toHaveValue('7');
  await expect(save).toBeDisabled();
  const savedTotal = await total.inputValue();
  const raisedTotal = String(Number(savedTotal) + 100);
  await total.fill(raisedTotal);
  await save.click();
  await expectToast(page, 'Settings saved');
  await expect(save).toBeDisabled();

  await page.reload();
  await expect(total).toHaveValue(raisedTotal);
  const audit = page.getByRole('list', { name: 'Recent admin actions' });
  // The newest change; reads (this page's own e-mail outbox among them) are recorded around it.
  const change = audit.getByRole('listitem').filter({ hasText: 'Changed settings' }).first();
  await expect(change).toContainText(`by ${ADMIN.email}`);
  await expect(change).toContainText(/Largest order total: \$[\d,.]+ → \$[\d,.]+/);
  await page.screenshot({ path: '/tmp/admin-settings.png', fullPage: true });

  await trialLength.fill('0');
  await save.click();
  await expect(trialLength).toHaveAttribute('aria-invalid', 'true');
  await expect(trialLength).toHaveAccessibleDescription('Trial length must be between 1 and 90');
  await trialLength.fill('7');
  await total.fill('12.345');
  await save.click();
  await expect(total).toHaveAccessibleDescription(
    'Largest order total must be an amount in dollars, like 250 or 250.50',
  );

  await total.fill(savedTotal);
  await save.click();
  await expectToast(page, 'Settings saved');
  await expect(save).toBeDisabled();
  await context.close();
});

test('the admin area on a phone: a tab strip above the page and no sideways scrolling', async ({ browser }) => {
  const { context, page } = await adminPage(browser, { viewport: { width: 390, height: 844 } });
  for (const [path, tab, shot] of [
    ['/admin', 'Dashboard', 'dashboard'],
    ['/admin/users', 'Users', 'users'],
    ['/admin/settings', 'Settings', 'settings'],
  ] as const) {
    await page.goto(path);
    const nav = page.getByRole('navigation', { name: 'Admin' });
    for (const link of ['Dashboard', 'Users', 'Settings']) {
      await expect(nav.getByRole('link', { name: link })).toBeInViewport();
    }
    await expect(nav.getByRole('link', { name: tab })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
    expect(await noHorizontalScroll(page)).toBe(true);
    await page.screenshot({ path: `/tmp/admin-phone-${shot}.png`, fullPage: true });
  }

  await page.goto('/admin/users');
  await page
    .getByRole('button', { name: /^View / })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Audit trail' })).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);
  await page.screenshot({ path: '/tmp/admin-phone-dialog.png' });
  await context.close();
});
