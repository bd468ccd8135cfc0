import { expect, test, type Page } from '@playwright/test';
import { codeFromTestModeText, completeOnboarding, expectToast, recordToasts, signUp } from './fixtures';

/** A number no other test proves (each number can be one restaurant's only), drawn at random for parallel runs. */
const nextNumber = () => {
  const line = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
  return { typed: `(555) 302-${line}`, shown: `+1 (555) 302-${line}` };
};

/** Walks the first five onboarding steps with valid answers, to the plan and phone number step. */
async function reachPhoneStep(page: Page) {
  await signUp(page);
  await page.getByLabel('Restaurant name').fill('Proof Pizzeria');
  await page.getByLabel('Restaurant phone').fill('(555) 201-3344');
  await page.getByLabel('Address').fill('5 Proof Lane');
  for (const next of [2, 3, 4, 5, 6]) {
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(`Step ${next} of 6`)).toBeVisible();
  }
}

/** The code in the newest text to `shown` on the Outbox page, as the product's test mode shows texts. */
async function codeFromOutboxPage(page: Page, shown: string): Promise<string> {
  await page.goto('/outbox');
  const conversation = page.getByRole('list', { name: `Texts to ${shown}` });
  const bubble = conversation.getByRole('listitem').filter({ hasText: 'Phone number code' }).last();
  await expect(bubble).toContainText(/\d{6} is your code/);
  return /(\d{6}) is your code/.exec((await bubble.textContent()) ?? '')![1]!;
}

// Toasts are checked from a record of every toast shown: one may be gone before a busy machine's test looks.
test.beforeEach(({ page }) => recordToasts(page));

test('onboarding: the owner’s own number is connected only with the code texted to it', async ({ page }) => {
  await reachPhoneStep(page);
  const number = nextNumber();
  await page.getByRole('textbox', { name: 'Phone number' }).fill(number.typed);
  await page.getByLabel('I confirm I have access to this phone number').check();
  await page.getByRole('button', { name: 'Send code' }).click();

  const code = page.getByLabel('6-digit code');
  await expect(code).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'We texted a code' })).toHaveText(
    `We texted a code to ${number.shown}.`,
  );
  await expect(page.getByRole('button', { name: /Resend code in \d+ s/ })).toBeDisabled();
  const right = await codeFromTestModeText(page);

  // A wrong code is refused with the tries left, announced by the field's alert; onboarding is not complete.
  await code.fill(`${(Number(right[0]) + 1) % 10}${right.slice(1)}`);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'That code is not right' })).toHaveText(
    'That code is not right. You have 4 tries left.',
  );
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/onboarding\/payment$/);

  await code.fill(right);
  await page.getByRole('button', { name: 'Verify and finish' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectToast(page, 'Phone system set up successfully!');

  await page.goto('/settings?tab=phone');
  await expect(page.getByText('Active')).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: number.shown })).toBeVisible();
  await expect(page.getByText('This number has not been proven')).toHaveCount(0);
});

test('Settings → Phone: the code is read from the outbox, and the assistant moves to the number', async ({ page }) => {
  await signUp(page);
  await completeOnboarding(page, { restaurantName: 'Settings Proof Diner' });
  await page.goto('/settings?tab=phone');
  await expect(page.getByText('Active')).toBeVisible({ timeout: 15_000 });

  const number = nextNumber();
  const form = page.getByRole('form', { name: 'Use a number you own' });
  await form.getByLabel('Phone number').fill(number.typed);
  await form.getByRole('button', { name: 'Send code' }).click();
  await expect(form.getByLabel('6-digit code')).toBeFocused();
  await expect(form.getByText(`Enter the 6-digit code we texted to ${number.shown}`)).toBeVisible();

  // Test mode: the text is in the outbox, as the phone would show it.
  const code = await codeFromOutboxPage(page, number.shown);
  await page.goBack();
  await form.getByLabel('6-digit code').fill(code);
  await form.getByRole('button', { name: 'Verify and connect' }).click();

  await expectToast(page, 'Phone system set up successfully!');
  await expect(page.getByRole('definition').filter({ hasText: number.shown })).toBeVisible();
  await expect(page.getByText('Active')).toBeVisible();
  // The form is ready for another number: the code it asked for is gone.
  await expect(form.getByLabel('Phone number')).toHaveValue('');
  await expect(form.getByLabel('6-digit code')).toHaveCount(0);
});

test('Settings → Phone: another code within a minute is refused with the wait, in a sentence', async ({ page }) => {
  await signUp(page);
  await completeOnboarding(page, { restaurantName: 'Second Try Grill' });
  await page.goto('/settings?tab=phone');
  const form = page.getByRole('form', { name: 'Use a number you own' });
  await form.getByLabel('Phone number').fill(nextNumber().typed);
  await form.getByRole('button', { name: 'Send code' }).click();
  await expect(form.getByLabel('6-digit code')).toBeVisible();

  // A typo in the number: back to it, and a code to the right one.
  await form.getByRole('button', { name: 'Use a different number' }).click();
  await expect(form.getByLabel('Phone number')).toBeFocused();
  await form.getByLabel('Phone number').fill(nextNumber().typed);
  await form.getByRole('button', { name: 'Send code' }).click();

  await expect(form.getByRole('alert')).toHaveText(
    /^A code was sent less than a minute ago\. Try again in \d+ seconds?\.$/,
  );
  await expect(form.getByLabel('6-digit code')).toHaveCount(0);
});

test.describe('on a 390 px wide phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the code step fits the screen', async ({ page }) => {
    await reachPhoneStep(page);
    await page.getByRole('textbox', { name: 'Phone number' }).fill(nextNumber().typed);
    await page.getByLabel('I confirm I have access to this phone number').check();
    await page.getByRole('button', { name: 'Send code' }).click();
    await codeFromTestModeText(page);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const control of [
      page.getByLabel('6-digit code'),
      page.getByRole('button', { name: 'Use a different number' }),
      page.getByRole('button', { name: 'Verify and finish' }),
    ]) {
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
  });
});
