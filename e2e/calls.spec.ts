import { expect, test, type Page } from '@playwright/test';
import { assistantRequest, endOfCallReport, toolCalls, vapiCall, type VapiCallFixture } from '../tests/vapi-payloads';
import { activePhoneNumber, appApi, completeOnboarding, sendVapiMessage, signUp, trackLiveStream } from './fixtures';

const EMPTY_LOG = 'No calls yet. When customers call your PickupLine number, their calls appear here.';

/** The EventSource is connected once the stream's response has started. */
function waitForEventStream(page: Page) {
  return page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
}

/**
 * A new owner whose restaurant is open all day with one dish on the menu, and whose (test-mode) phone number is set
 * up, so a call to it can place an order whatever the time the test runs.
 */
async function restaurantTakingCalls(page: Page) {
  await signUp(page);
  await completeOnboarding(page, { restaurantName: 'Luigi Trattoria' });
  const hours = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
    dayOfWeek,
    openTime: '00:00',
    closeTime: '23:59',
    isClosed: false,
  }));
  expect((await appApi(page).put('/api/restaurant/hours', { data: { hours } })).status()).toBe(200);
  const dish = { name: 'Margherita Pizza', description: 'Tomato, mozzarella, basil', priceCents: 1250 };
  expect((await appApi(page).post('/api/menu-items', { data: { ...dish, isAvailable: true } })).status()).toBe(201);

  return { number: await activePhoneNumber(page) };
}

/** A whole phone call: the assistant is asked for, the caller orders (mentioning an allergy), the call ends. */
async function placePhoneOrder(page: Page, call: VapiCallFixture) {
  await sendVapiMessage(page, assistantRequest(call));
  const order = toolCalls(call, [
    {
      name: 'place_order',
      args: {
        customer_name: 'Dana',
        items: [{ name: 'Margherita Pizza', quantity: 2, notes: 'peanut allergy, please be careful' }],
      },
    },
  ]);
  await sendVapiMessage(page, order.body);
  const startedAt = new Date(Date.now() - 185_000).toISOString();
  await sendVapiMessage(
    page,
    endOfCallReport(call, {
      startedAt,
      endedAt: new Date(Date.parse(startedAt) + 186_000).toISOString(),
      summary: 'Dana ordered two Margherita pizzas for pickup and mentioned a peanut allergy.',
      transcript:
        'AI: Welcome to Luigi Trattoria! This call may be recorded.\nUser: Two Margherita pizzas, please. I have a peanut allergy.\nAI: Noted. That is two Margherita Pizza, $25.00.',
      recordingUrl: 'https://storage.vapi.ai/recordings/e2e-call.wav',
    }),
  );
}

test('a phone call appears live in the call log, and its order on the dashboard with the review badge', async ({
  page,
}) => {
  const liveStream = trackLiveStream(page);
  const { number } = await restaurantTakingCalls(page);

  // The tab's live stream, opened on the dashboard, carries on into the call log.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calls' }).click();
  await expect(page).toHaveURL(/\/calls$/);
  await expect(page).toHaveTitle('Calls | PickupLine');
  await expect.poll(liveStream.isOpen).toBe(true);
  await expect(page.getByText(EMPTY_LOG)).toBeVisible();

  const call = vapiCall({ number, caller: '+12125550187', createdAt: new Date().toISOString() });
  await sendVapiMessage(page, assistantRequest(call));

  // The call shows up while it is still going on, without a reload.
  const table = page.getByRole('table', { name: 'Calls, newest first' });
  const row = table.getByRole('row').filter({ hasText: '+1 (212) 555-0187' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('In progress');
  await expect(page.getByText(EMPTY_LOG)).toHaveCount(0);

  await placePhoneOrder(page, call);
  await expect(row).toContainText('Ordered');
  await expect(row).toContainText('3:06');
  await expect(row).toContainText('Dana ordered two Margherita pizzas');

  const details = row.getByRole('button', { name: /^Details/ });
  await details.click();
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  const transcript = page.getByRole('region', { name: 'Transcript' });
  await expect(transcript).toContainText('User: Two Margherita pizzas, please.');
  const recording = page.getByRole('link', { name: /Listen to the recording/ });
  await expect(recording).toHaveAttribute('href', 'https://storage.vapi.ai/recordings/e2e-call.wav');
  await expect(recording).toHaveAttribute('target', '_blank');
  await expect(recording).toHaveAttribute('rel', 'noreferrer');

  // View order leads to the order on the dashboard, highlighted, with its review badge and reason.
  await page.getByRole('link', { name: 'View order' }).click();
  await expect(page).toHaveURL(/\/dashboard\?order=[0-9a-f-]{36}$/);
  const card = page.getByRole('article').filter({ hasText: 'Dana' });
  await expect(card).toBeFocused();
  await expect(card.getByText('Needs review', { exact: true })).toBeVisible();
  await expect(card).toContainText('Allergy mentioned');
  await expect(card.getByText('Phone order', { exact: true })).toBeVisible();
  await expect(card).toContainText('2 × Margherita Pizza');

  // The card's Call link opens that call in the log, expanded.
  await card.getByRole('link', { name: 'Call details' }).click();
  await expect(page).toHaveURL(new RegExp(`/calls\\?call=[0-9a-f-]{36}$`));
  const opened = page.getByRole('row').filter({ hasText: '+1 (212) 555-0187' });
  await expect(opened).toBeFocused();
  await expect(opened.getByRole('button', { name: /^Details/ })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('region', { name: 'Transcript' })).toContainText('peanut allergy');
});

test('on a phone the log is a list of cards, and a new call arrives at the top', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { number } = await restaurantTakingCalls(page);
  const first = vapiCall({ number, caller: null, createdAt: new Date().toISOString() });
  await sendVapiMessage(page, assistantRequest(first));

  const stream = waitForEventStream(page);
  await page.goto('/calls');
  await stream;
  const cards = page.getByRole('list', { name: 'Calls' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Unknown caller');

  const second = vapiCall({ number, caller: '+13125550144', createdAt: new Date().toISOString() });
  await sendVapiMessage(page, assistantRequest(second));
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('+1 (312) 555-0144');
  await expect(cards.first()).toContainText('In progress');

  // Nothing on the page is wider than the phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await cards
    .first()
    .getByRole('button', { name: /^Details/ })
    .click();
  await expect(cards.first()).toContainText('No order from this call.');
});
