// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { MeResponse } from '@shared/contracts/me';
import { fakeApi, renderAt, reply, signedInOwner } from '../../../../tests/render-web';
import { EmailConfirmedPage } from './email-confirmed-page';
import { VERIFICATION_MESSAGES } from './email-verification-banner';

// The auth client keeps the `fetch` it finds when it is created: load the helper's forwarding fetch before it.
await vi.hoisted(() => import('../../../../tests/render-web'));

const routes = [{ path: '/email-confirmed', element: <EmailConfirmedPage /> }];
const onboarded: MeResponse = signedInOwner({ hasCompletedOnboarding: true });
const visitor = { 'GET /api/me': reply(401, { error: 'Sign in first' }) };

describe('/email-confirmed (where the confirmation link lands)', () => {
  it('says the address is confirmed, and Continue goes on to the dashboard', async () => {
    fakeApi({ 'GET /api/me': reply(200, onboarded) });
    renderAt('/email-confirmed', routes);

    expect(await screen.findByRole('heading', { name: 'E-mail address confirmed' })).toBeInTheDocument();
    expect(screen.getByText(VERIFICATION_MESSAGES.confirmed)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/dashboard');
  });

  it('sends a new owner on to onboarding, and an administrator without a restaurant to /admin', async () => {
    fakeApi({ 'GET /api/me': reply(200, signedInOwner({ hasCompletedOnboarding: false })) });
    const first = renderAt('/email-confirmed', routes);
    expect(await screen.findByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/onboarding');
    first.unmount();

    fakeApi({ 'GET /api/me': reply(200, { ...signedInOwner({ hasCompletedOnboarding: false }), isAdmin: true }) });
    renderAt('/email-confirmed', routes);
    expect(await screen.findByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/admin');
  });

  it('confirms on another device too, where nobody is signed in, and offers Log in', async () => {
    fakeApi(visitor);
    renderAt('/email-confirmed', routes);

    expect(await screen.findByRole('heading', { name: 'E-mail address confirmed' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('says when the link had expired, and sends a new one to a signed-in owner', async () => {
    const api = fakeApi({
      'GET /api/me': reply(200, { ...onboarded, emailVerified: false }),
      'POST /api/auth/send-verification-email': reply(200, { status: true }),
    });
    const { user } = renderAt('/email-confirmed?error=TOKEN_EXPIRED', routes);

    expect(await screen.findByRole('heading', { name: 'This link no longer works' })).toBeInTheDocument();
    expect(screen.getByText(VERIFICATION_MESSAGES.linkFailed)).toBeInTheDocument();
    expect(screen.queryByText(VERIFICATION_MESSAGES.confirmed)).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(VERIFICATION_MESSAGES.resent);
    expect(api.bodiesOf('POST /api/auth/send-verification-email')).toEqual([{ email: 'maria@example.com' }]);
  });

  it('a link opened a second time still says confirmed when the address is', async () => {
    fakeApi({ 'GET /api/me': reply(200, onboarded) });
    renderAt('/email-confirmed?error=INVALID_TOKEN', routes);

    expect(await screen.findByRole('heading', { name: 'E-mail address confirmed' })).toBeInTheDocument();
  });

  it('tells a signed-out visitor with an expired link to log in for a new one', async () => {
    fakeApi(visitor);
    renderAt('/email-confirmed?error=TOKEN_EXPIRED', routes);

    expect(await screen.findByText(VERIFICATION_MESSAGES.logInToResend)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'This link no longer works' })).toBeInTheDocument();
  });
});
