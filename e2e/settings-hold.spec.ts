import { expect, test, type Page } from '@playwright/test';
import { completeOnboarding, expectToast, recordToasts, signUp } from './fixtures';

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

const DEFAULT_BUSY_MESSAGE = 'We are currently busy, please call again later.';

/** The dashboard's Busy Mode card; on a phone it sits behind the one-line status summary. */
async function openBusyModeCard(page: Page) {
  const summary = page.getByRole('button', { name: /^Restaurant status/ });
  if (await summary.isVisible()) await summary.click();
  const toggle = page.getByRole('switch', { name: 'Busy Mode' });
  await expect(toggle).toBeEnabled();
  return toggle;
}

const busyBanner = (page: Page) => page.getByRole('region', { name: 'Busy mode status' });

/** The EventSource is connected once the stream's response has started. */
const eventStream = (page: Page) =>
  page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');

// Toasts are checked from a record of every toast shown: one may be gone before a busy machine's test looks.
test.beforeEach(({ page }) => recordToasts(page));

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('busy for 15 minutes shows a banner on every page; turning it off clears it in another tab', async ({
      page,
      context,
    }) => {
      await signUp(page);
      await completeOnboarding(page, { restaurantName: 'Casa Lupe' });

      const toggle = await openBusyModeCard(page);
      await expect(page.getByLabel('Turn on for')).toHaveValue('30');
      await page.getByLabel('Turn on for').selectOption({ label: '15 minutes' });
      await toggle.click();
      await expectToast(page, 'Busy mode enabled. New phone orders will be notified that you are too busy.');
      await expect(toggle).toBeChecked();
      await expect(toggle).toHaveAccessibleDescription(
        new RegExp(`^On for another 1[45] minutes, until .+\\. Callers hear: “${DEFAULT_BUSY_MESSAGE}”$`),
      );
      await expect(busyBanner(page)).toContainText(/Busy mode (is )?on · 1[45] min(utes)? left/);
      await page.screenshot({ path: `.tmp/screenshots/settings-hold-busy-dashboard-${viewport.width}.png` });

      // Another tab, on Settings: the same banner, following live changes.
      const other = await context.newPage();
      const stream = eventStream(other);
      await other.goto('/settings');
      await expect(other.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
      await expect(busyBanner(other)).toContainText(/1[45] min(utes)? left/);
      await stream;
      await other.screenshot({ path: `.tmp/screenshots/settings-hold-busy-settings-${viewport.width}.png` });

      await busyBanner(page).getByRole('button', { name: 'Turn off' }).click();
      await expectToast(page, 'Busy mode disabled. You are now accepting phone orders.');
      await expect(busyBanner(page)).toHaveCount(0);
      await expect(toggle).not.toBeChecked();
      await expect(busyBanner(other)).toHaveCount(0);

      const bot = await page.request.get('/api/restaurant/bot');
      expect(await bot.json()).toMatchObject({ isBusyMode: false, busyUntil: null });
    });

    test('an unsaved edit asks before a settings tab switch, and before the browser tab closes', async ({ page }) => {
      await signUp(page);
      await completeOnboarding(page, { restaurantName: 'Casa Lupe' });
      await page.goto('/settings');
      const name = page.getByLabel('Restaurant name');
      await expect(name).toHaveValue('Casa Lupe');
      await name.fill('Casa Lupe Downtown');

      await page.getByRole('tab', { name: 'Hours' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('You have changes on this page that are not saved yet.');
      await page.screenshot({ path: `.tmp/screenshots/settings-hold-unsaved-${viewport.width}.png` });

      await dialog.getByRole('button', { name: 'Keep editing' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('tab', { name: 'Restaurant' })).toHaveAttribute('aria-selected', 'true');
      await expect(name).toHaveValue('Casa Lupe Downtown');

      // Closing the browser tab now gets the browser's own prompt.
      const prompt = page.waitForEvent('dialog');
      await page.close({ runBeforeUnload: true });
      const beforeUnload = await prompt;
      expect(beforeUnload.type()).toBe('beforeunload');
      await beforeUnload.dismiss();
      expect(page.isClosed()).toBe(false);

      await page.getByRole('tab', { name: 'Hours' }).click();
      await dialog.getByRole('button', { name: 'Discard changes' }).click();
      await expect(page.getByRole('tab', { name: 'Hours' })).toHaveAttribute('aria-selected', 'true');
      await expect(page).toHaveURL(/\/settings\?tab=hours$/);

      // The edit was dropped, not saved, and nothing is left to ask about.
      await page.getByRole('tab', { name: 'Restaurant' }).click();
      await expect(page.getByLabel('Restaurant name')).toHaveValue('Casa Lupe');
      await expect(dialog).toBeHidden();
    });
  });
}
