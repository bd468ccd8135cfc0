import { expect, test, type Locator, type Page } from '@playwright/test';
import { assistantRequest, toolCalls, vapiCall } from '../tests/vapi-payloads';
import {
  activePhoneNumber,
  appApi,
  completeOnboarding,
  createTestOrderViaApi,
  expectToast,
  recordToasts,
  sendVapiMessage,
  signUp,
} from './fixtures';

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/** The same secret as the webServer's VAPI_WEBHOOK_SECRET in playwright.config.ts. */

/** The EventSource is connected once the stream's response has started. */
const eventStream = (page: Page) =>
  page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');

async function newOwnerOnDashboard(page: Page) {
  await signUp(page);
  const stream = eventStream(page);
  await completeOnboarding(page, { restaurantName: 'Casa Lupe' });
  await stream;
}

/** The order card whose title carries this day's number. */
const cardNumbered = (page: Page, n: number) => page.getByRole('article', { name: new RegExp(`^Order #${n}(?!\\d)`) });
/** The day's numbers of the open orders, top to bottom. */
const queue = (page: Page) =>
  page
    .getByRole('list', { name: 'Orders', exact: true })
    .getByRole('article')
    .evaluateAll((cards) => cards.map((card) => /#(\d+)/.exec(card.querySelector('h3')?.textContent ?? '')?.[1]));
const tile = (page: Page, label: string) =>
  page.getByRole('group', { name: 'Order counts' }).getByRole('button', { name: new RegExp(`^${label} \\d+$`) });
const pill = (card: Locator, status: string) => card.getByText(status, { exact: true });

// Toasts are checked from a record of every toast shown: one may be gone before a busy machine's test looks.
test.beforeEach(({ page }) => recordToasts(page));

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('orders are numbered and queued oldest first; cancel and no-show ask in the app, leave the queue, text the customer and stay in the day’s list', async ({
      page,
      context,
    }) => {
      // A whole afternoon in one test: two tabs, three orders, every kind of step.
      test.slow();
      await newOwnerOnDashboard(page);
      for (let i = 0; i < 3; i += 1) await createTestOrderViaApi(page);
      await expect(page.getByRole('article')).toHaveCount(3);
      // Oldest first: #1 is at the top, and each card says how long it has waited.
      await expect.poll(() => queue(page)).toEqual(['1', '2', '3']);
      await expect(cardNumbered(page, 1).locator('time')).toHaveText(/^Waiting (<1|\d+) min$/);

      // #1 goes into the kitchen: it moves behind the orders still waiting for a prep time.
      await cardNumbered(page, 1).getByRole('button', { name: '10 min' }).click();
      await expectToast(page, 'Order updated and customer notified');
      await expect.poll(() => queue(page)).toEqual(['2', '3', '1']);
      await expect(cardNumbered(page, 1)).toContainText(/Ready around .+\(10 min prep\)\s*(9|10) min left/);

      // Another tab follows along live.
      const other = await context.newPage();
      const otherStream = eventStream(other);
      await other.goto('/dashboard');
      await otherStream;
      await expect(cardNumbered(other, 2)).toBeVisible();

      // Cancel #2 as a duplicate: an in-app dialog (the browser's confirm box would fail this test), with the reason.
      page.on('dialog', (dialog) => {
        throw new Error(`unexpected browser dialog: ${dialog.message()}`);
      });
      await cardNumbered(page, 2).getByRole('button', { name: 'Cancel order' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Cancel order #2?' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Keep order' })).toBeFocused();
      await expect(dialog.getByRole('radio')).toHaveCount(3);
      await expect(dialog).toContainText('The customer gets a text saying the order was cancelled.');
      await page.screenshot({ path: `.tmp/screenshots/board-cancel-dialog-${viewport.width}.png` });
      await dialog.getByRole('radio', { name: 'Duplicate order' }).check();
      await dialog.getByRole('button', { name: 'Cancel order' }).click();
      await expectToast(page, 'Order cancelled and customer notified');
      await expect(dialog).toBeHidden();

      // Out of the queue and the counts, in both tabs; kept, collapsed, after the queue.
      for (const tab of [page, other]) {
        await expect.poll(() => queue(tab)).toEqual(['3', '1']);
        await expect(tile(tab, 'New Orders')).toHaveAccessibleName('New Orders 1');
        await expect(tile(tab, 'Total Orders')).toHaveAccessibleName('Total Orders 2');
      }
      const showFinished = page.getByRole('button', { name: 'Show 1 completed and cancelled' });
      await expect(showFinished).toHaveAttribute('aria-expanded', 'false');
      await showFinished.click();
      const cancelled = cardNumbered(page, 2);
      await expect(pill(cancelled, 'Cancelled')).toBeVisible();
      await expect(cancelled).toContainText('Duplicate order');
      await page.screenshot({ path: `.tmp/screenshots/board-queue-${viewport.width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Hide completed and cancelled' }).click();
      await expect(cancelled).toBeHidden();

      // #1 is ready, and nobody comes: No-show, offered only on ready orders, with that reason chosen.
      await expect(cardNumbered(page, 3).getByRole('button', { name: 'No-show' })).toHaveCount(0);
      await cardNumbered(page, 1).getByRole('button', { name: 'Mark as Ready for Pickup' }).click();
      await expectToast(page, 'Order marked as ready');
      await cardNumbered(page, 1).getByRole('button', { name: 'No-show' }).click();
      const noShow = page.getByRole('alertdialog', { name: 'Mark order #1 as a no-show?' });
      await expect(noShow.getByRole('radio', { name: 'No-show' })).toBeChecked();
      await noShow.getByRole('button', { name: 'Mark as no-show' }).click();
      await expectToast(page, 'Order marked as a no-show and customer notified');
      await expect.poll(() => queue(page)).toEqual(['3']);

      // The Cancelled tab keeps both, each with its reason and colour.
      await page.getByRole('tab', { name: 'Cancelled' }).click();
      await expect(page).toHaveURL(/filter=cancelled/);
      await expect(page.getByRole('article')).toHaveCount(2);
      await expect(cardNumbered(page, 1)).toContainText('No-show');
      await expect(cardNumbered(page, 2)).toContainText('Duplicate order');
      await page.screenshot({ path: `.tmp/screenshots/board-cancelled-tab-${viewport.width}.png`, fullPage: true });

      // A count tile is a way to the matching tab.
      await tile(page, 'New Orders').click();
      await expect(page.getByRole('tab', { name: 'New' })).toHaveAttribute('aria-selected', 'true');
      await expect(tile(page, 'New Orders')).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('article')).toHaveCount(1);
      await tile(page, 'Total Orders').focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('tab', { name: 'All Orders' })).toHaveAttribute('aria-selected', 'true');

      // The customer's texts say the number too.
      await page.goto('/outbox');
      await expect(page).toHaveTitle('Outbox | PickupLine');
      await expect(
        page.getByText('Casa Lupe: your order #2 has been cancelled. Please call us with any questions.'),
      ).toBeVisible();
      await expect(
        page.getByText('Casa Lupe: your order #1 is being prepared and will be ready for pickup in about 10 minutes.'),
      ).toBeVisible();
    });

    test('a preparing order counts down to “ready around”, then turns amber and red, in words as well as colour', async ({
      page,
    }) => {
      // The page's clock runs as usual, and can be moved forward like a kitchen's afternoon.
      await page.clock.install();
      await newOwnerOnDashboard(page);
      await createTestOrderViaApi(page);
      const card = cardNumbered(page, 1);
      await card.getByRole('button', { name: '10 min' }).click();
      const timing = card.locator('[data-timing]');
      await expect(timing).toHaveAttribute('data-timing', 'on_time');
      // The board's clock ticks every 30 seconds, so just after the click it may still read the full ten minutes.
      await expect(timing).toContainText(/^Ready around .+\(10 min prep\)(9|10) min left$/);

      await page.clock.fastForward('08:30');
      await expect(timing).toHaveAttribute('data-timing', 'due_soon');
      await expect(timing).toContainText('1 min left');
      await expect(timing).toHaveClass(/\bbg-amber-100\b/);
      await expect(card.locator('time')).toHaveText('Waiting 8 min');
      await page.screenshot({ path: `.tmp/screenshots/board-due-soon-${viewport.width}.png` });

      await page.clock.fastForward('02:00');
      await expect(timing).toHaveAttribute('data-timing', 'late');
      await expect(timing).toContainText('Late by 1 min');
      await expect(timing).toHaveClass(/\bbg-red-50\b/);
      await page.screenshot({ path: `.tmp/screenshots/board-late-${viewport.width}.png` });
    });

    test('a phone order gets the next number: the assistant says it, and the call log and card show it', async ({
      page,
    }) => {
      await signUp(page);
      await completeOnboarding(page, { restaurantName: 'Casa Lupe' });
      const hours = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
        dayOfWeek,
        openTime: '00:00',
        closeTime: '23:59',
        isClosed: false,
      }));
      expect((await appApi(page).put('/api/restaurant/hours', { data: { hours } })).status()).toBe(200);
      const dish = { name: 'Margherita Pizza', description: 'Tomato, mozzarella, basil', priceCents: 1250 };
      expect((await appApi(page).post('/api/menu-items', { data: { ...dish, isAvailable: true } })).status()).toBe(201);
      const number = await activePhoneNumber(page);
      // One order already taken today.
      await createTestOrderViaApi(page);

      const call = vapiCall({ number, caller: '+12125550187', createdAt: new Date().toISOString() });
      const send = (body: unknown) => sendVapiMessage(page, body);
      await send(assistantRequest(call));
      const answer = await send(
        toolCalls(call, [
          { name: 'place_order', args: { customer_name: 'Dana', items: [{ name: 'Margherita Pizza', quantity: 2 }] } },
        ]).body,
      );
      expect(answer.results?.[0]?.result).toContain('Your order number is 2.');

      await expect(cardNumbered(page, 2)).toContainText('Dana');
      await page.goto('/calls');
      const details = page.getByRole('button', { name: /^Details of the call from \+1 \(212\) 555-0187/ }).first();
      await details.click();
      await expect(page.getByText('#2 · 2 Margherita Pizza')).toBeVisible();
      await page.screenshot({ path: `.tmp/screenshots/board-call-log-${viewport.width}.png` });
    });
  });
}
