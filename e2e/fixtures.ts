import { expect, type Page } from '@playwright/test';

let counter = 0;
/** A unique e-mail per test and worker, so tests never trip over each other's accounts. */
export function uniqueEmail(prefix = 'owner') {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

export async function signUp(page: Page, { name = 'Sam Owner', email = uniqueEmail(), password = 'secret123' } = {}) {
  await page.goto('/signup');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/onboarding\/restaurant$/);
  return { name, email, password };
}

export async function logIn(page: Page, { email, password }: { email: string; password: string }) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('You have been signed out')).toBeVisible();
}

/** Walks the six onboarding steps with valid answers and lands on the dashboard. */
export async function completeOnboarding(page: Page, { restaurantName = 'Luigi Trattoria' } = {}) {
  await expect(page).toHaveURL(/\/onboarding\/restaurant$/);
  await page.getByLabel('Restaurant name').fill(restaurantName);
  await page.getByLabel('Restaurant phone').fill('(555) 201-3344');
  await page.getByLabel('Address').fill('12 Market St, Springfield');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Step 2 of 6')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Step 3 of 6')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Step 4 of 6')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Step 5 of 6')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Step 6 of 6')).toBeVisible();
  await page.getByLabel('Request a new dedicated phone number').check();
  await page.getByRole('button', { name: 'Complete setup' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Creates a test order through the API with the page's session, as another tab or the phone assistant would. */
export async function createTestOrderViaApi(
  page: Page,
  input: { isCustomOrder?: boolean; customOrderText?: string } = {},
) {
  const response = await page.request.post('/api/orders/test', { data: { isCustomOrder: false, ...input } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { order: { id: string; phoneNumber: string; customerName: string | null } }).order;
}
