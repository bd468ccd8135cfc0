import { expect, test, type Page } from '@playwright/test';
import type { MeResponse } from '../src/shared/contracts/me';
import { completeOnboarding, expectToast, recordToasts, signUp } from './fixtures';

const DAY_MS = 24 * 60 * 60 * 1000;
const VISA = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const MASTERCARD = '5555 5555 5555 4444';
const TRIAL_EXPIRED_TOAST =
  'Your trial period has expired. Please upgrade your account to continue using all features.';
const PLAN_EXPIRED_HEADING = 'Your phone assistant is not taking new orders';
const BUSY_MODE_PLAN_ENDED = 'Your plan has ended, so your assistant is not taking new orders.';
const BUSY_MODE_TAKING_ORDERS = 'Off: your assistant is taking phone orders.';
const TRIAL_BANNER =
  'Your free trial includes everything in PickupLine Pro. Upgrade to keep taking orders when it ends.';
const TRIAL_ENDED_BANNER = 'Your free trial has ended. Upgrade to PickupLine Pro to take phone orders again.';
/** Subscribing with trial days left charges nothing: the page says so, and names the first charge. */
const NOTHING_CHARGED = 'Nothing has been charged today.';
const firstChargeBanner = (date: string) =>
  `You are subscribed to PickupLine Pro. Your free trial continues; the first charge is on ${date}.`;

// Each test signs up, walks the six onboarding steps and checks out across several full page loads.
test.describe.configure({ timeout: 60_000 });

/** A plan date as the browser writes it (en-US, the machine's time zone). */
const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'long' });

/** The EventSource is connected once the stream's response has started. */
function waitForEventStream(page: Page) {
  return page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
}

async function me(page: Page): Promise<MeResponse> {
  const response = await page.request.get('/api/me');
  expect(response.ok()).toBe(true);
  return (await response.json()) as MeResponse;
}

const busyModeSwitch = (page: Page) => page.getByRole('switch', { name: 'Busy Mode' });
const subscriptionBanner = (page: Page) => page.getByRole('region', { name: 'Subscription status' });
const billingSection = (page: Page, name: 'Subscription' | 'Payment method' | 'Billing history') =>
  page.getByRole('main').getByRole('region', { name, exact: true });

async function newOwner(page: Page) {
  await signUp(page);
  await completeOnboarding(page);
}

/**
 * An owner whose seven-day trial ended yesterday, without a subscription: the browser's clock (for every tab of the
 * context) moves eight days on, as in protected-area.spec.ts.
 */
async function expiredTrialOwner(page: Page) {
  await newOwner(page);
  await recordToasts(page);
  await page.clock.install({ time: new Date(Date.now() + 8 * DAY_MS) });
  await page.reload();
  await expect(page.getByRole('banner').getByText('Trial expired')).toBeVisible();
}

/** On the test-mode checkout page: types a card and submits it. */
async function payWithCard(page: Page, cardNumber: string, submit: RegExp = /^(Start subscription|Subscribe)$/) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Sam Owner');
  await page.getByRole('button', { name: submit }).click();
}

async function expectOnTestCheckout(page: Page) {
  await expect(page).toHaveURL(/\/billing\/test-checkout\/[^/]+$/);
  await expect(page.getByText('TEST MODE: no real card is charged')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'PickupLine Pro' })).toBeVisible();
}

/** A trial owner subscribes from the pricing page with the Visa test card and is back on the dashboard. */
async function subscribeFromPricing(page: Page) {
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Subscribe Now' }).click();
  await expectOnTestCheckout(page);
  await payWithCard(page, VISA);
  await expect(page).toHaveURL(/\/payment\/success/);
  await expect(page.getByRole('status')).toContainText(NOTHING_CHARGED);
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL('/dashboard');
}

test('an expired-trial owner subscribes, cancels and renews, all in test mode', async ({ page }) => {
  await expiredTrialOwner(page);

  // Told clearly: the badge, the toast and the dashboard's notice with its own Subscribe button.
  await expectToast(page, TRIAL_EXPIRED_TOAST);
  const notice = page.getByRole('region', { name: PLAN_EXPIRED_HEADING });
  await expect(notice).toContainText('Your free trial has ended');
  await expect(subscriptionBanner(page)).toContainText(TRIAL_ENDED_BANNER);
  await expect(busyModeSwitch(page)).toHaveAccessibleDescription(BUSY_MODE_PLAN_ENDED);

  // A declined card shows Stripe's message and creates nothing.
  await notice.getByRole('button', { name: 'Subscribe' }).click();
  await expectOnTestCheckout(page);
  await payWithCard(page, DECLINED);
  const cardNumber = page.getByLabel('Card number');
  await expect(cardNumber).toHaveAccessibleDescription(/Your card was declined\./);
  await expect(cardNumber).toBeFocused();
  await expect(page).toHaveURL(/\/billing\/test-checkout\//);

  await page.goto('/account/billing');
  await expect(billingSection(page, 'Subscription')).toContainText('Trial');
  await expect(billingSection(page, 'Subscription').getByRole('button', { name: 'Subscribe' })).toBeVisible();
  await expect(billingSection(page, 'Payment method')).toContainText('No card on file');
  await expect(billingSection(page, 'Billing history')).toContainText('No billing history available');
  expect((await me(page)).plan.status).toBe('trial');

  // The Visa test card subscribes.
  await billingSection(page, 'Subscription').getByRole('button', { name: 'Subscribe' }).click();
  await expectOnTestCheckout(page);
  await payWithCard(page, VISA);
  await expect(page).toHaveURL(/\/payment\/success/);
  // Only the browser's clock has moved on: the server still has trial days left, so the plan starts in its
  // trial and nothing is charged; the page says that rather than "Payment successful".
  await expect(page.getByRole('heading', { name: 'Your plan is set up' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(NOTHING_CHARGED);
  await expect(page.getByText('Payment successful')).toHaveCount(0);

  const { plan } = await me(page);
  expect(plan).toMatchObject({ status: 'active', providerStatus: 'trialing' });
  const renewsOn = longDate(plan.currentPeriodEnd!);
  await expect(page.getByRole('status')).toContainText(`your card is first charged $39 on ${renewsOn}`);
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(subscriptionBanner(page)).toContainText(firstChargeBanner(renewsOn));
  await expect(page.getByRole('banner').getByText('Trial expired')).toHaveCount(0);
  await expect(page.getByRole('region', { name: PLAN_EXPIRED_HEADING })).toHaveCount(0);
  await expect(busyModeSwitch(page)).toHaveAccessibleDescription(BUSY_MODE_TAKING_ORDERS);

  // The billing page: Active, the card and one invoice.
  await subscriptionBanner(page).getByRole('link', { name: 'Manage Subscription' }).click();
  await expect(page).toHaveURL('/account/billing');
  await expect(page).toHaveTitle('Billing | PickupLine');
  const subscription = billingSection(page, 'Subscription');
  await expect(subscription.getByText('Active', { exact: true })).toBeVisible();
  await expect(subscription.getByText('Free trial', { exact: true })).toBeVisible();
  await expect(subscription).toContainText(`Nothing has been charged yet; the first charge of $39 is on ${renewsOn}.`);
  await expect(billingSection(page, 'Payment method')).toContainText('Visa ending in 4242');
  const rows = billingSection(page, 'Billing history').getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Paid');
  await expect(rows.nth(1)).toContainText('$0.00');

  // Cancel, after the app's own confirmation.
  await subscription.getByRole('button', { name: 'Cancel Subscription' }).click();
  const question = page.getByRole('alertdialog', { name: 'Cancel your subscription?' });
  await expect(question).toContainText(`until your free trial ends on ${renewsOn}, and your card will not be charged.`);
  await question.getByRole('button', { name: 'Cancel Subscription' }).click();
  await expect(question).toHaveCount(0);
  await expect(subscription.getByText('Canceling', { exact: true })).toBeVisible();
  await expect(subscription).toContainText(`Access until: ${renewsOn}`);
  await expect(subscriptionBanner(page)).toContainText(
    `Your subscription will end on ${renewsOn}. Renew to keep access to all features.`,
  );

  // Renew from the banner.
  await subscriptionBanner(page).getByRole('button', { name: 'Renew Subscription' }).click();
  await expect(subscription.getByText('Active', { exact: true })).toBeVisible();
  await expect(subscriptionBanner(page)).toContainText(firstChargeBanner(renewsOn));
  await expect(subscription.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
  expect((await me(page)).plan).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
});

test('dismissing the cancel confirmation changes nothing; Reactivate on the billing page renews', async ({ page }) => {
  await newOwner(page);
  await subscribeFromPricing(page);
  await page.goto('/account/billing');
  const subscription = billingSection(page, 'Subscription');
  await expect(subscription.getByText('Active', { exact: true })).toBeVisible();

  let cancelRequests = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/billing/cancel-subscription') cancelRequests += 1;
  });
  // The app's own dialog, not the browser's: Keep Subscription (or Escape) changes nothing.
  page.on('dialog', (dialog) => {
    throw new Error(`The browser's own dialog appeared: ${dialog.message()}`);
  });
  const question = page.getByRole('alertdialog', { name: 'Cancel your subscription?' });
  await subscription.getByRole('button', { name: 'Cancel Subscription' }).click();
  await expect(question.getByRole('button', { name: 'Keep Subscription' })).toBeFocused();
  await question.getByRole('button', { name: 'Keep Subscription' }).click();
  await expect(question).toHaveCount(0);
  await subscription.getByRole('button', { name: 'Cancel Subscription' }).click();
  await expect(question).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(question).toHaveCount(0);
  await expect(subscription.getByRole('button', { name: 'Cancel Subscription' })).toBeEnabled();
  await expect(subscription.getByText('Active', { exact: true })).toBeVisible();
  await expect(subscriptionBanner(page)).toContainText('the first charge is on');
  expect(cancelRequests).toBe(0);
  expect((await me(page)).plan).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });

  await subscription.getByRole('button', { name: 'Cancel Subscription' }).click();
  await question.getByRole('button', { name: 'Cancel Subscription' }).click();
  await expect(subscription.getByText('Canceling', { exact: true })).toBeVisible();
  await subscription.getByRole('button', { name: 'Reactivate Subscription' }).click();
  await expect(subscription.getByText('Active', { exact: true })).toBeVisible();
  expect(cancelRequests).toBe(1);
});

test('Update Payment Method changes the card on file', async ({ page }) => {
  await newOwner(page);
  await subscribeFromPricing(page);
  // The header's link (a toast about the phone system may be lying over it just now).
  await expect(page.getByRole('banner').getByRole('link', { name: 'Billing' })).toHaveAttribute(
    'href',
    '/account/billing',
  );
  await page.goto('/account/billing');
  const paymentMethod = billingSection(page, 'Payment method');
  await expect(paymentMethod).toContainText('Visa ending in 4242');

  await paymentMethod.getByRole('button', { name: 'Update Payment Method' }).click();
  await expect(page).toHaveURL(/\/billing\/test-checkout\/[^/]+$/);
  await expect(page.getByText('TEST MODE: no real card is charged')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Update payment method' })).toBeVisible();
  await payWithCard(page, MASTERCARD, /^Save card$/);

  await expect(page).toHaveURL('/account/billing');
  await expect(billingSection(page, 'Payment method')).toContainText('Mastercard ending in 4444');
  await expect(billingSection(page, 'Subscription').getByText('Active', { exact: true })).toBeVisible();
});

test('a subscribed owner on /pricing sees Currently Subscribed and Manage Subscription', async ({ page }) => {
  await newOwner(page);
  await subscribeFromPricing(page);
  await page.goto('/pricing');
  await expect(page.getByText('Currently Subscribed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscribe Now' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Manage Subscription' }).click();
  await expect(page).toHaveURL('/account/billing');
});

test("a second tab's dashboard loses the expired notice as soon as the first tab subscribes", async ({
  page,
  context,
}) => {
  await expiredTrialOwner(page);
  const other = await context.newPage();
  const otherStream = waitForEventStream(other);
  await other.goto('/dashboard');
  await otherStream;
  const otherNotice = other.getByRole('region', { name: PLAN_EXPIRED_HEADING });
  await expect(otherNotice).toBeVisible();
  await expect(other.getByRole('banner').getByText('Trial expired')).toBeVisible();
  await expect(busyModeSwitch(other)).toHaveAccessibleDescription(BUSY_MODE_PLAN_ENDED);

  await page.getByRole('region', { name: PLAN_EXPIRED_HEADING }).getByRole('button', { name: 'Subscribe' }).click();
  await expectOnTestCheckout(page);
  await payWithCard(page, VISA);
  await expect(page).toHaveURL(/\/payment\/success/);

  // No reload in the other tab: the plan.updated event does it.
  await expect(otherNotice).toHaveCount(0);
  await expect(other.getByRole('banner').getByText('Trial expired')).toHaveCount(0);
  await expect(subscriptionBanner(other)).toContainText('the first charge is on');
  await expect(busyModeSwitch(other)).toHaveAccessibleDescription(BUSY_MODE_TAKING_ORDERS);
});

test("a visitor's Subscribe Now: sign up, onboard, then straight on to checkout", async ({ page }) => {
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Subscribe Now' }).click();
  await expect(page).toHaveURL('/signup?redirect=%2Fpricing%3Fsubscribe%3D1');
  await page.getByLabel('Full name').fill('Sam Owner');
  await page.getByLabel('Email').fill(`visitor-${Date.now().toString(36)}-${process.pid}@example.com`);
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/onboarding\/restaurant$/);

  // The wizard's steps, a reload among them: the intent survives both.
  await page.getByLabel('Restaurant name').fill('Luigi Trattoria');
  await page.getByLabel('Restaurant phone').fill('(555) 201-3344');
  await page.getByLabel('Address').fill('12 Market St, Springfield');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Step 2 of 6')).toBeVisible();
  await page.reload();
  for (const next of [3, 4, 5, 6]) {
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(`Step ${next} of 6`)).toBeVisible();
  }
  await page.getByLabel('Request a new dedicated phone number').check();
  await page.getByRole('button', { name: 'Complete setup' }).click();

  await expectOnTestCheckout(page);
  await payWithCard(page, VISA);
  await expect(page).toHaveURL(/\/payment\/success/);
  await expect(page.getByRole('status')).toContainText(NOTHING_CHARGED);
});

for (const width of [390, 1440]) {
  test.describe(`${width} px wide`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test('the plan’s words say what is so, from the trial to the cancel question, with no sideways scroll', async ({
      page,
    }, testInfo) => {
      const shot = (name: string) =>
        page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
      const noSidewaysScroll = async () =>
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
      await newOwner(page);
      // The trial has every feature: the banner says so, and nothing about limits.
      await page.goto('/account/billing');
      await expect(subscriptionBanner(page)).toContainText(TRIAL_BANNER);
      await expect(subscriptionBanner(page)).not.toContainText(/unlimited|premium/i);

      await page.goto('/pricing');
      await page.getByRole('button', { name: 'Subscribe Now' }).click();
      await expectOnTestCheckout(page);
      await payWithCard(page, VISA);
      await expect(page.getByRole('heading', { name: 'Your plan is set up' })).toBeVisible();
      const { plan } = await me(page);
      const firstCharge = longDate(plan.currentPeriodEnd!);
      await expect(page.getByRole('status')).toContainText(`${NOTHING_CHARGED} PickupLine Pro is yours now`);
      await expect(page.getByRole('status')).toContainText(`first charged $39 on ${firstCharge}`);
      await noSidewaysScroll();
      await shot('payment-success');

      await page.goto('/account/billing');
      const subscription = billingSection(page, 'Subscription');
      await expect(subscription.getByText('Free trial', { exact: true })).toBeVisible();
      await expect(subscription).toContainText(/Free trial: [1-7] days? left\./);
      await expect(subscription).toContainText(`the first charge of $39 is on ${firstCharge}.`);
      await expect(subscriptionBanner(page)).toContainText(firstChargeBanner(firstCharge));
      await expect(billingSection(page, 'Billing history').getByRole('table')).toBeVisible();
      await noSidewaysScroll();
      await shot('billing');

      await subscription.getByRole('button', { name: 'Cancel Subscription' }).click();
      const question = page.getByRole('alertdialog', { name: 'Cancel your subscription?' });
      await expect(question).toContainText('your card will not be charged');
      await expect(question.getByRole('button', { name: 'Keep Subscription' })).toBeFocused();
      await noSidewaysScroll();
      await shot('cancel-question');
      await page.keyboard.press('Escape');
      await expect(question).toHaveCount(0);
      await expect(subscription.getByText('Active', { exact: true })).toBeVisible();
    });
  });
}
