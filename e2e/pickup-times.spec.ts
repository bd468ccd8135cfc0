import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { assistantRequest, toolCalls, vapiCall } from '../tests/vapi-payloads';
import { activePhoneNumber, appApi, completeOnboarding, sendVapiMessage, signUp } from './fixtures';

/** Where the screenshots of this spec are kept, to look at. */
const SHOTS = process.env.PICKUP_SHOTS_DIR ?? '.tmp/screenshots';

/** Open around the clock in two periods: any time asked for is within opening hours, whenever the test runs. */
const ALL_DAY = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
  dayOfWeek,
  openTime: '00:00',
  closeTime: '12:00',
  openTime2: '12:00',
  closeTime2: '00:00',
  isClosed: false,
}));

/** Plays Vapi's side of one phone call that places one order; answers what the assistant would say. */
async function phoneOrder(page: Page, number: string, caller: string, args: Record<string, unknown>) {
  const call = vapiCall({ number, caller, createdAt: new Date().toISOString() });
  const send = (body: unknown) => sendVapiMessage(page, body);
  await send(assistantRequest(call));
  const answer = await send(toolCalls(call, [{ name: 'place_order', args }]).body);
  return answer.results?.[0]?.result ?? '';
}

// The browser's clock is New York's, the restaurant's Tokyo's: every time on the board must be Tokyo's, named.
test.use({ timezoneId: 'America/New_York' });

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the kitchen capacity is a setting, and a later pickup waits beside the queue with its time', async ({
      page,
    }) => {
      mkdirSync(SHOTS, { recursive: true });
      await signUp(page);
      await completeOnboarding(page, { restaurantName: 'Kaiten Sushi' });
      const api = appApi(page);
      expect((await api.put('/api/restaurant/hours', { data: { hours: ALL_DAY } })).status()).toBe(200);
      const dish = { name: 'Salmon Roll', priceCents: 900, preparationTime: 20, isAvailable: true };
      expect((await api.post('/api/menu-items', { data: dish })).status()).toBe(201);

      // The setting, in the restaurant settings form.
      await page.goto('/settings?tab=restaurant');
      await page.getByLabel('Time zone').selectOption('Asia/Tokyo');
      const capacity = page.getByLabel('Orders the kitchen works on at once');
      await expect(capacity).toHaveValue('3');
      await capacity.fill('0');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('Enter a whole number from 1 to 20')).toBeVisible();
      await expect(capacity).toHaveAttribute('aria-invalid', 'true');
      await page.screenshot({ path: `${SHOTS}/settings-kitchen-capacity-error-${viewport.width}.png`, fullPage: true });
      await capacity.fill('2');
      await capacity.focus();
      await page.screenshot({ path: `${SHOTS}/settings-kitchen-capacity-${viewport.width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect
        .poll(
          async () =>
            ((await (await api.get('/api/restaurant')).json()) as { kitchenCapacity: number }).kitchenCapacity,
        )
        .toBe(2);
      await page.reload();
      await expect(page.getByLabel('Orders the kitchen works on at once')).toHaveValue('2');

      const number = await activePhoneNumber(page);

      const roll = { customer_name: 'Aiko', items: [{ name: 'Salmon Roll', quantity: 2 }] };
      const later = await phoneOrder(page, number, '+12125550181', { ...roll, pickup_time: 'in 2 hours' });
      const scheduled = /It will be ready for pickup (?:today|tomorrow) at (\d{1,2}:\d{2} [AP]M)\./.exec(later);
      expect(scheduled, later).not.toBeNull();
      const now = await phoneOrder(page, number, '+12125550182', { ...roll, customer_name: 'Ren' });
      const quoted = /in about 20 minutes, around (\d{1,2}:\d{2} [AP]M)\./.exec(now);
      expect(quoted, now).not.toBeNull();

      await page.goto('/dashboard');
      const queue = page.getByRole('list', { name: 'Orders', exact: true });
      const laterList = page.getByRole('list', { name: 'Scheduled for later' });
      await expect(queue.getByRole('article')).toHaveCount(1);
      await expect(queue.getByRole('article')).toContainText('Ren');
      // The quote the caller heard, on the restaurant's clock and named (the browser reads another zone).
      await expect(queue.getByRole('article')).toContainText(`Quoted around ${quoted![1]} GMT+9`);
      await expect(laterList.getByRole('article')).toHaveCount(1);
      await expect(laterList.getByRole('article')).toContainText('Aiko');
      await expect(laterList.getByRole('article')).toContainText(
        new RegExp(`Scheduled for (\\w{3} \\d+, )?${scheduled![1]} GMT\\+9`),
      );
      await expect(laterList.getByRole('article')).toContainText(/kitchen starts \d{1,2}:\d{2} [AP]M GMT\+9/);
      await page.screenshot({ path: `${SHOTS}/board-scheduled-${viewport.width}.png`, fullPage: true });

      // The rail keeps it beside the queue too, and the all-day count leaves it out until it is time to start.
      await page.getByRole('button', { name: 'Rail' }).click();
      await expect(laterList.getByRole('article')).toContainText(scheduled![1]!);
      await expect(page.getByRole('list', { name: 'Still to make, all open orders' })).toContainText('Salmon Roll × 2');
      // One tap starts the order with its own preparation time, the one its quote was built on.
      await expect(queue.getByRole('button', { name: /^Start · 20 min for order #\d+$/ })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/rail-scheduled-${viewport.width}.png`, fullPage: true });
    });
  });
}
