/**
 * The only script of the prerendered public pages (`/` and `/pricing`, written by the build: see vite.config.ts).
 * A visitor gets the static page with its session-dependent parts revealed and no app code at all; a signed-in owner
 * gets the app itself, which renders the same page with their session (Dashboard link, their plan).
 */
async function isSignedIn(): Promise<boolean> {
  try {
    const response = await fetch('/api/me/session', { credentials: 'same-origin' });
    if (!response.ok) return false;
    const { me } = (await response.json()) as { me: unknown };
    return me !== null;
  } catch {
    // Offline or unreachable: the page stays as a visitor sees it, as the app's own pages do.
    return false;
  }
}

async function start() {
  if (await isSignedIn()) {
    await import('./main');
    return;
  }
  for (const element of document.querySelectorAll('[data-session-pending]')) {
    element.classList.remove('invisible');
    element.removeAttribute('data-session-pending');
  }
  // The footer's links have no destinations yet (see SiteFooter): they stay where they are, as in the app.
  for (const link of document.querySelectorAll('footer a[href="#"]')) {
    link.addEventListener('click', (event) => event.preventDefault());
  }
}

void start();
