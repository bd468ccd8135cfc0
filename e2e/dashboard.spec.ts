import { expect, test, type Locator, type Page } from '@playwright/test';
import { completeOnboarding, createTestOrderViaApi, expectToast, recordToasts, signUp } from './fixtures';

const COUNT_LABELS = ['New Orders', 'Preparing', 'Ready', 'Completed', 'Custom', 'Total Orders'] as const;
type Counts = Record<(typeof COUNT_LABELS)[number], number>;

/** A count tile's number: the tiles are buttons named "<label> <count>". */
const countOf = (page: Page, label: (typeof COUNT_LABELS)[number]) =>
  page
    .getByRole('group', { name: 'Order counts' })
    .getByRole('button', { name: new RegExp(`^${label} \\d+$`) })
    .locator(':scope > span')
    .last();

async function expectCounts(page: Page, counts: Counts) {
  for (const label of COUNT_LABELS) await expect(countOf(page, label)).toHaveText(String(counts[label]));
}

const statusPill = (card: Locator, status: string) => card.getByText(status, { exact: true });

/** The EventSource is connected once the stream's response has started. */
function waitForEventStream(page: Page) {
  return page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
}

/**
 * Clicks a control that writes and waits for the server to answer the write, so that what the other tab is given
 * time for is the change reaching it, not the request itself.
 */
async function clickAndWaitForWrite(page: Page, control: Locator) {
  const written = page.waitForResponse(
    (response) => response.request().method() !== 'GET' && new URL(response.url()).pathname.startsWith('/api/'),
  );
  await control.click();
  expect((await written).ok()).toBe(true);
}

async function newOwnerOnDashboard(page: Page, restaurantName = 'Luigi Trattoria') {
  await signUp(page);
  const stream = waitForEventStream(page);
  await completeOnboarding(page, { restaurantName });
  await stream;
}

// Toasts are checked from a record of every toast shown: one may be gone before a busy machine's test looks.
test.beforeEach(({ page }) => recordToasts(page));

test('a test order goes from new to completed, with toasts, counts, text states and the outbox', async ({ page }) => {
  await newOwnerOnDashboard(page);
  await expect(page.getByText('No orders have been received yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Custom Test Order' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Test Order', exact: true }).click();
  await expectToast(page, 'Test order created successfully!');

  const card = page.getByRole('article');
  await expect(card).toHaveCount(1);
  await expect(card).toBeFocused();
  await expect(statusPill(card, 'New')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Items' }).getByRole('listitem').first()).toBeVisible();
  await expect(card).toContainText(/Total\$\d+\.\d{2}/);
  await expect(card.locator('time')).toHaveText('Waiting <1 min');
  await expectCounts(page, { 'New Orders': 1, Preparing: 0, Ready: 0, Completed: 0, Custom: 0, 'Total Orders': 1 });
  const phone = await card.getByRole('link', { name: /^\+1 \(\d{3}\) \d{3}-\d{4}$/ }).innerText();

  await card.getByRole('group', { name: 'Set prep time' }).getByRole('button', { name: '15 min' }).click();
  await expectToast(page, 'Order updated and customer notified');
  await expect(statusPill(card, 'Preparing')).toBeVisible();
  await expect(card).toContainText(/Ready around \d{1,2}:\d{2} [AP]M \(15 min prep\)/);
  const texts = card.getByRole('list', { name: 'Customer texts' });
  await expect(texts).toContainText('Prep time');
  await expect(texts).toContainText(/Sent|Delivered/);
  await expectCounts(page, { 'New Orders': 0, Preparing: 1, Ready: 0, Completed: 0, Custom: 0, 'Total Orders': 1 });

  await card.getByRole('button', { name: 'Mark as Ready for Pickup' }).click();
  await expectToast(page, 'Order marked as ready');
  await expect(statusPill(card, 'Ready')).toBeVisible();
  await expect(card).toContainText('Waiting for pickup');
  await expect(texts).toContainText('Ready for pickup');

  await card.getByRole('button', { name: 'Complete Order' }).click();
  await expectToast(page, 'Order marked as completed');
  // Finished orders wait, collapsed, after the queue.
  await page.getByRole('button', { name: 'Show 1 completed' }).click();
  await expect(statusPill(card, 'Completed')).toBeVisible();
  await expect(
    card.getByRole('button', { name: /min$|Mark as Ready|Complete Order|Cancel order|No-show/ }),
  ).toHaveCount(0);
  await expectCounts(page, { 'New Orders': 0, Preparing: 0, Ready: 0, Completed: 1, Custom: 0, 'Total Orders': 1 });

  await page.getByRole('link', { name: 'Outbox' }).click();
  await expect(page).toHaveTitle('Outbox | PickupLine');
  const thread = page.getByRole('list', { name: `Texts to ${phone}` });
  await expect(thread.getByRole('listitem')).toHaveCount(2);
  await expect(thread.getByRole('listitem').first()).toContainText('Prep time');
  await expect(thread.getByRole('listitem').first()).toContainText(
    'Luigi Trattoria: your order #1 is being prepared and will be ready for pickup in about 15 minutes.',
  );
  await expect(thread.getByRole('listitem').last()).toContainText('Ready for pickup');
  await expect(thread.getByRole('listitem').last()).toContainText(/Sent|Delivered/);
});

// How fast a change reaches other dashboards is measured by the realtime bench (npm run bench); here the point is that
// it arrives with no reload, well before anyone would reach for one.
test('a second tab sees every change without a reload', async ({ page, context }) => {
  await newOwnerOnDashboard(page);
  const other = await context.newPage();
  const otherStream = waitForEventStream(other);
  await other.goto('/dashboard');
  await otherStream;
  await expect(other.getByText('No orders have been received yet.')).toBeVisible();
  // Generous for a busy machine: how fast changes arrive is the realtime bench's business, not this test's.
  const soon = { timeout: 15_000 };

  await clickAndWaitForWrite(page, page.getByRole('button', { name: 'Create Test Order', exact: true }));
  const otherCard = other.getByRole('article');
  await expect(otherCard).toHaveCount(1, soon);
  await expect(countOf(other, 'New Orders')).toHaveText('1', soon);
  await expect(other).toHaveTitle('(1) Dashboard | PickupLine', soon);
  // Screen readers hear about it too.
  await expect(other.getByText(/^New order from .+: \d+× /)).toBeAttached();

  await clickAndWaitForWrite(other, otherCard.getByRole('button', { name: '20 min' }));
  const card = page.getByRole('article');
  await expect(statusPill(card, 'Preparing')).toBeVisible(soon);
  await expect(card).toContainText('(20 min prep)', soon);
  await expect(page).toHaveTitle('Dashboard | PickupLine', soon);

  await clickAndWaitForWrite(page, card.getByRole('button', { name: 'Mark as Ready for Pickup' }));
  await expect(statusPill(otherCard, 'Ready')).toBeVisible(soon);
  await clickAndWaitForWrite(other, otherCard.getByRole('button', { name: 'Complete Order' }));
  await expect(page.getByRole('button', { name: 'Show 1 completed' })).toBeVisible(soon);
  await page.getByRole('button', { name: 'Show 1 completed' }).click();
  await expect(statusPill(card, 'Completed')).toBeVisible();

  // With orders on the board, busy mode is under the status line's details.
  for (const tab of [page, other]) await tab.getByRole('button', { name: 'Status Details' }).click();
  await clickAndWaitForWrite(page, page.getByRole('switch', { name: 'Busy Mode' }));
  await expect(other.getByRole('switch', { name: 'Busy Mode' })).toBeChecked(soon);

  // An order placed by someone else (the phone assistant, another device) appears too.
  await createTestOrderViaApi(page, { isCustomOrder: true, customOrderText: 'Two dozen tamales for Friday' });
  await expect(other.getByText('Two dozen tamales for Friday')).toBeVisible(soon);
  await expect(page.getByText('Two dozen tamales for Friday')).toBeVisible(soon);
});

test('a tab that missed an update gets a 409 with the reason, then shows the current state', async ({
  page,
  context,
}) => {
  await newOwnerOnDashboard(page);
  await createTestOrderViaApi(page);
  const stale = await context.newPage();
  await recordToasts(stale);
  // This tab hears nothing live, as if its connection had dropped.
  await stale.route('**/api/events', (route) => route.abort());
  await stale.goto('/dashboard');
  const staleCard = stale.getByRole('article');
  await expect(statusPill(staleCard, 'New')).toBeVisible();

  await page.getByRole('article').getByRole('button', { name: '10 min' }).click();
  await expectToast(page, 'Order updated and customer notified');

  await staleCard.getByRole('button', { name: '30 min' }).click();
  await expectToast(stale, ['Failed to update order', 'This order is already preparing.']);
  await expect(statusPill(staleCard, 'Preparing')).toBeVisible();
  await expect(staleCard).toContainText('(10 min prep)');
});

test('a custom order from the Simulate Test Order dialog', async ({ page }) => {
  await newOwnerOnDashboard(page);
  const trigger = page.getByRole('button', { name: 'Simulate Test Order' });
  await trigger.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Simulate Test Order' })).toBeVisible();
  await expect(dialog).toContainText('A random order is created');
  await expect(dialog).toContainText('It appears in your dashboard right away.');
  await expect(dialog).toContainText('You can process it like any order');
  await expect(dialog).toContainText('Text messages are only simulated');

  // It fades out for 300 ms before it goes. Timed inside the page, so a slow test runner cannot miss the window.
  await page.evaluate(() => {
    const fade = new Promise<number>((resolve) => {
      let closingAt: number | null = null;
      const observer = new MutationObserver(() => {
        const element = document.querySelector('[role="dialog"]');
        if (element?.getAttribute('data-closing') === 'true') closingAt ??= performance.now();
        if (!element) {
          observer.disconnect();
          resolve(closingAt === null ? -1 : performance.now() - closingAt);
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    (window as unknown as { dialogFade: Promise<number> }).dialogFade = fade;
  });
  await page.keyboard.press('Escape');
  const fadeMs = await page.evaluate(() => (window as unknown as { dialogFade: Promise<number> }).dialogFade);
  expect(fadeMs).toBeGreaterThanOrEqual(250);
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  await trigger.click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();

  await trigger.click();
  await dialog.getByLabel('Custom order').check();
  await dialog.getByLabel('Custom order text (optional)').fill('Birthday cake for 12, chocolate');
  await dialog.getByRole('button', { name: 'Create Custom Test Order' }).click();
  await expectToast(page, 'Custom test order created successfully!');
  await expect(dialog.getByRole('heading', { name: 'Custom Order Created!' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Go to Dashboard' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article');
  await expect(card).toBeFocused();
  await expect(card.getByText('Custom', { exact: true })).toBeVisible();
  await expect(card).toContainText('Birthday cake for 12, chocolate');
  await expectCounts(page, { 'New Orders': 1, Preparing: 0, Ready: 0, Completed: 0, Custom: 1, 'Total Orders': 1 });

  await page.getByRole('tab', { name: 'Custom Orders' }).click();
  await expect(page).toHaveURL('/dashboard?filter=custom');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article').getByText('Custom', { exact: true })).toBeVisible();

  await trigger.click();
  await dialog.getByRole('button', { name: 'Create Test Order' }).click();
  await expect(dialog.getByRole('heading', { name: 'Test Order Created!' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Go to Dashboard' }).click();
  // A regular order is not a custom one: the dashboard switches to All Orders to show it.
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('article')).toHaveCount(2);
  // Oldest first: the new order joins the queue behind the custom one, and is the one brought into focus.
  await expect(page.getByRole('article').last()).toBeFocused();
  await expect(page.getByRole('article').last().getByText('Custom', { exact: true })).toHaveCount(0);
});

test('busy mode toasts, survives a reload, and reverts when the server refuses', async ({ page }) => {
  await newOwnerOnDashboard(page);
  const toggle = page.getByRole('switch', { name: 'Busy Mode' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expectToast(page, 'Busy mode enabled. New phone orders will be notified that you are too busy.');
  await expect(toggle).toBeChecked();
  await page.reload();
  await expect(toggle).toBeChecked();

  await toggle.click();
  await expectToast(page, 'Busy mode disabled. You are now accepting phone orders.');
  await page.reload();
  await expect(toggle).not.toBeChecked();

  await page.route('**/api/restaurant/busy-mode', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Down for maintenance"}' }),
  );
  await toggle.click();
  await expectToast(page, 'Failed to update busy mode. Please try again.');
  await expect(toggle).not.toBeChecked();
});

test('each filter tab has its empty state, and the tabs work from the keyboard', async ({ page }) => {
  await newOwnerOnDashboard(page);
  const empty: [string, string][] = [
    ['All Orders', 'No orders have been received yet.'],
    ['New', 'No new orders at the moment.'],
    ['Preparing', 'No preparing orders at the moment.'],
    ['Ready', 'No ready orders at the moment.'],
    ['Completed', 'No completed orders at the moment.'],
    ['Custom Orders', 'No custom orders have been received yet.'],
    ['Cancelled', 'No cancelled orders at the moment.'],
  ];
  for (const [tab, text] of empty) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel')).toContainText(text);
  }
  // Create buttons only on the All Orders tab of a restaurant with no orders at all.
  await expect(page.getByRole('button', { name: 'Create Custom Test Order' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Completed' }).focus();
  const earlier = page.getByRole('button', { name: 'Show earlier completed orders' });
  await expect(earlier).toHaveAttribute('aria-pressed', 'false');
  const withEarlier = page.waitForRequest((r) => r.url().includes('filter=completed&includeEarlier=true'));
  await earlier.click();
  await withEarlier;
  await expect(earlier).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('tab', { name: 'All Orders' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'New' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('No new orders at the moment.');
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Cancelled' })).toBeFocused();
  await expect(page).toHaveURL('/dashboard?filter=cancelled');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Custom Orders' })).toBeFocused();
  await expect(page).toHaveURL('/dashboard?filter=custom');
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Custom Orders' })).toHaveAttribute('aria-selected', 'true');
});

test('the tab title counts new orders, and the list pages with Load more', async ({ page }) => {
  await newOwnerOnDashboard(page);
  await expect(page).toHaveTitle('Dashboard | PickupLine');
  for (let i = 0; i < 3; i += 1) await createTestOrderViaApi(page);
  await expect(page).toHaveTitle('(3) Dashboard | PickupLine');
  await page.getByRole('article').first().getByRole('button', { name: '10 min' }).click();
  await expect(page).toHaveTitle('(2) Dashboard | PickupLine');

  // Two orders a page, so three orders need a second page.
  await page.route('**/api/orders?*', (route) => {
    const url = new URL(route.request().url());
    if (!url.searchParams.has('limit')) url.searchParams.set('limit', '2');
    return route.continue({ url: url.toString() });
  });
  await page.reload();
  await expect(page.getByRole('article')).toHaveCount(2);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(page.getByRole('article')).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});

test('a new order chimes unless muted, and the choice is remembered', async ({ page }) => {
  await page.addInitScript(() => {
    const counter = window as unknown as { chimeNotes: number };
    counter.chimeNotes = 0;
    window.AudioContext = class extends window.AudioContext {
      override createOscillator() {
        counter.chimeNotes += 1;
        return super.createOscillator();
      }
    };
  });
  const chimeNotes = () => page.evaluate(() => (window as unknown as { chimeNotes: number }).chimeNotes);
  await newOwnerOnDashboard(page);
  // Browsers only allow sound after the person has interacted with the page.
  await page.getByRole('heading', { name: 'Orders', exact: true }).click();

  await createTestOrderViaApi(page);
  await expect.poll(chimeNotes).toBeGreaterThan(0);
  await expect(page.getByRole('article')).toHaveCount(1);

  const sound = page.getByRole('button', { name: 'New-order sound' });
  await expect(sound).toHaveAttribute('aria-pressed', 'true');
  await sound.click();
  await expect(sound).toHaveAttribute('aria-pressed', 'false');
  const before = await chimeNotes();
  await createTestOrderViaApi(page);
  await expect(page.getByRole('article')).toHaveCount(2);
  expect(await chimeNotes()).toBe(before);

  await page.reload();
  await expect(page.getByRole('button', { name: 'New-order sound' })).toHaveAttribute('aria-pressed', 'false');
  expect(await page.evaluate(() => localStorage.getItem('pickupline.chimeMuted'))).toBe('true');
});

test('the trial banner counts the days left, turns urgent at two, and can be dismissed', async ({ page }) => {
  await newOwnerOnDashboard(page);
  const banner = page.getByRole('region', { name: 'Free trial' });
  await expect(banner).toContainText('7 days left in your free trial.');
  // Six days on, one day is left: the banner turns urgent.
  await page.clock.install({ time: new Date(Date.now() + 6 * 24 * 60 * 60 * 1000) });
  await page.reload();
  await expect(banner).toContainText('Your free trial expires in 1 day.');
  await page.getByRole('button', { name: 'Dismiss trial reminder' }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(banner).toBeHidden();
});
