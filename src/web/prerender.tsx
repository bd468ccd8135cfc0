/**
 * Build-time rendering of the public pages that need no session to show, as a visitor sees them before the session is
 * known (session-dependent parts rendered as the app renders them while it loads). Run by the build (vite.config.ts),
 * never in the browser.
 *
 * Each page is rendered through the app's own routes and frame (AppProviders), so the app can adopt the HTML as it
 * stands (hydration) when it loads on that page.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { PRODUCT_NAME } from '@shared/product';
import { MSG } from '@shared/messages';
import { AppProviders } from './app/app';
import { routes } from './app/router';

export type PrerenderedPath = '/' | '/pricing' | '/login' | '/signup';

/**
 * The one script a prerendered page loads (an entry of the build), in place of the app's:
 * - `public-page` (public-page.ts) loads the app for a signed-in owner alone: a visitor needs none;
 * - `app-page` (app-page.ts) loads the app for a signed-in owner at once, for a visitor at the first sign of use: the
 *   page is a form that needs it.
 */
export type PageScript = 'public-page' | 'app-page';

export interface PrerenderedPage {
  path: PrerenderedPath;
  /** The document's title, as useDocumentTitle sets it in the app. */
  title: string;
  description: string;
  script: PageScript;
  html: string;
}

const PAGES: readonly Omit<PrerenderedPage, 'html'>[] = [
  {
    path: '/',
    title: PRODUCT_NAME,
    description:
      'PickupLine answers every call with an AI voice assistant that takes pickup orders for your restaurant.',
    script: 'public-page',
  },
  {
    path: '/pricing',
    title: `Pricing | ${PRODUCT_NAME}`,
    description:
      'One plan with everything in it: an AI phone assistant, a live order dashboard and SMS updates. Start with a free trial, no card required.',
    script: 'public-page',
  },
  {
    path: '/login',
    title: `Login | ${PRODUCT_NAME}`,
    description: MSG.loginIntro,
    script: 'app-page',
  },
  {
    path: '/signup',
    title: `Sign Up | ${PRODUCT_NAME}`,
    description: MSG.signUpIntro,
    script: 'app-page',
  },
];

/** The markup of #root for one path, as the app's first render in the browser produces it. */
export async function renderPage(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  // Loads the route's lazy modules, as the browser's router does before the app's first render (main.tsx).
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`prerender: ${path} answers ${context.status}, not a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // Queries never run on the server: every useSession() here is still loading, as on the app's first render.
  const queryClient = new QueryClient();
  return renderToString(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        {/* No hydration data: the routes have no loaders, and the policy admits no inline script. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
}

export async function prerenderPublicPages(): Promise<PrerenderedPage[]> {
  return Promise.all(PAGES.map(async (page) => ({ ...page, html: await renderPage(page.path) })));
}
