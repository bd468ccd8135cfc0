import { expect, test } from '@playwright/test';
import { logIn, signOut, signUp, uniqueEmail } from './fixtures';

test('sign-up lands on onboarding at step 1', async ({ page }) => {
  await page.goto('/signup');
  await expect(page).toHaveTitle('Sign Up | PickupLine');
  await expect(page.getByRole('heading', { name: 'PickupLine Restaurant Orders' })).toBeVisible();
  await expect(
    page.getByText('Create an account to start managing your restaurant orders more efficiently.'),
  ).toBeVisible();
  await signUp(page);
  await expect(page.getByText('Step 1 of 6')).toBeVisible();
});

test('a short password shows the hint and creates no account', async ({ page }) => {
  const email = uniqueEmail('short');
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Short Password');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('12345');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Password must be at least 6 characters' })).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);

  await page.goto('/login');
  await logIn(page, { email, password: '12345' });
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
});

test('a wrong password shows the server message', async ({ page }) => {
  const account = await signUp(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.goto('/login');
  await expect(page).toHaveTitle('Login | PickupLine');
  await logIn(page, { email: account.email, password: 'not-the-password' });
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-out visit to /dashboard goes to login with the redirect', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login?redirect=%2Fdashboard');
  await expect(page.getByText('Welcome back! Log in to your account to manage your restaurant orders.')).toBeVisible();
});

test('a signed-in visitor to /login or /signup is sent on', async ({ page }) => {
  await signUp(page);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/onboarding\/restaurant$/);
  await page.goto('/signup?redirect=%2Fpricing');
  await expect(page).toHaveURL(/\/onboarding\/restaurant$/);
});

test('signing out shows the confirmation and protects the area again', async ({ page }) => {
  await signUp(page);
  await signOut(page);
  await page.goto('/onboarding');
  await expect(page).toHaveURL('/login?redirect=%2Fonboarding');
});

test('the auth pages link to each other and back home', async ({ page }) => {
  await page.goto('/login?redirect=%2Fdashboard');
  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL('/signup?redirect=%2Fdashboard');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/login?redirect=%2Fdashboard');
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL('/');
});
