/**
 * What a prerendered page's own script (app-page.ts) does for the app before loading it, kept apart from the app's
 * modules so that script stays a few hundred bytes.
 */

/** The query parameter the sign-in pages pass on from one to the other (see AuthForm). */
const REDIRECT_PARAM = 'redirect';

/**
 * The build knows no query string, so the links marked `data-carry-redirect` were written without this address's
 * redirect: they get it now, as the app writes them, before anyone can follow one and before the app adopts the page.
 */
export function carryRedirect(doc: Document = document) {
  const redirect = new URLSearchParams(doc.location.search).get(REDIRECT_PARAM);
  if (!redirect) return;
  for (const link of doc.querySelectorAll<HTMLAnchorElement>('a[data-carry-redirect]')) {
    link.setAttribute('href', `${link.pathname}?${REDIRECT_PARAM}=${encodeURIComponent(redirect)}`);
  }
}

let isKnownVisitor = false;

/**
 * That nobody is signed in, when the page's script has already asked: the app starts from that answer instead of
 * asking again, so its first render matches the page as the script left it (without 'Loading...').
 */
export const pageSession = {
  /** The page's script was just told that nobody is signed in. */
  markVisitor() {
    isKnownVisitor = true;
  },
  /** Whether the page's script was told nobody is signed in; asked once, by the app as it starts. */
  takeVisitor(): boolean {
    const answer = isKnownVisitor;
    isKnownVisitor = false;
    return answer;
  },
};
