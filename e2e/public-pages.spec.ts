import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

/** What the landing and pricing pages may ship: 100 KB of gzipped JavaScript at most. */
const JS_BUDGET_BYTES = 100 * 1024;

for (const path of ['/', '/pricing']) {
  test(`${path} loads at most 100 KB of gzipped JS, with no failed request and no console error`, async ({ page }) => {
    const scripts = new Map<string, number>();
    const failed: string[] = [];
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText}`));
    page.on('response', async (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
      if (response.request().resourceType() === 'script') {
        scripts.set(response.url(), gzipSync(await response.body()).length);
      }
    });

    await page.goto(path);
    // The visitor's links appear once the session check has answered.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await page.waitForLoadState('networkidle');

    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    expect(scripts.size).toBeGreaterThan(0);
    expect(total, [...scripts].map(([url, size]) => `${url}: ${size} B`).join('\n')).toBeLessThanOrEqual(
      JS_BUDGET_BYTES,
    );
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test('a signed-out visit to the sign-in pages logs no failed request', async ({ page }) => {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  for (const path of ['/login', '/signup', '/payment/canceled', '/404']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(failed).toEqual([]);
});

test('robots.txt and sitemap.xml are served as text and XML, with absolute URLs', async ({ request, baseURL }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  const robotsText = await robots.text();
  expect(robotsText).toContain('Disallow: /api/');
  expect(robotsText).toContain('Disallow: /dashboard');
  expect(robotsText).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toMatch(/^application\/xml/);
  const xml = await sitemap.text();
  for (const path of ['/', '/pricing', '/login', '/signup']) expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
});
