import { expect, test, type Page } from '@playwright/test';
import { completeOnboarding, createTestOrderViaApi, signUp } from './fixtures';

/**
 * Every Content-Security-Policy violation on the page: the browser's console report and the
 * `securitypolicyviolation` event (listened for from a script the policy does not govern).
 */
async function watchPolicyViolations(page: Page) {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('reportDialogPolicyViolation', (report: string) => violations.push(report));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportDialogPolicyViolation: (r: string) => void })
        .reportDialogPolicyViolation;
      report(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'} at ${location.pathname}`);
    });
  });
  return violations;
}

const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflowY);

/** The style elements the policy admitted by nonce other than the toasts' own: the dialog's scroll lock. */
const nonceStyles = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('style')]
      .filter((style) => style.id !== '_goober' && style.nonce !== '')
      .map((style) => style.textContent ?? ''),
  );

test('a dialog locks the page behind it under the Content-Security-Policy, without a single violation', async ({
  page,
}) => {
  const violations = await watchPolicyViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page);
  await completeOnboarding(page);
  for (let i = 0; i < 5; i += 1) await createTestOrderViaApi(page);
  await expect(page.getByRole('article')).toHaveCount(5);
  const nonce = await page.evaluate(() => document.getElementById('_goober')?.nonce ?? '');
  expect(nonce).not.toBe('');

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    if (viewport.width === 390) {
      // Five orders on a phone make a page taller than the screen: there is something behind the dialog to scroll.
      expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);
    }
    expect(await bodyOverflow(page)).not.toBe('hidden');

    const card = page.getByRole('article').last();
    const heading = (await card.getByRole('heading').first().textContent()) ?? '';
    const number = /#(\d+)/.exec(heading)?.[1];
    await card.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Cancel order #${number}?` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Keep order' })).toBeFocused();

    // The scroll lock's style went in under the page's nonce, and it holds the page behind still.
    await expect.poll(() => bodyOverflow(page)).toBe('hidden');
    expect((await nonceStyles(page)).join('\n')).toMatch(/overflow:\s*hidden/);
    expect(await page.evaluate(() => [...document.querySelectorAll('style')].map((s) => s.nonce))).not.toContain('');
    await page.screenshot({ path: `.tmp/screenshots/dialog-scroll-lock-${viewport.width}.png` });

    // Escape closes it, nothing is cancelled, and the page scrolls again.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('article')).toHaveCount(5);
    await expect.poll(() => bodyOverflow(page)).not.toBe('hidden');
  }

  expect(violations).toEqual([]);
});
