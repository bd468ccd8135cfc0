import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { completeOnboarding, createTestOrderViaApi, signUp } from './fixtures';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

function waitForEventStream(page: Page) {
  return page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
}

/** A restaurant with `count` test orders (the third a custom one), its dashboard open on `board` (default: `page`). */
async function ownerWithOrders(page: Page, count: number, board = page) {
  await signUp(page);
  await completeOnboarding(page, { restaurantName: 'Luigi Trattoria' });
  const orders = [];
  for (let i = 0; i < count; i += 1) orders.push(await createTestOrderViaApi(page, { isCustomOrder: i === 2 }));
  const stream = waitForEventStream(board);
  await board.goto('/dashboard');
  await stream;
  await expect(board.getByRole('article')).toHaveCount(count);
  return orders;
}

function expectInViewport(page: Page, box: { x: number; y: number; width: number; height: number } | null) {
  const viewport = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Kept in the test's output folder, to look at. */
async function screenshot(page: Page, testInfo: TestInfo, name: string, options: { fullPage?: boolean } = {}) {
  const path = testInfo.outputPath(`${name.replaceAll(' ', '-')}.png`);
  await page.screenshot({ path, ...options });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Counts the chime's notes (two per chime) and the tickets sent to the printer. */
async function watchSoundAndPrinting(page: Page) {
  await page.addInitScript(() => {
    const seen = window as unknown as { chimeNotes: number; printed: string[] };
    seen.chimeNotes = 0;
    seen.printed = [];
    window.AudioContext = class extends window.AudioContext {
      override createOscillator() {
        seen.chimeNotes += 1;
        return super.createOscillator();
      }
    };
    // The ticket frame's print() would open the print dialog: note what it was asked to print instead.
    const frameWindow = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow')!;
    Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
      get(this: HTMLIFrameElement) {
        const view = frameWindow.get!.call(this) as (Window & { printWatched?: boolean }) | null;
        if (view && !view.printWatched) {
          view.printWatched = true;
          view.print = () => void seen.printed.push(view.document.title);
        }
        return view;
      },
    });
  });
  return {
    chimeNotes: () => page.evaluate(() => (window as unknown as { chimeNotes: number }).chimeNotes),
    printed: () => page.evaluate(() => (window as unknown as { printed: string[] }).printed),
  };
}

for (const size of [PHONE, LAPTOP]) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('orders first: the first card in view, one header row, no sideways scroll, every tab reachable', async ({
      page,
    }, testInfo) => {
      await ownerWithOrders(page, 3);
      const first = page.getByRole('article').first();
      expectInViewport(page, await first.boundingBox());
      await expectNoSidewaysScroll(page);
      await screenshot(page, testInfo, 'dashboard with three orders');

      const header = await page.getByRole('banner').boundingBox();
      if (size === PHONE) expect(header!.height).toBeLessThanOrEqual(64);
      else expect(header!.height).toBeLessThanOrEqual(72);

      // Each tab is on screen (wrapped, not scrolled out of sight) and works.
      const tabs = page.getByRole('tablist', { name: 'Filter orders' }).getByRole('tab');
      await expect(tabs).toHaveText([
        /All Orders/,
        /^New$/,
        /Preparing/,
        /Ready/,
        /Completed/,
        /Custom Orders/,
        /Cancelled/,
      ]);
      for (const tab of await tabs.all()) expectInViewport(page, await tab.boundingBox());
      await tabs.last().click();
      await expect(tabs.last()).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel')).toContainText('No cancelled orders at the moment.');
      await tabs.first().click();

      // The restaurant's status is one line; its details (busy mode, phone, trial, plan) open from it.
      const busy = page.getByRole('switch', { name: 'Busy Mode' });
      await expect(busy).toHaveCount(0);
      const status = page.getByText('Restaurant status:').locator('..');
      await expect(status).toContainText('Trial: 7 days');
      await expect(status).toContainText('Not busy');
      const details = page.getByRole('button', { name: 'Status Details' });
      await expect(details).toHaveAttribute('aria-expanded', 'false');
      await details.click();
      await expect(details).toHaveAttribute('aria-expanded', 'true');
      await expect(busy).toBeVisible();
      await expect(page.getByRole('region', { name: 'Free trial' })).toContainText('7 days left in your free trial.');
      await expect(page.getByRole('region', { name: 'Subscription status' })).toContainText(
        'Upgrade to PickupLine Pro for unlimited orders and premium features',
      );
      await expectNoSidewaysScroll(page);
      await screenshot(page, testInfo, 'status details open');

      if (size === PHONE) {
        // The navigation is one menu button on a phone.
        await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
        await page.getByRole('button', { name: 'Menu' }).click();
        const nav = page.getByRole('navigation', { name: 'Main' });
        await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'Calls', 'Outbox', 'Settings', 'Billing']);
        await screenshot(page, testInfo, 'phone menu');
        await nav.getByRole('link', { name: 'Calls' }).click();
        await expect(page).toHaveURL(/\/calls$/);
        await expect(nav).toBeHidden();
      } else {
        await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calls' })).toBeVisible();
      }
    });

    test('Print ticket prints an 80 mm kitchen ticket from a hidden frame', async ({ page }, testInfo) => {
      const watch = await watchSoundAndPrinting(page);
      const [order] = await ownerWithOrders(page, 1);
      const card = page.getByRole('article').first();
      await card.getByRole('button', { name: /^Print ticket for order #1, / }).click();
      expect(await watch.printed()).toEqual(['Kitchen ticket #1']);

      const frame = page.frameLocator('#order-ticket-frame');
      const ticket = frame.getByRole('article', { name: 'Kitchen ticket for order #1' });
      await expect(ticket.getByRole('heading', { level: 1 })).toHaveText('#1');
      await expect(ticket).toContainText('Luigi Trattoria');
      await expect(ticket.getByRole('region', { name: 'Customer' })).toContainText(order!.customerName!);
      await expect(ticket.getByRole('list', { name: 'Items' }).getByRole('listitem').first()).toContainText(/\d+ ×/);
      await expect(ticket).toContainText(/Total\$\d+\.\d{2}/);
      await expect(page.locator('#order-ticket-frame')).toHaveAttribute('aria-hidden', 'true');
      const pageRule = await page.evaluate(
        () =>
          (document.getElementById('order-ticket-frame') as HTMLIFrameElement).contentDocument!.getElementById(
            'ticket-page',
          )!.textContent,
      );
      expect(pageRule).toMatch(/@page \{ size: 80mm \d+mm; margin: 0; \}/);

      // As the printer sees it.
      const html = await page.evaluate(
        () =>
          (document.getElementById('order-ticket-frame') as HTMLIFrameElement).contentDocument!.documentElement
            .outerHTML,
      );
      const paper = await page.context().newPage();
      await paper.setViewportSize({ width: 303, height: 500 });
      await paper.setContent(html);
      await paper.emulateMedia({ media: 'print' });
      await expect(paper.getByRole('heading', { level: 1 })).toHaveText('#1');
      await screenshot(paper, testInfo, 'kitchen ticket', { fullPage: true });
      // The dashboard itself prints as before: the ticket's page size lives only in its frame.
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('article').first()).toBeVisible();
    });
  });
}

test.describe('on a kitchen tablet', () => {
  test.use({ viewport: PHONE });

  test('the alert repeats until Got it or the order is acted on, and says so', async ({
    page: owner,
    context,
  }, testInfo) => {
    // The kitchen tablet: the board in a tab of its own.
    const page = await context.newPage();
    const watch = await watchSoundAndPrinting(page);
    await page.clock.install();
    await ownerWithOrders(owner, 0, page);
    // One board open in this browser: a second one would take turns chiming with it.
    await owner.close();
    // Browsers only allow sound after a tap on the page.
    await page.getByRole('heading', { name: 'Orders', exact: true }).click();

    await page.getByRole('button', { name: 'Alerts & printing' }).click();
    const repeat = page.getByRole('checkbox', { name: 'Repeat the alert until acknowledged' });
    await repeat.check();
    await page.keyboard.press('Escape');

    await createTestOrderViaApi(page);
    const alert = page.getByRole('region', { name: 'New order alert' });
    await expect(alert).toContainText('New order #1 from');
    await expect(alert).toContainText('Repeats until acknowledged');
    await expect(page.getByText(/^New order from .+ \(order #1\)$/)).toBeAttached();
    await expect.poll(watch.chimeNotes).toBe(2);
    // Whole, on the tablet's screen, once the alert has settled above it.
    await expect(page.getByRole('article').first()).toBeInViewport({ ratio: 1 });
    await screenshot(page, testInfo, 'new order alert');

    await page.clock.fastForward(10_000);
    await expect.poll(watch.chimeNotes).toBe(4);
    await page.clock.fastForward(10_000);
    await expect.poll(watch.chimeNotes).toBe(6);

    await alert.getByRole('button', { name: 'Got it' }).click();
    await expect(alert).toBeHidden();
    await expect(page.getByRole('article').first()).toBeFocused();
    await page.clock.fastForward(30_000);
    expect(await watch.chimeNotes()).toBe(6);

    // A second order, acknowledged by setting its prep time.
    await createTestOrderViaApi(page);
    await expect(alert).toContainText('New order #2 from');
    await expect.poll(watch.chimeNotes).toBe(8);
    await page.clock.fastForward(10_000);
    await expect.poll(watch.chimeNotes).toBe(10);
    const second = page.getByRole('article').filter({ hasText: '#2' });
    await second.getByRole('button', { name: '10 min' }).click();
    await expect(alert).toBeHidden();
    await page.clock.fastForward(30_000);
    expect(await watch.chimeNotes()).toBe(10);

    // Muted, the header says so in words.
    await page.getByRole('button', { name: 'New-order sound' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Sound off' })).toBeVisible();
    await expect(page.getByText('Sound off')).toBeInViewport();
    await createTestOrderViaApi(page);
    await expect(alert).toContainText('New order #3 from');
    await page.clock.fastForward(20_000);
    expect(await watch.chimeNotes()).toBe(10);
    await screenshot(page, testInfo, 'muted');
  });

  test('print new orders automatically: each live order once, in one tab only', async ({ page, context }) => {
    const watch = await watchSoundAndPrinting(page);
    await ownerWithOrders(page, 0);
    await page.getByRole('button', { name: 'Alerts & printing' }).click();
    await page.getByRole('checkbox', { name: 'Print new orders automatically' }).check();
    await page.keyboard.press('Escape');

    const other = await context.newPage();
    const otherWatch = await watchSoundAndPrinting(other);
    const stream = waitForEventStream(other);
    await other.goto('/dashboard');
    await stream;

    await createTestOrderViaApi(page);
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(other.getByRole('article')).toHaveCount(1);
    await expect
      .poll(async () => [...(await watch.printed()), ...(await otherWatch.printed())])
      .toEqual(['Kitchen ticket #1']);
    // The first tab holds the printer role; the second only shows the order.
    expect(await otherWatch.printed()).toEqual([]);
    await expect(page.frameLocator('#order-ticket-frame').getByRole('heading', { level: 1 })).toHaveText('#1');

    // Orders already on the board when it opens are not printed again.
    const printedBefore = await watch.printed();
    await page.reload();
    await expect(page.getByRole('article')).toHaveCount(1);
    await createTestOrderViaApi(page, { isCustomOrder: true, customOrderText: 'Two dozen tamales' });
    await expect(page.getByRole('article')).toHaveCount(2);
    await expect
      .poll(async () => [...printedBefore, ...(await watch.printed()), ...(await otherWatch.printed())].sort())
      .toEqual(['Kitchen ticket #1', 'Kitchen ticket #2']);
  });
});
