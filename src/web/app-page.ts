/**
 * The only script of the prerendered pages that need the app to work: `/login` and `/signup` (written by the build:
 * see prerender.tsx and vite.config.ts). Like public-page.ts, it asks who is there once the page is painted:
 * - a signed-in owner gets the app straight away, which sends them on;
 * - a visitor keeps the page as it is, minus its 'Loading...', and gets the app at the first sign of use (a touch, a
 *   click, a key, focus, the pointer moving), while they fill in the form: nothing runs before anyone needs it.
 * Either way the app adopts the page as it stands (main.tsx): what was typed meanwhile stays and is what gets sent.
 */
import { carryRedirect, pageSession } from './lib/prerendered-page';

/** Each page's lazily loaded route module (see app/router.tsx), fetched alongside the app rather than after it. */
const ROUTE_MODULES: Partial<Record<string, () => Promise<unknown>>> = {
  '/login': () => import('./features/auth/auth-page'),
  '/signup': () => import('./features/auth/auth-page'),
};

const INTENT_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin'] as const;

let isAppLoading = false;

function loadApp() {
  if (isAppLoading) return;
  isAppLoading = true;
  for (const type of INTENT_EVENTS) window.removeEventListener(type, loadApp, true);
  // Should this fail, the router asks for the module again and shows its error page.
  ROUTE_MODULES[window.location.pathname]?.().catch(() => {});
  void import('./main');
}

/** The session check's answer: whether nobody is signed in; undefined when there was none (offline, a server error). */
async function isVisitor(): Promise<boolean | undefined> {
  try {
    const response = await fetch('/api/me/session', { credentials: 'same-origin' });
    if (!response.ok) return undefined;
    const { me } = (await response.json()) as { me: unknown };
    return me === null;
  } catch {
    return undefined;
  }
}

/**
 * A frame callback runs just before the browser paints that frame; a task it queues runs after the paint. A tab
 * opened in the background paints nothing until it is shown: there it goes ahead at once.
 */
function afterFirstPaint(run: () => void) {
  if (document.visibilityState === 'hidden') run();
  else requestAnimationFrame(() => setTimeout(run, 0));
}

async function start() {
  const visitor = await isVisitor();
  // Once the app is on its way it checks the session itself: the page is left as it is for it to adopt.
  if (isAppLoading) return;
  if (visitor !== true) {
    // Signed in (the app routes on), or no answer (the app asks again, and shows what it gets).
    loadApp();
    return;
  }
  pageSession.markVisitor();
  for (const element of document.querySelectorAll('[data-session-check]')) element.remove();
}

carryRedirect();
for (const type of INTENT_EVENTS) window.addEventListener(type, loadApp, { capture: true, passive: true });
afterFirstPaint(() => void start());
