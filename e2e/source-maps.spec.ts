import { expect, test } from '@playwright/test';

// Source maps hold the full original source: a production build keeps them for error reporting, out of the web root.
test('the app’s scripts point to no source map, and none is served next to them', async ({ page, request }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) scripts.push(url.pathname);
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.goto('/signup');
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);

  for (const script of new Set(scripts)) {
    const source = await (await request.get(script)).text();
    expect(source, script).not.toMatch(/sourceMappingURL=/);
    const map = await request.get(`${script}.map`);
    expect(map.status(), `${script}.map`).toBe(404);
    expect(await map.text()).not.toContain('"sourcesContent"');
  }
});
