// @vitest-environment jsdom
import { act, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, reply, signedInOwner } from '../../tests/render-web';
import { App, createQueryClient } from './app/app';
import { createRouter, whenRouterReady } from './app/router';
import { meQueryKey } from './lib/session';
import { carryRedirect } from './lib/prerendered-page';
import { prerenderPublicPages, renderPage } from './prerender';

// The auth client keeps the `fetch` it finds when it is created: load the helper's forwarding fetch before it.
await vi.hoisted(() => import('../../tests/render-web'));

// Rendering with React's act() outside Testing Library's render().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

/** Puts the page the build renders for `path` into the document at that address, as the server answers it. */
async function loadPrerendered(url: string) {
  const path = new URL(url, 'http://localhost').pathname;
  document.body.innerHTML = `<div id="root">${await renderPage(path)}</div>`;
  window.history.replaceState(null, '', url);
  return document.getElementById('root')!;
}

/**
 * What the page's script (app-page.ts) and then main.tsx do on a prerendered page (`knownVisitor`: the script heard
 * nobody is signed in and took 'Loading...' away); returns every hydration complaint React made.
 */
async function hydrate(container: HTMLElement, { knownVisitor = false } = {}) {
  const complaints: unknown[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => complaints.push(args));
  const router = createRouter();
  const queryClient = createQueryClient();
  carryRedirect();
  if (knownVisitor) {
    for (const element of container.querySelectorAll('[data-session-check]')) element.remove();
    queryClient.setQueryData(meQueryKey, null);
  }
  await whenRouterReady(router);
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
      { onRecoverableError: (error) => complaints.push(error) },
    );
    await Promise.resolve();
  });
  return complaints;
}

const signedOut = () => fakeApi({ 'GET /api/me': reply(401, { error: 'Not signed in' }) });

describe('prerendered pages', () => {
  it('carry no inline style or script, which the Content-Security-Policy would refuse', async () => {
    for (const page of await prerenderPublicPages()) {
      expect(page.html, page.path).not.toMatch(/\sstyle=/);
      expect(page.html, page.path).not.toContain('<script');
    }
  });

  it.each(['/', '/pricing', '/login', '/signup'])(
    '%s is adopted by the app without a hydration mismatch',
    async (path) => {
      signedOut();
      const container = await loadPrerendered(path);
      const prerendered = container.innerHTML;

      const complaints = await hydrate(container);

      expect(complaints).toEqual([]);
      expect(prerendered.length).toBeGreaterThan(1000);
    },
  );

  it.each(['/login', '/signup'])(
    '%s is adopted without a mismatch once its script has taken Loading... away for a visitor',
    async (path) => {
      const api = signedOut();
      const container = await loadPrerendered(path);

      expect(await hydrate(container, { knownVisitor: true })).toEqual([]);

      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: path === '/login' ? 'Log in' : 'Create account' })).toBeEnabled();
      // The app starts from the script's answer instead of asking again.
      expect(api.requests.filter((r) => r.path === '/api/me/session')).toEqual([]);
    },
  );
});

describe('prerendered login and sign-up', () => {
  it('show the form with Loading... while the session check runs, and wait for the app to send it', async () => {
    const container = await loadPrerendered('/login');
    const page = within(container);

    expect(page.getByRole('heading', { name: 'PickupLine Restaurant Orders' })).toBeVisible();
    expect(page.getByRole('status')).toHaveTextContent('Loading...');
    expect(page.getByLabelText('Email')).toBeEnabled();
    expect(page.getByLabelText('Password')).toBeEnabled();
    expect(page.getByRole('button', { name: 'Log in' })).toBeDisabled();
  });

  it('once the app runs: the button works, Loading... is gone and the switch link keeps the redirect', async () => {
    signedOut();
    const container = await loadPrerendered('/login?redirect=%2Fsettings');
    expect(within(container).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');

    expect(await hydrate(container)).toEqual([]);

    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup?redirect=%2Fsettings');
    // The fields are still labelled by their own labels (ids from the build's render).
    expect(screen.getByLabelText('Email').tagName).toBe('INPUT');
  });

  it('sends what was typed before the app took the page over', async () => {
    let signedIn = false;
    const api = fakeApi({
      'GET /api/me': () => (signedIn ? reply(200, signedInOwner({ onboardingStep: 1 })) : reply(401, {})),
      'POST /api/auth/sign-up/email': () => {
        signedIn = true;
        return reply(200, { token: 'session-token', user: { id: 'user-1' } });
      },
    });
    const container = await loadPrerendered('/signup');
    const page = within(container);
    // Typed into the static page: no app is listening yet.
    const type = (label: string, text: string) => {
      const input = page.getByLabelText<HTMLInputElement>(label);
      input.value = text;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    };
    type('Full name', 'Maria Rossi');
    type('Email', 'maria@example.com');
    type('Password', 'secret1');

    expect(await hydrate(container)).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() =>
      expect(api.bodiesOf('POST /api/auth/sign-up/email')).toEqual([
        { name: 'Maria Rossi', email: 'maria@example.com', password: 'secret1' },
      ]),
    );
    await waitFor(() => expect(window.location.pathname).toMatch(/^\/onboarding/));
  });

  it('send a signed-in owner on once the session check answers', async () => {
    fakeApi({ 'GET /api/me': reply(200, signedInOwner({ hasCompletedOnboarding: true })) });
    const container = await loadPrerendered('/login?redirect=%2Fpricing');

    expect(await hydrate(container)).toEqual([]);

    await waitFor(() => expect(window.location.pathname).toBe('/pricing'));
  });
});
