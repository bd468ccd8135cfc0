import { expect, test } from '@playwright/test';
import { confirmationLinkFor, signUp } from './fixtures';

test('the confirmation link says the address is confirmed, mid-onboarding, and Continue goes back to it', async ({
  page,
}) => {
  const { email } = await signUp(page);
  let link: string | null = null;
  await expect
    .poll(async () => (link = await confirmationLinkFor(email)), { timeout: 15_000, intervals: [200, 500, 1000] })
    .not.toBeNull();

  await page.goto(link!);
  await expect(page).toHaveURL(/\/email-confirmed$/);
  await expect(page.getByRole('heading', { name: 'E-mail address confirmed' })).toBeVisible();
  await expect(page.getByText('Thanks, your e-mail address is confirmed.')).toBeVisible();
  expect(((await (await page.request.get('/api/me')).json()) as { emailVerified: boolean }).emailVerified).toBe(true);

  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/onboarding\/restaurant$/);

  // Opened again, the link no longer works, but the address stays confirmed and the page says so.
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'E-mail address confirmed' })).toBeVisible();
});
