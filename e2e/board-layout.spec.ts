import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { appApi, completeOnboarding, createTestOrderViaApi, signUp } from './fixtures';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };
const WIDE = { width: 1440, height: 900 };

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
        'Your free trial includes everything in PickupLine Pro.',
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

interface PlacedOrder {
  id: string;
  dailyNumber: number;
  updatedAt: string;
  items: { name: string; quantity: number; options: { group: string; choice: string }[] }[];
}

/** The one dish on the menu: a pizza with one size, Large at $3.00 more, so every test order is Large Pizzas. */
async function menuOfLargePizzas(page: Page) {
  const dish = {
    name: 'Pizza',
    priceCents: 1200,
    isAvailable: true,
    options: [{ name: 'Size', required: true, multiple: false, choices: [{ name: 'Large', priceDeltaCents: 300 }] }],
  };
  const response = await appApi(page).post('/api/menu-items', { data: dish });
  expect(response.status(), await response.text()).toBe(201);
}

async function placeTestOrder(page: Page): Promise<PlacedOrder> {
  const response = await appApi(page).post('/api/orders/test', { data: { isCustomOrder: false } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { order: PlacedOrder }).order;
}

/** How many tickets sit in the rail's first row. */
const ticketsInFirstRow = (page: Page) =>
  page
    .getByRole('list', { name: 'Orders', exact: true })
    .getByRole('article')
    .evaluateAll((tickets) => {
      const tops = tickets.map((t) => Math.round(t.getBoundingClientRect().top));
      return tops.filter((top) => top === tops[0]).length;
    });

for (const size of [PHONE, WIDE]) {
  test.describe(`kitchen display at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('the rail: tickets across, the all-day count, tap to bump, kept on this device; the ticket prints the ready-by time without option prices', async ({
      page,
    }, testInfo) => {
      const watch = await watchSoundAndPrinting(page);
      await signUp(page);
      await completeOnboarding(page, { restaurantName: 'Luigi Trattoria' });
      await menuOfLargePizzas(page);
      const orders: PlacedOrder[] = [];
      for (let i = 0; i < 8; i += 1) orders.push(await placeTestOrder(page));
      const pizzas = (list: PlacedOrder[]) => list.reduce((n, o) => n + o.items[0]!.quantity, 0);
      await page.goto('/dashboard');
      await expect(page.getByRole('article')).toHaveCount(8);

      const view = page.getByRole('group', { name: 'Board view' });
      await expect(view.getByRole('button', { name: 'Cards' })).toHaveAttribute('aria-pressed', 'true');
      await view.getByRole('button', { name: 'Rail' }).click();
      await expect(view.getByRole('button', { name: 'Rail' })).toHaveAttribute('aria-pressed', 'true');

      const allDay = page.getByRole('region', { name: 'All-day' });
      await expect(allDay.getByRole('listitem')).toHaveText([`Large Pizza × ${pizzas(orders)}`]);
      await expect.poll(() => ticketsInFirstRow(page)).toBe(size === PHONE ? 2 : 6);
      await expectNoSidewaysScroll(page);
      await screenshot(page, testInfo, 'rail');

      // One tap starts #1 with the kitchen's usual time; the next marks it ready, and the all-day count drops.
      const first = page.getByRole('article', { name: /^Order #1 / });
      await first.getByRole('button', { name: 'Start · 15 min for order #1' }).click();
      await expect(first.getByRole('button', { name: 'Mark ready for order #1' })).toBeVisible();
      await expect(first).toContainText(/Ready by \d{1,2}:\d{2} [AP]M/);
      await expect(allDay.getByRole('listitem')).toHaveText([`Large Pizza × ${pizzas(orders)}`]);
      await first.getByRole('button', { name: 'Mark ready for order #1' }).focus();
      await page.keyboard.press('Enter');
      await expect(first.getByRole('button', { name: 'Picked up for order #1' })).toBeVisible();
      await expect(allDay.getByRole('listitem')).toHaveText([`Large Pizza × ${pizzas(orders.slice(1))}`]);

      // The choice belongs to this device: it is still the rail after a reload.
      await page.reload();
      await expect(
        page.getByRole('group', { name: 'Board view' }).getByRole('button', { name: 'Rail' }),
      ).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('region', { name: 'All-day' })).toBeVisible();

      // #2 is started on its card; its ticket says when it is due and what to make, without prices of options.
      await page.getByRole('group', { name: 'Board view' }).getByRole('button', { name: 'Cards' }).click();
      const second = page.getByRole('article', { name: /^Order #2 / });
      await second.getByRole('button', { name: '20 min' }).click();
      const readyAround = (await second.locator('[data-timing] strong').textContent())!;
      await second.getByRole('button', { name: /^Print ticket for order #2, / }).click();
      expect(await watch.printed()).toEqual(['Kitchen ticket #2']);
      const ticket = page
        .frameLocator('#order-ticket-frame')
        .getByRole('article', { name: 'Kitchen ticket for order #2' });
      await expect(ticket.getByText(/^Ready by /)).toHaveText(`Ready by ${readyAround}`);
      await expect(ticket.getByRole('list', { name: 'Options' })).toHaveText('Size: Large');
      await expect(ticket).not.toContainText('+$');
      const html = await page.evaluate(
        () =>
          (document.getElementById('order-ticket-frame') as HTMLIFrameElement).contentDocument!.documentElement
            .outerHTML,
      );
      const paper = await page.context().newPage();
      await paper.setViewportSize({ width: 303, height: 500 });
      await paper.setContent(html);
      await paper.emulateMedia({ media: 'print' });
      await screenshot(paper, testInfo, 'ticket with ready-by', { fullPage: true });
    });
  });
}

const RESTAURANT_ZONE = 'America/Los_Angeles';
/** What the restaurant's own clock reads at that moment, and its zone's short name then ('PST'). */
function restaurantClockAt(iso: string) {
  const at = new Date(iso);
  const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: RESTAURANT_ZONE });
  const zone = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short', timeZone: RESTAURANT_ZONE })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')!.value;
  return { time: time.format(at), zone };
}

for (const size of [PHONE, WIDE]) {
  test.describe(`a tablet in another time zone at ${size.width}×${size.height}`, () => {
    // The restaurant is in Los Angeles; this browser's clock is Tokyo's, 16 or 17 hours ahead.
    test.use({ viewport: size, timezoneId: 'Asia/Tokyo' });

    test('the board, its ticket, the busy banner, the calls page and the texts show the restaurant’s clock, and say whose it is', async ({
      page,
    }, testInfo) => {
      const watch = await watchSoundAndPrinting(page);
      await signUp(page);
      await completeOnboarding(page, { restaurantName: 'Luigi Trattoria' });
      const api = appApi(page);
      const info = {
        restaurantName: 'Luigi Trattoria',
        phoneNumber: '(555) 201-3344',
        address: '12 Market St, Springfield',
        timezone: RESTAURANT_ZONE,
      };
      expect((await api.put('/api/restaurant', { data: info })).status()).toBe(200);
      const order = await createTestOrderViaApi(page);
      const started = await api.post(`/api/orders/${order.id}/prep-time`, { data: { minutes: 10 } });
      expect(started.status()).toBe(200);
      const { updatedAt } = ((await started.json()) as { order: { updatedAt: string } }).order;
      const readyBy = restaurantClockAt(new Date(Date.parse(updatedAt) + 10 * 60_000).toISOString());
      const busy = await api.put('/api/restaurant/busy-mode', { data: { isBusyMode: true, durationMinutes: 30 } });
      expect(busy.status()).toBe(200);
      const { busyUntil } = (await busy.json()) as { busyUntil: string };
      const busyEnd = restaurantClockAt(busyUntil);

      await page.goto('/dashboard');
      const card = page.getByRole('article', { name: /^Order #1 / });
      await expect(card.locator('[data-timing] strong')).toHaveText(`${readyBy.time} ${readyBy.zone}`);
      await expect(page.getByText('Times are in the restaurant’s time zone:')).toHaveText(
        `Times are in the restaurant’s time zone: Los Angeles (${readyBy.zone}).`,
      );
      if (size === WIDE) {
        await expect(page.getByRole('region', { name: 'Busy mode status' })).toContainText(
          `until ${busyEnd.time} ${busyEnd.zone}`,
        );
      }
      await page.getByRole('button', { name: 'Status Details' }).click();
      await expect(page.getByText(/^On for another \d+ minutes, until /)).toContainText(
        `until ${busyEnd.time} ${busyEnd.zone}.`,
      );
      await screenshot(page, testInfo, 'board in another zone');

      await page.getByRole('group', { name: 'Board view' }).getByRole('button', { name: 'Rail' }).click();
      await expect(page.getByRole('article', { name: /^Order #1 / })).toContainText(
        `Ready by ${readyBy.time} ${readyBy.zone}`,
      );
      await screenshot(page, testInfo, 'rail in another zone');
      await page.getByRole('group', { name: 'Board view' }).getByRole('button', { name: 'Cards' }).click();

      await card.getByRole('button', { name: /^Print ticket for order #1, / }).click();
      expect(await watch.printed()).toEqual(['Kitchen ticket #1']);
      const ticket = page
        .frameLocator('#order-ticket-frame')
        .getByRole('article', { name: 'Kitchen ticket for order #1' });
      await expect(ticket.getByText(/^Ready by /)).toHaveText(`Ready by ${readyBy.time} ${readyBy.zone}`);

      await page.goto('/calls');
      await expect(page.getByText('Times are in the restaurant’s time zone:')).toBeVisible();
      await screenshot(page, testInfo, 'calls in another zone');
      // The texts the customer got, on the same clock.
      await page.goto('/outbox');
      await expect(page.getByRole('main').locator('time').first()).toHaveText(
        new RegExp(`\\d{1,2}:\\d{2} [AP]M ${readyBy.zone}$`),
      );
      await screenshot(page, testInfo, 'texts in another zone');
    });
  });
}
