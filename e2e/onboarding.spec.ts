import { expect, test, type Page } from '@playwright/test';
import {
  codeFromTestModeText,
  completeOnboarding,
  expectToast,
  logIn,
  recordToasts,
  signOut,
  signUp,
} from './fixtures';

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });

// Toasts are checked from a record of every toast shown: one may be gone before a busy machine's test looks.
test.beforeEach(({ page }) => recordToasts(page));

test('a new owner completes all six steps and lands on the dashboard', async ({ page }) => {
  await signUp(page);
  await expect(page.getByText('Step 1 of 6')).toBeVisible();
  await page.getByLabel('Restaurant name').fill('Casa Rosa');
  await page.getByLabel('Restaurant phone').fill('555.201.3344');
  await page.getByLabel('Address').fill('1 Plaza Mayor');
  await page.getByLabel('Time zone').selectOption('America/Chicago');
  await continueButton(page).click();

  await expect(page.getByText('Step 2 of 6')).toBeVisible();
  // A restaurant's week to start from: 11:00–21:00, Sunday open too.
  await expect(page.getByLabel('Sunday opening time')).toHaveValue('11:00');
  await expect(page.getByLabel('Sunday closing time')).toHaveValue('21:00');
  await expect(page.getByRole('checkbox', { name: 'Closed' }).first()).not.toBeChecked();
  await page.getByLabel('Monday closing time').fill('22:00');
  await continueButton(page).click();

  await expect(page.getByText('Step 3 of 6')).toBeVisible();
  await expect(page.getByLabel('Greeting')).toHaveValue('Welcome to Casa Rosa! How can I help you today?');
  await expect(page.getByLabel('Busy message')).toHaveValue('We are currently busy, please call again later.');
  await page.getByLabel('Language').selectOption('es');
  await continueButton(page).click();

  await expect(page.getByText('Step 4 of 6')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Paella');
  await page.getByLabel('Price ($)').fill('18.50');
  await page.getByRole('button', { name: 'Save item' }).click();
  await expectToast(page, 'Menu item saved');
  await page.getByRole('button', { name: 'Add menu item' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Churros');
  await page.getByRole('button', { name: 'Save item' }).click();
  // An empty price is an error, never a silent $0.00; a free dish is typed as 0.
  await expect(page.getByText('Please enter a price')).toBeVisible();
  await page.getByLabel('Price ($)').fill('0');
  await page.getByRole('button', { name: 'Save item' }).click();
  await expect(page.getByRole('list', { name: 'Menu items' }).getByText('$0.00 · 15 min')).toBeVisible();
  await continueButton(page).click();

  await expect(page.getByText('Step 5 of 6')).toBeVisible();
  await page.getByLabel('Allow custom orders').uncheck();
  await continueButton(page).click();

  await expect(page.getByText('Step 6 of 6')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('allowCustomOrders'))).toBe('false');
  await expect(page.getByText('$39')).toBeVisible();
  // There is no annual plan, so nothing offers one; the restaurant's number from step 1 is already filled in.
  await expect(page.getByText('Billed monthly. Cancel any time.')).toBeVisible();
  await expect(page.getByText(/annual/i)).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveValue('(555) 201-3344');
  await page.getByLabel('I confirm I have access to this phone number').check();
  // The ticked box is a statement; the code texted to the number is the proof (in test mode, shown on the page).
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('6-digit code').fill(await codeFromTestModeText(page));
  await page.getByRole('button', { name: 'Verify and finish' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectToast(page, 'Phone system set up successfully!');
  await page.goto('/onboarding');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('every wizard validation message appears when provoked', async ({ page }) => {
  await signUp(page);
  await continueButton(page).click();
  await expect(page.getByText('Restaurant name is required')).toBeVisible();
  await expect(page.getByText('Phone number is required')).toBeVisible();
  await expect(page.getByText('Address is required')).toBeVisible();
  await page.getByLabel('Restaurant name').fill('Validation Diner');
  await page.getByLabel('Restaurant phone').fill('12');
  await page.getByLabel('Address').fill('9 Test Road');
  await continueButton(page).click();
  await expect(page.getByText('Please enter a valid phone number')).toBeVisible();
  await page.getByLabel('Restaurant phone').fill('5552013344');
  await continueButton(page).click();

  await expect(page.getByText('Step 2 of 6')).toBeVisible();
  // A closing time before the opening time is after midnight; the same time as the opening is refused.
  await page.getByLabel('Tuesday closing time').fill('11:00');
  await continueButton(page).click();
  await expect(page.getByText('Tuesday: Closing time must be after opening time')).toBeVisible();
  await page.getByLabel('Tuesday closing time').fill('17:00');
  await continueButton(page).click();

  await expect(page.getByText('Step 3 of 6')).toBeVisible();
  await page.getByLabel('Greeting').fill('');
  await page.getByLabel('Busy message').fill('   ');
  await continueButton(page).click();
  await expect(page.getByText('Greeting is required')).toBeVisible();
  await expect(page.getByText('Busy message is required')).toBeVisible();
  await page.getByLabel('Greeting').fill('Hello!');
  await page.getByLabel('Busy message').fill('Busy, sorry.');
  await continueButton(page).click();

  await expect(page.getByText('Step 4 of 6')).toBeVisible();
  await page.getByRole('button', { name: 'Save item' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Soup');
  await page.getByLabel('Price ($)').fill('-1');
  await page.getByLabel('Prep time (minutes)').fill('0');
  await page.getByRole('button', { name: 'Save item' }).click();
  await expect(page.getByText('Price cannot be negative')).toBeVisible();
  await expect(page.getByText('Prep time must be at least 1 minute')).toBeVisible();
  await page.getByLabel('Price ($)').fill('4');
  await page.getByLabel('Prep time (minutes)').fill('2.5');
  await page.getByRole('button', { name: 'Save item' }).click();
  await expect(page.getByText('Prep time must be whole minutes')).toBeVisible();
  await continueButton(page).click();
  await expect(page.getByText('Step 5 of 6')).toBeVisible();
  await continueButton(page).click();

  await expect(page.getByText('Step 6 of 6')).toBeVisible();
  const phone = page.getByRole('textbox', { name: 'Phone number' });
  const sendCode = page.getByRole('button', { name: 'Send code' });
  await phone.fill('555-12');
  await sendCode.click();
  await expect(page.getByText('Please enter a valid phone number')).toBeVisible();
  await phone.fill('(555) 201-3344');
  await sendCode.click();
  await expect(page.getByText('Please confirm you have access to this phone number')).toBeVisible();
  await page.getByLabel('Request a new dedicated phone number').check();
  await expect(phone).toBeDisabled();
  await page.getByRole('button', { name: 'Complete setup' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('reloading or logging in again resumes on the step reached, with its data', async ({ page }) => {
  const account = await signUp(page);
  await page.getByLabel('Restaurant name').fill('Resume Bistro');
  await page.getByLabel('Restaurant phone').fill('5552013344');
  await page.getByLabel('Address').fill('3 Rue Test');
  for (const next of [2, 3, 4]) {
    await continueButton(page).click();
    await expect(page.getByText(`Step ${next} of 6`)).toBeVisible();
  }
  await page.getByLabel('Name', { exact: true }).fill('Croissant');
  await page.getByLabel('Price ($)').fill('3.25');
  await page.getByRole('button', { name: 'Save item' }).click();
  await expectToast(page, 'Menu item saved');

  await page.reload();
  await expect(page.getByText('Step 4 of 6')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Menu items' }).getByText('Croissant')).toBeVisible();

  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByText('Step 3 of 6')).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByLabel('Restaurant name')).toHaveValue('Resume Bistro');
  await page.getByLabel('Address').fill('3 Rue Test, typed but not saved');
  await page.getByRole('link', { name: 'Back' }).click();
  await page.goBack();
  await expect(page.getByLabel('Address')).toHaveValue('3 Rue Test, typed but not saved');

  // Wait for the sign-out to finish: a /login visit while the session is still valid goes back to onboarding.
  await signOut(page);
  await page.goto('/login');
  await logIn(page, account);
  await expect(page).toHaveURL(/\/onboarding\/menu$/);
  await page.goto('/onboarding/payment');
  await expect(page).toHaveURL(/\/onboarding\/menu$/);
});

test('settings show every onboarding value and keep edits', async ({ page }) => {
  await signUp(page);
  await completeOnboarding(page, { restaurantName: 'Settings Grill' });
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByLabel('Restaurant name')).toHaveValue('Settings Grill');
  await page.getByLabel('Restaurant name').fill('Settings Grill & Bar');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();

  await page.getByRole('tab', { name: 'Hours' }).click();
  await page.getByLabel('Wednesday closing time').fill('21:30');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Business hours saved');

  await page.getByRole('tab', { name: 'Assistant' }).click();
  await expect(page.getByLabel('Greeting')).toHaveValue('Welcome to Settings Grill! How can I help you today?');
  await page.getByLabel('Greeting').fill('Thanks for calling Settings Grill & Bar!');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Bot preferences saved');

  await page.getByRole('tab', { name: 'Menu' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Burger');
  await page.getByLabel('Price ($)').fill('11');
  await page.getByRole('button', { name: 'Save item' }).click();
  await expectToast(page, 'Menu item saved');
  await page.getByRole('button', { name: 'Mark sold out' }).click();
  await expect(page.getByText('Sold out', { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Phone' }).click();
  await expect(page.getByText('Active')).toBeVisible({ timeout: 15_000 });

  await page.reload();
  await page.getByRole('tab', { name: 'Restaurant' }).click();
  await expect(page.getByLabel('Restaurant name')).toHaveValue('Settings Grill & Bar');
  await page.getByRole('tab', { name: 'Hours' }).click();
  await expect(page.getByLabel('Wednesday closing time')).toHaveValue('21:30');
  await page.getByRole('tab', { name: 'Assistant' }).click();
  await expect(page.getByLabel('Greeting')).toHaveValue('Thanks for calling Settings Grill & Bar!');
  await page.getByRole('tab', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Delete Burger' }).click();
  await page.getByRole('alertdialog', { name: 'Delete Burger?' }).getByRole('button', { name: 'Delete dish' }).click();
  await expect(page.getByText('No menu items yet.')).toBeVisible();
});

test('a login with a redirect is honoured once onboarding is done', async ({ page }) => {
  const account = await signUp(page);
  await completeOnboarding(page);
  await signOut(page);
  await expectToast(page, 'You have been signed out');
  await page.goto('/settings?tab=hours');
  await expect(page).toHaveURL('/login?redirect=%2Fsettings%3Ftab%3Dhours');
  await logIn(page, account);
  await expect(page).toHaveURL('/settings?tab=hours');
  await page.goto('/login?redirect=https://evil.example.com');
  await expect(page).toHaveURL('/dashboard');
});

test('an owner who has not finished onboarding is sent back to it from the protected area', async ({ page }) => {
  await signUp(page);
  for (const path of ['/dashboard', '/settings', '/admin']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/onboarding\/restaurant$/);
  }
});

for (const width of [390, 1440]) {
  test(`step 6 at ${width} px: the monthly plan as it is, and the phone from step 1 filled in`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await signUp(page);
    await page.getByLabel('Restaurant name').fill('Phone First Cafe');
    await page.getByLabel('Restaurant phone').fill('+1 555 201 7788');
    await page.getByLabel('Address').fill('3 Dock Road');
    await continueButton(page).click();
    for (const next of [3, 4, 5, 6]) {
      await expect(page.getByText(`Step ${next - 1} of 6`)).toBeVisible();
      await continueButton(page).click();
    }
    await expect(page.getByText('Step 6 of 6')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveValue('(555) 201-7788');
    await expect(page.getByText('Billed monthly. Cancel any time.')).toBeVisible();
    await expect(page.getByText(/annual|save 20%/i)).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath(`onboarding-step-6-${width}.png`), fullPage: true });
  });
}
