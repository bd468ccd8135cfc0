// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { fakeApi, reply, signedInOwner } from '../../tests/render-web';

/** How many times the page's script loaded the app and the page's route module (both stand-ins here). */
const loads = { app: 0, route: 0 };

beforeEach(() => {
  loads.app = 0;
  loads.route = 0;
  // A fresh script per test, with fresh stand-ins that count their loading.
  vi.resetModules();
  vi.doMock('./main', () => {
    loads.app += 1;
    return {};
  });
  vi.doMock('./features/auth/auth-page', () => {
    loads.route += 1;
    return {};
  });
  window.history.replaceState(null, '', '/login');
  document.body.innerHTML = `<div id="root"><p role="status" data-session-check>Loading...</p><input id="email" /><a
    href="/signup" data-carry-redirect>Sign up</a><a href="/">Back to Home</a></div>`;
});

/** Runs the page's script as the page loads it; returns its hand-over to the app. */
async function runPageScript() {
  await import('./app-page');
  const { pageSession } = await import('./lib/prerendered-page');
  return pageSession;
}

const status = () => document.querySelector('[role="status"]');
const use = () => document.getElementById('email')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));

describe('the prerendered sign-in pages’ script', () => {
  it('for a visitor: takes Loading... away, tells the app, and loads it at the first sign of use', async () => {
    fakeApi({ 'GET /api/me': reply(401, { error: 'Not signed in' }) });
    const pageSession = await runPageScript();

    await waitFor(() => expect(status()).toBeNull());
    expect(loads).toEqual({ app: 0, route: 0 });

    use();

    await waitFor(() => expect(loads).toEqual({ app: 1, route: 1 }));
    expect(pageSession.takeVisitor()).toBe(true);
  });

  it('passes the address’s redirect on to the links that carry it, before anything else', async () => {
    window.history.replaceState(null, '', '/login?redirect=%2Fbilling%2Ftest-checkout%2Fa%20b');
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    await runPageScript();

    const href = (text: string) =>
      [...document.querySelectorAll('a')].find((a) => a.textContent === text)?.getAttribute('href');
    expect(href('Sign up')).toBe('/signup?redirect=%2Fbilling%2Ftest-checkout%2Fa%20b');
    expect(href('Back to Home')).toBe('/');
    use();
  });

  it('for a signed-in owner: loads the app straight away and leaves the page to it', async () => {
    fakeApi({ 'GET /api/me': reply(200, signedInOwner({ hasCompletedOnboarding: true })) });
    const pageSession = await runPageScript();

    await waitFor(() => expect(loads).toEqual({ app: 1, route: 1 }));
    expect(status()).not.toBeNull();
    expect(pageSession.takeVisitor()).toBe(false);
  });

  it('without an answer from the server: loads the app, which asks again', async () => {
    const api = fakeApi({ 'GET /api/me/session': reply(500, { error: 'Internal error' }) });
    await runPageScript();

    await waitFor(() => expect(loads.app).toBe(1));
    expect(api.requests.map((r) => r.path)).toEqual(['/api/me/session']);
    expect(status()).not.toBeNull();
  });

  it('when used before the answer comes: loads the app and leaves the page as it is', async () => {
    let answer: (value: Response) => void = () => {};
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    const pageSession = await runPageScript();

    use();
    await waitFor(() => expect(loads.app).toBe(1));
    answer(new Response(JSON.stringify({ me: null }), { headers: { 'content-type': 'application/json' } }));
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(status()).not.toBeNull();
    expect(pageSession.takeVisitor()).toBe(false);
  });
});
