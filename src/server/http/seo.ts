import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from './types';

/** The pages search engines may index, in the sitemap; everything else a visitor can reach is a sign-in away. */
export const SITEMAP_PATHS = ['/', '/pricing', '/login', '/signup'] as const;

/** Paths behind sign-in (and the API): crawlers are told to stay out. */
export const DISALLOWED_PATHS = [
  '/api/',
  '/dashboard',
  '/calls',
  '/outbox',
  '/test-call',
  '/settings',
  '/account/',
  '/billing/',
  '/admin',
  '/onboarding',
  '/payment/',
  '/forgot-password',
  '/reset-password',
  '/email-confirmed',
] as const;

/** Pages the build prerenders to static HTML (see vite.config.ts), by path, and the file each one is in. */
export const PRERENDERED_PAGES = {
  '/': 'index.html',
  '/pricing': 'pricing.html',
  '/login': 'login.html',
  '/signup': 'signup.html',
} as const;
export const PRERENDERED_DIR = 'prerendered';

export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(appUrl: string): string {
  const urls = SITEMAP_PATHS.map((p) => `  <url><loc>${appUrl}${p === '/' ? '/' : p}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * /robots.txt and /sitemap.xml (absolute URLs from APP_URL), and the prerendered public pages: `/`, `/pricing`,
 * `/login` and `/signup` answer the static HTML the build wrote to dist/prerendered (see src/web/prerender.tsx).
 */
export function seoRoutes(webRoot: string) {
  const prerendered = new Map<string, string>();
  for (const [pagePath, file] of Object.entries(PRERENDERED_PAGES)) {
    const filePath = path.join(webRoot, PRERENDERED_DIR, file);
    if (existsSync(filePath)) prerendered.set(pagePath, readFileSync(filePath, 'utf8'));
  }

  const app = new Hono<AppEnv>()
    .get('/robots.txt', (c) => {
      c.header('Cache-Control', 'public, max-age=3600');
      return c.text(robotsTxt(c.get('deps').env.APP_URL));
    })
    .get('/sitemap.xml', (c) => {
      c.header('Cache-Control', 'public, max-age=3600');
      return c.body(sitemapXml(c.get('deps').env.APP_URL), 200, { 'Content-Type': 'application/xml; charset=utf-8' });
    });
  for (const [pagePath, html] of prerendered) {
    app.get(pagePath, (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.html(html);
    });
  }
  return app;
}
