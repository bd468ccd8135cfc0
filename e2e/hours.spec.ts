import { expect, test } from '@playwright/test';
import { completeOnboarding, expectToast, recordToasts, signUp } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

// Toasts are checked from a record of every toast shown: one may be gone before a busy machine's test looks.
test.beforeEach(({ page }) => recordToasts(page));

test('split hours and a late night set in Settings on a phone are still there after a reload', async ({ page }) => {
  await signUp(page);
  await completeOnboarding(page, { restaurantName: 'Two Shifts Diner' });
  await page.goto('/settings?tab=hours');
  // A new restaurant starts open every day; this one closes on Sundays.
  await page.getByRole('checkbox', { name: 'Closed' }).first().check();

  // Monday: lunch and dinner.
  await page.getByLabel('Monday closing time').fill('14:00');
  await page.getByRole('button', { name: 'Add a second period on Monday' }).click();
  await expect(page.getByLabel('Monday second opening time')).toBeFocused();
  await page.getByLabel('Monday second opening time').fill('17:30');
  await page.getByLabel('Monday second closing time').fill('22:00');

  // The same for every day, then Friday stays open until 2 in the morning.
  await page.getByRole('button', { name: 'Copy to all days from Monday' }).click();
  await expect(page.getByText('Monday’s hours copied to every day. Closed days stay closed.')).toBeVisible();
  await expect(page.getByLabel('Friday second opening time')).toHaveValue('17:30');
  await page.getByLabel('Friday second opening time').fill('18:00');
  await page.getByLabel('Friday second closing time').fill('02:00');
  await expect(page.getByLabel('Friday second closing time')).toHaveAccessibleDescription('next day');

  // Half a period is refused next to the empty box, which gets the focus.
  await page.getByRole('button', { name: 'Remove Saturday’s second period' }).click();
  await page.getByRole('button', { name: 'Add a second period on Saturday' }).click();
  await page.getByLabel('Saturday second opening time').fill('17:00');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saturday: Add a closing time for the second period')).toBeVisible();
  await expect(page.getByLabel('Saturday second closing time')).toBeFocused();
  await page.getByLabel('Saturday second closing time').fill('23:00');
  await expect(page.getByText('Saturday: Add a closing time for the second period')).toBeHidden();

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByLabel('Friday second closing time').scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.tmp/screenshots/hours-390.png', fullPage: true });

  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Business hours saved');

  await page.reload();
  await expect(page.getByLabel('Monday closing time')).toHaveValue('14:00');
  await expect(page.getByLabel('Monday second opening time')).toHaveValue('17:30');
  await expect(page.getByLabel('Monday second closing time')).toHaveValue('22:00');
  await expect(page.getByLabel('Wednesday second opening time')).toHaveValue('17:30');
  await expect(page.getByLabel('Friday second opening time')).toHaveValue('18:00');
  await expect(page.getByLabel('Friday second closing time')).toHaveValue('02:00');
  await expect(page.getByLabel('Friday second closing time')).toHaveAccessibleDescription('next day');
  await expect(page.getByRole('checkbox', { name: 'Closed' }).first()).toBeChecked();
  await expect(page.getByLabel('Saturday second opening time')).toHaveValue('17:00');
  await expect(page.getByLabel('Saturday second closing time')).toHaveValue('23:00');
  // Sunday stays closed, keeping the copied hours for when it opens.
  await expect(page.getByLabel('Sunday second opening time')).toHaveValue('17:30');
});
