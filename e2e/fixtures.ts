import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';

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

/** Signs out and waits for the final state (the 2-second toast may be gone before a busy machine looks). */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect.poll(async () => (await page.request.get('/api/me')).status()).toBe(401);
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
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

type RequestOptions = NonNullable<Parameters<APIRequestContext['post']>[1]>;

/**
 * The API with the session of a page (or browser context), sending the app's `Origin` with every write as a browser
 * does: the server refuses a state-changing request without it. Browser pages send their own Origin; only these
 * direct API calls need it added, so it is never set for pages in the config.
 */
/**
 * Follows the tab's live stream (`GET /api/events`): one per tab, kept open from page to page, so moving between
 * pages in the app does not open a new one. `isOpen()` says whether a stream has answered and not ended since.
 * Call it before the page that opens the stream loads.
 */
export function trackLiveStream(page: Page) {
  let open = 0;
  page.on('response', (response) => {
    if (new URL(response.url()).pathname !== '/api/events' || response.status() !== 200) return;
    open += 1;
    // finished() rejects once the test is over with the stream still open: that is an end too.
    const ended = () => void (open -= 1);
    response.finished().then(ended, ended);
  });
  return { isOpen: () => open > 0 };
}

const TOASTS_KEY = 'e2e.toasts';

/**
 * Records every toast the tab shows, as it appears, in the tab's sessionStorage (so navigations keep it): a toast
 * lasts 2 to 4 seconds, which a busy machine may spend before the test looks. Call it before the page first loads
 * (it is an init script), then check with `expectToast`.
 */
export async function recordToasts(page: Page) {
  await page.addInitScript((key) => {
    const recorded = new WeakSet<Element>();
    const record = () => {
      const shown: string[] = [];
      for (const toast of document.querySelectorAll('[data-rht-toaster] [role="status"]')) {
        const text = toast.textContent?.trim();
        if (!text || recorded.has(toast)) continue;
        recorded.add(toast);
        shown.push(text);
      }
      if (shown.length === 0) return;
      const log = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
      sessionStorage.setItem(key, JSON.stringify([...log, ...shown]));
    };
    new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
  }, TOASTS_KEY);
}

/**
 * Waits for a toast containing this text (every one of these texts) to have appeared since `recordToasts`, whether
 * or not it is still on screen, and takes it off the record: the same words expected again need a new toast.
 */
export async function expectToast(page: Page, text: string | string[]) {
  const parts = typeof text === 'string' ? [text] : text;
  await expect
    .poll(
      () =>
        page.evaluate(
          ([key, wanted]) => {
            const log = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
            const index = log.findIndex((shown) => wanted.every((part) => shown.includes(part)));
            if (index === -1) return log;
            log.splice(index, 1);
            sessionStorage.setItem(key, JSON.stringify(log));
            return true;
          },
          [TOASTS_KEY, parts] as const,
        ),
      { message: `a toast saying "${parts.join(' ')}"` },
    )
    .toBe(true);
}

export function appApi(owner: Page | BrowserContext) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const withOrigin = (options: RequestOptions = {}): RequestOptions => ({
    ...options,
    headers: { origin, ...options.headers },
  });
  return {
    get: (url: string, options?: Parameters<APIRequestContext['get']>[1]) => owner.request.get(url, options),
    post: (url: string, options?: RequestOptions) => owner.request.post(url, withOrigin(options)),
    put: (url: string, options?: RequestOptions) => owner.request.put(url, withOrigin(options)),
    patch: (url: string, options?: RequestOptions) => owner.request.patch(url, withOrigin(options)),
    delete: (url: string, options?: RequestOptions) => owner.request.delete(url, withOrigin(options)),
  };
}

/** Creates a test order through the API with the page's session, as another tab or the phone assistant would. */
export async function createTestOrderViaApi(
  page: Page,
  input: { isCustomOrder?: boolean; customOrderText?: string } = {},
) {
  const response = await appApi(page).post('/api/orders/test', { data: { isCustomOrder: false, ...input } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { order: { id: string; phoneNumber: string; customerName: string | null } }).order;
}

/** The same secret as the webServer's VAPI_WEBHOOK_SECRET in playwright.config.ts. */
const VAPI_SECRET = 'e2e-vapi-secret';

/** Plays Vapi's side: one server message to the webhook, with the shared secret; returns its (200) answer. */
export async function sendVapiMessage(page: Page, body: unknown) {
  const response = await page.request.post('/api/webhooks/vapi', {
    data: body,
    headers: { authorization: `Bearer ${VAPI_SECRET}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { results?: { result?: string }[] };
}

/** The restaurant's phone number once its phone system is active (set up in the background after onboarding). */
export async function activePhoneNumber(page: Page): Promise<string> {
  let number: string | null = null;
  await expect
    .poll(async () => {
      const phone = (await (await page.request.get('/api/phone-system')).json()) as {
        status: string;
        phoneNumber: string | null;
      };
      number = phone.phoneNumber;
      return phone.status;
    })
    .toBe('active');
  return number!;
}

/**
 * The e2e server's one administrator (ADMIN_EMAILS). E-mails are unique, so whichever test comes first signs it up and
 * every other one signs in; e2e/admin.spec.ts uses the same account, name and password.
 */
export const E2E_ADMIN = { name: 'Ada Admin', email: 'admin@pickupline.test', password: 'secret123' };

/**
 * An API client signed in as the administrator, in a browser context of its own (signed up the first time), for
 * reading what only an administrator sees, such as the local e-mail outbox. Close it with `dispose()`.
 */
export async function adminRequest(
  browser: Browser,
  baseURL: string,
): Promise<{ request: APIRequestContext; dispose: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL });
  const headers = { origin: baseURL };
  const signIn = () =>
    context.request.post('/api/auth/sign-in/email', {
      headers,
      data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    });
  if (!(await signIn()).ok()) {
    const signUp = await context.request.post('/api/auth/sign-up/email', { headers, data: E2E_ADMIN });
    // Signed up by another test in the meantime: sign in after all.
    if (!signUp.ok()) expect((await signIn()).ok()).toBe(true);
  }
  await confirmAdminAddress(context.request);
  return { request: context.request, dispose: () => context.close() };
}

/** Where the e2e server (no SMTP) writes each e-mail as an .eml file: $DATA_DIR/mail (playwright.config.ts). */
const MAIL_DIR = path.resolve(process.env.E2E_DATA_DIR ?? '.tmp/e2e-data', 'mail');

/** An .eml file's text with quoted-printable soft line breaks and escapes undone (links are plain ASCII). */
const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The first link matching `pattern` in the newest e-mail to `address` that has one, among the .eml files, or null. */
async function linkInMailFiles(address: string, pattern: RegExp): Promise<string | null> {
  const files = (await readdir(MAIL_DIR).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  for (const file of files.reverse()) {
    const message = decodeQuotedPrintable(await readFile(path.join(MAIL_DIR, file), 'utf8'));
    if (!message.includes(`To: ${address}`)) continue;
    const link = pattern.exec(message)?.[0];
    if (link) return link;
  }
  return null;
}

/** The confirmation link in the newest e-mail to `address` among the .eml files, or null. */
export const confirmationLinkFor = (address: string) =>
  linkInMailFiles(address, /https?:\/\/\S+\/api\/auth\/verify-email\?token=\S+/);

/**
 * The password reset link in the newest e-mail to `address`, read from the .eml files as its owner would read the
 * e-mail (administrators see the outbox with its links hidden). Waits for the e-mail, which the send-email worker
 * writes a moment after the request.
 */
export async function resetLinkFor(address: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(async () => (link = await linkInMailFiles(address, /https?:\/\/\S+\/api\/auth\/reset-password\/\S+/)), {
      timeout: 15_000,
      intervals: [200, 500, 1000],
    })
    .not.toBeNull();
  return link!;
}

/**
 * Makes the signed-in administrator account of `request` an administrator: an ADMIN_EMAILS address counts only once
 * its owner opens the confirmation link signed in, as a real one would from the mailbox (here, the .eml file the
 * server writes without SMTP). Waits for the e-mail, which the send-email worker writes a moment after sign-up.
 */
export async function confirmAdminAddress(request: APIRequestContext, address = E2E_ADMIN.email) {
  const isAdmin = async () => ((await (await request.get('/api/me')).json()) as { isAdmin: boolean }).isAdmin;
  await expect
    .poll(
      async () => {
        if (await isAdmin()) return true;
        const link = await confirmationLinkFor(address);
        if (link) await request.get(new URL(link).pathname + new URL(link).search, { maxRedirects: 0 });
        return isAdmin();
      },
      { timeout: 15_000, intervals: [200, 500, 1000] },
    )
    .toBe(true);
}

/**
 * The code texted to prove a phone number, read in test mode from the text shown under the code field: the outbox's
 * copy of the text, as the phone would receive it.
 */
export async function codeFromTestModeText(page: Page): Promise<string> {
  const text = page.getByRole('region', { name: 'Test mode text' });
  await expect(text).toContainText(/\d{6} is your code/);
  return /(\d{6}) is your code/.exec((await text.textContent()) ?? '')![1]!;
}
