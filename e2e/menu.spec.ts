import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { completeOnboarding, signUp } from './fixtures';

/** Kept in the test's output folder and attached to the report, to be looked at. */
async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name.replace(/[^a-z0-9]+/gi, '-')}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** How far the page is wider than the screen: 0 when nothing needs a sideways scroll. */
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test.describe('a menu as restaurants have it', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('on a phone: a category, a dish by quick add, a size with a price change, still there after a reload', async ({
    page,
  }, testInfo) => {
    await signUp(page);
    await completeOnboarding(page, { restaurantName: 'Taqueria Luna' });
    await page.goto('/settings?tab=menu');
    const panel = page.getByRole('tabpanel', { name: 'Menu' });

    await panel.getByLabel('New category').fill('Burritos');
    await panel.getByRole('button', { name: 'Add category' }).click();
    await expect(panel.getByRole('list', { name: 'Categories' })).toContainText('Burritos');

    // Quick add: one good line and one without a price.
    await panel.getByRole('button', { name: 'Quick add' }).click();
    await panel.getByLabel('Dishes, one per line').fill('Burritos: Carnitas Burrito, 12.50\nHorchata');
    const preview = panel.getByRole('list', { name: 'Preview' });
    await expect(preview.getByRole('listitem')).toHaveText([
      /Carnitas Burrito.*Burritos.*\$12\.50/,
      /Horchata.*Please enter a price/,
    ]);
    await screenshot(page, testInfo, 'quick add preview, 390');
    await panel.getByRole('button', { name: 'Add 1 dish' }).click();
    await expect(panel.getByLabel('Dishes, one per line')).toHaveValue('Horchata');
    await panel.getByRole('button', { name: 'Close' }).click();

    const burritos = panel.getByRole('list', { name: 'Burritos dishes' });
    await expect(burritos).toContainText('Carnitas Burrito');

    // A size: Small, or Large for $3.00 more.
    await burritos.getByRole('button', { name: 'Edit Carnitas Burrito' }).click();
    await panel.getByRole('button', { name: 'Add an option' }).click();
    const size = panel.getByRole('group', { name: 'Option 1' });
    await size.getByLabel('Option name').fill('Size');
    await size.getByLabel('Choice 1', { exact: true }).fill('Small');
    await size.getByLabel('Choice 2', { exact: true }).fill('Large');
    await size.getByLabel('Choice 2 price change ($)').fill('+3');
    // An empty price is refused, never saved as $0.00.
    await panel.getByLabel('Price ($)').fill('');
    await panel.getByRole('button', { name: 'Save item' }).click();
    await expect(panel.getByText('Please enter a price')).toBeVisible();
    await screenshot(page, testInfo, 'dish form with a size, 390');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await panel.getByLabel('Price ($)').fill('12.50');
    await panel.getByRole('button', { name: 'Save item' }).click();
    await expect(burritos).toContainText('Size: Small, Large +$3.00');

    await page.reload();
    const reloaded = page.getByRole('tabpanel', { name: 'Menu' }).getByRole('list', { name: 'Burritos dishes' });
    await expect(reloaded).toContainText('Carnitas Burrito');
    await expect(reloaded).toContainText('Size: Small, Large +$3.00');
    await expect(reloaded).toContainText('$12.50 · 15 min');

    // Deleting asks in the app first; cancelling keeps the dish.
    await reloaded.getByRole('button', { name: 'Delete Carnitas Burrito' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Carnitas Burrito?' });
    await expect(dialog).toBeVisible();
    await screenshot(page, testInfo, 'delete dialog, 390');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(reloaded).toContainText('Carnitas Burrito');

    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, testInfo, 'menu, 390');

    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, testInfo, 'menu, 1280');
    await reloaded.getByRole('button', { name: 'Edit Carnitas Burrito' }).click();
    await expect(page.getByRole('group', { name: 'Option 1' }).getByLabel('Option name')).toHaveValue('Size');
    await page.getByRole('button', { name: 'Quick add' }).click();
    await page.getByLabel('Dishes, one per line').fill('Drinks: Horchata, 3.50\nJamaica');
    await screenshot(page, testInfo, 'dish form and quick add, 1280');
  });
});
