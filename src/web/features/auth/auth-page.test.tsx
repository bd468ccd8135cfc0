// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { MeResponse } from '@shared/contracts/me';
import {
  expectFieldError,
  expectNoFieldError,
  fakeApi,
  renderAt,
  reply,
  signedInOwner,
} from '../../../../tests/render-web';
import { AuthPage } from './auth-page';

// The auth client keeps the `fetch` it finds when it is created: load the helper's forwarding fetch before it.
await vi.hoisted(() => import('../../../../tests/render-web'));

const routes = [
  { path: '/login', element: <AuthPage /> },
  { path: '/signup', element: <AuthPage /> },
];

const betterAuthUser = {
  id: 'user-1',
  name: 'Maria Rossi',
  email: 'maria@example.com',
  emailVerified: false,
  image: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
};

/** Signed out until a sign-in or sign-up succeeds; then /api/me answers with `me`. */
function authApi({
  signIn = reply(200, { redirect: false, token: 'session-token', user: betterAuthUser }),
  me = signedInOwner({ hasCompletedOnboarding: true }),
}: { signIn?: ReturnType<typeof reply>; me?: MeResponse } = {}) {
  let signedIn = false;
  return fakeApi({
    'GET /api/me': () => (signedIn ? reply(200, me) : reply(401, { error: 'Not signed in' })),
    'POST /api/auth/sign-in/email': () => {
      signedIn = signIn.status === 200;
      return signIn;
    },
    'POST /api/auth/sign-up/email': () => {
      signedIn = true;
      return reply(200, { token: 'session-token', user: betterAuthUser });
    },
  });
}

const form = () => screen.getByRole('button', { name: /log in|create account/i }).closest('form')!;

describe('sign-up', () => {
  async function openSignUp(api = authApi()) {
    const view = renderAt('/signup', routes);
    await screen.findByRole('button', { name: 'Create account' });
    return { ...view, api };
  }

  it('requires a full name, an email and a password, and sends nothing', async () => {
    const { user, api } = await openSignUp();

    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expectFieldError(screen.getByLabelText('Full name'), 'Full name is required');
    expectFieldError(screen.getByLabelText('Email'), 'Enter a valid email address');
    expectFieldError(screen.getByLabelText('Password'), 'Password must be at least 6 characters');
    expect(api.writes()).toEqual([]);
  });

  it('refuses a 5-character password', async () => {
    const { user, api } = await openSignUp();
    const password = screen.getByLabelText('Password');
    // Before submitting, the rule is a hint, not an error.
    expect(password).toHaveAccessibleDescription('Password must be at least 6 characters');
    expectNoFieldError(password);

    await user.type(screen.getByLabelText('Full name'), 'Maria Rossi');
    await user.type(screen.getByLabelText('Email'), 'maria@example.com');
    await user.type(password, '12345');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expectFieldError(password, 'Password must be at least 6 characters');
    expectNoFieldError(screen.getByLabelText('Full name'));
    expectNoFieldError(screen.getByLabelText('Email'));
    expect(api.writes()).toEqual([]);
  });

  it('clears a field’s error when the person types in it', async () => {
    const { user } = await openSignUp();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expectFieldError(screen.getByLabelText('Full name'), 'Full name is required');

    await user.type(screen.getByLabelText('Full name'), 'M');

    expectNoFieldError(screen.getByLabelText('Full name'));
    expectFieldError(screen.getByLabelText('Email'), 'Enter a valid email address');
  });

  it('sends the name, email and password, then goes to onboarding', async () => {
    const { user, api, location } = await openSignUp(authApi({ me: signedInOwner({ onboardingStep: 1 }) }));

    await user.type(screen.getByLabelText('Full name'), '  Maria Rossi ');
    await user.type(screen.getByLabelText('Email'), 'maria@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(location()).toBe('/onboarding'));
    expect(api.bodiesOf('POST /api/auth/sign-up/email')).toEqual([
      { name: 'Maria Rossi', email: 'maria@example.com', password: 'secret1' },
    ]);
  });
});

describe('login', () => {
  async function openLogin(api = authApi(), path = '/login') {
    const view = renderAt(path, routes);
    await screen.findByRole('button', { name: 'Log in' });
    return { ...view, api };
  }

  async function logIn(user: ReturnType<typeof renderAt>['user'], email: string, password: string) {
    await user.type(screen.getByLabelText('Email'), email);
    await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
  }

  it('requires an email and a password, and sends nothing', async () => {
    const { user, api } = await openLogin();

    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expectFieldError(screen.getByLabelText('Email'), 'Enter a valid email address');
    expectFieldError(screen.getByLabelText('Password'), 'Password is required');
    expect(screen.queryByLabelText('Full name')).not.toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });

  it('shows the server’s reason when it refuses the credentials', async () => {
    const { user, api, location } = await openLogin(
      authApi({
        signIn: reply(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }),
      }),
    );

    await logIn(user, 'maria@example.com', 'wrong-password');

    expect(await within(form()).findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(api.bodiesOf('POST /api/auth/sign-in/email')).toEqual([
      { email: 'maria@example.com', password: 'wrong-password' },
    ]);
    expect(location()).toBe('/login');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it('falls back to “Failed to sign in” when the refusal carries no message', async () => {
    const { user } = await openLogin(authApi({ signIn: reply(500, {}) }));

    await logIn(user, 'maria@example.com', 'secret1');

    expect(await within(form()).findByRole('alert')).toHaveTextContent(/^Failed to sign in$/);
  });

  it('signs in with the trimmed email and follows the redirect', async () => {
    const { user, api, location } = await openLogin(authApi(), '/login?redirect=%2Fsettings');

    await logIn(user, ' maria@example.com ', 'secret1');

    await waitFor(() => expect(location()).toBe('/settings'));
    expect(api.bodiesOf('POST /api/auth/sign-in/email')).toEqual([{ email: 'maria@example.com', password: 'secret1' }]);
  });
});
