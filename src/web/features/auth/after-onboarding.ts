import { safeRedirect } from '@web/lib/session';

const KEY = 'pickupline.afterOnboarding';

/**
 * A same-origin path (path, query and hash) from a `redirect` parameter, or null. Anything that could leave the site
 * is refused: another origin, a scheme, '//host', and tricks the URL parser undoes ('/\t/host' reads as '//host').
 */
export function sameOriginPath(target: string | null | undefined): string | null {
  if (!target || safeRedirect(target, '') === '') return null;
  try {
    const url = new URL(target, window.location.origin);
    if (url.origin !== window.location.origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/**
 * Where a new owner goes once onboarding is done: the `redirect` they signed up or logged in with (a visitor's
 * Subscribe Now: /pricing?subscribe=1), kept in this tab across the wizard's steps and reloads.
 */
export const afterOnboarding = {
  /** Keeps the target, or forgets an earlier one when there is none (another sign-in in this tab). */
  remember(target: string | null) {
    const path = sameOriginPath(target);
    if (path) sessionStorage.setItem(KEY, path);
    else sessionStorage.removeItem(KEY);
  },
  /** The kept target (checked again), once; the dashboard when there is none. */
  take(): string {
    const path = sameOriginPath(sessionStorage.getItem(KEY));
    sessionStorage.removeItem(KEY);
    return path ?? '/dashboard';
  },
};
