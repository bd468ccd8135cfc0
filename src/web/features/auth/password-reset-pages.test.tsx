// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router';
import toast, { Toaster } from 'react-hot-toast';
import { expectFieldError, fakeApi, renderAt, reply } from '../../../../tests/render-web';
import { AuthPage } from './auth-page';
import { ForgotPasswordPage, RESET_LINK_SENT } from './forgot-password-page';
import { INVALID_RESET_LINK, PASSWORD_CHANGED, ResetPasswordPage } from './reset-password-page';

// The auth client keeps the `fetch` it finds when it is created: load the helper's forwarding fetch before it.
await vi.hoisted(() => import('../../../../tests/render-web'));

const routes: RouteObject[] = [
  {
    element: (
      <>
        <Outlet />
        <Toaster />
      </>
    ),
    children: [
      { path: '/login', element: <AuthPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
    ],
  },
];

const signedOut = { 'GET /api/me': reply(401, { error: 'Not signed in' }) } as const;
const tooManyRequests = reply(429, { message: 'Too many requests. Please try again later.' });

function stubMatchMedia() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => {
  toast.remove();
});

describe('Forgot password?', () => {
  it('on the login page leads to /forgot-password', async () => {
    fakeApi(signedOut);
    const { user, location } = renderAt('/login', routes);
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    expect(location()).toBe('/forgot-password');
    expect(document.title).toBe('Forgot password | PickupLine');
  });

  it('asks for a valid address before sending anything', async () => {
    const api = fakeApi({});
    const { user, fill } = renderAt('/forgot-password', routes);
    const email = await screen.findByLabelText('Email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expectFieldError(email, 'Enter a valid email address');
    await fill(email, 'maria@');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expectFieldError(email, 'Enter a valid email address');
    expect(api.writes()).toEqual([]);
  });

  it('requests a link for the address and gives the same answer whatever the server knows', async () => {
    const api = fakeApi({ 'POST /api/auth/request-password-reset': reply(200, { status: true, message: 'x' }) });
    const { user, fill } = renderAt('/forgot-password', routes);
    await fill(await screen.findByLabelText('Email'), ' maria@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(RESET_LINK_SENT);
    expect(RESET_LINK_SENT).toBe(
      'If an account exists for that e-mail, we sent a link to reset the password. It expires in 1 hour.',
    );
    expect(api.bodiesOf('POST /api/auth/request-password-reset')).toEqual([
      { email: 'maria@example.com', redirectTo: '/reset-password' },
    ]);
    expect(screen.getByRole('link', { name: 'Back to Login' })).toBeVisible();

    // "Try again" brings the form back for another address.
    await user.click(screen.getByRole('button', { name: 'try again' }));
    expect(screen.getByLabelText('Email')).toBeVisible();
  });

  it('says clearly when there were too many requests', async () => {
    stubMatchMedia();
    fakeApi({ 'POST /api/auth/request-password-reset': tooManyRequests });
    const { user, fill } = renderAt('/forgot-password', routes);
    await fill(await screen.findByLabelText('Email'), 'maria@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    const alerts = await screen.findAllByText('Too many attempts. Please wait a minute and try again.');
    expect(alerts.length).toBeGreaterThanOrEqual(1);
    expect(screen.queryByText(RESET_LINK_SENT)).toBeNull();
  });
});

describe('/reset-password', () => {
  it.each(['/reset-password', '/reset-password?error=INVALID_TOKEN', '/reset-password?token=abc&error=INVALID_TOKEN'])(
    'at %s says the link is invalid and offers a new one',
    async (path) => {
      fakeApi({});
      const { user, location } = renderAt(path, routes);
      expect(await screen.findByText(INVALID_RESET_LINK)).toBeVisible();
      expect(screen.queryByLabelText('New password')).toBeNull();
      await user.click(screen.getByRole('link', { name: 'Request a new link' }));
      expect(location()).toBe('/forgot-password');
    },
  );

  it('checks the new password as sign-up does, and that both fields match, before sending', async () => {
    const api = fakeApi({});
    const { user, fill } = renderAt('/reset-password?token=tok123', routes);
    expect(document.title).toBe('Reset password | PickupLine');
    const password = await screen.findByLabelText('New password');
    const confirm = screen.getByLabelText('Confirm new password');
    expect(screen.getByText('Password must be at least 6 characters')).toBeVisible();

    await fill(password, '12345');
    await fill(confirm, '12345');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expectFieldError(password, 'Password must be at least 6 characters');

    await fill(password, 'new-secret');
    await fill(confirm, 'new-secreT');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expectFieldError(confirm, 'Passwords do not match');
    expect(api.writes()).toEqual([]);
  });

  it('sets the password with the token, then goes to the login page with a toast', async () => {
    stubMatchMedia();
    const api = fakeApi({ ...signedOut, 'POST /api/auth/reset-password': reply(200, { status: true }) });
    const { user, fill, location } = renderAt('/reset-password?token=tok123', routes);
    await fill(await screen.findByLabelText('New password'), 'new-secret');
    await fill(screen.getByLabelText('Confirm new password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(location()).toBe('/login'));
    expect(await screen.findByText(PASSWORD_CHANGED)).toBeInTheDocument();
    expect(PASSWORD_CHANGED).toBe('Your password was changed. Sign in with your new password.');
    expect(api.bodiesOf('POST /api/auth/reset-password')).toEqual([{ newPassword: 'new-secret', token: 'tok123' }]);
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeVisible();
  });

  it('shows the invalid-link message when the server refuses the token (used or expired meanwhile)', async () => {
    fakeApi({ 'POST /api/auth/reset-password': reply(400, { code: 'INVALID_TOKEN', message: 'Invalid token' }) });
    const { user, fill } = renderAt('/reset-password?token=used', routes);
    await fill(await screen.findByLabelText('New password'), 'new-secret');
    await fill(screen.getByLabelText('Confirm new password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText(INVALID_RESET_LINK)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('says clearly when there were too many attempts, and keeps the form', async () => {
    stubMatchMedia();
    fakeApi({ 'POST /api/auth/reset-password': tooManyRequests });
    const { user, fill } = renderAt('/reset-password?token=tok123', routes);
    await fill(await screen.findByLabelText('New password'), 'new-secret');
    await fill(screen.getByLabelText('Confirm new password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(
      (await screen.findAllByText('Too many attempts. Please wait a minute and try again.')).length,
    ).toBeGreaterThan(0);
    expect(screen.getByLabelText('New password')).toBeVisible();
  });
});
