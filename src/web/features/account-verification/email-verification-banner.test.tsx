// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import type { MeResponse } from '@shared/contracts/me';
import { fakeApi, renderAt, reply, signedInOwner } from '../../../../tests/render-web';
import { EmailVerificationBanner, VERIFICATION_MESSAGES } from './email-verification-banner';

// The auth client keeps the `fetch` it finds when it is created: load the helper's forwarding fetch before it.
await vi.hoisted(() => import('../../../../tests/render-web'));

afterEach(() => toast.remove());

// The toaster asks whether the browser prefers reduced motion.
beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
});

const unverified: MeResponse = { ...signedInOwner(), emailVerified: false };

function renderBanner(me: MeResponse, path = '/settings') {
  const page = (
    <>
      <EmailVerificationBanner me={me} />
      <Toaster />
    </>
  );
  return renderAt(path, [
    { path: '/dashboard', element: page },
    { path: '/settings', element: page },
  ]);
}

describe('the e-mail confirmation banner', () => {
  it('asks an unconfirmed owner to open the link, and sends a new one on request', async () => {
    const api = fakeApi({ 'POST /api/auth/send-verification-email': reply(200, { status: true }) });
    const { user } = renderBanner(unverified);

    expect(screen.getByRole('region', { name: 'E-mail confirmation' })).toHaveTextContent(
      VERIFICATION_MESSAGES.banner('maria@example.com'),
    );
    await user.click(screen.getByRole('button', { name: VERIFICATION_MESSAGES.resend }));

    expect(await screen.findByRole('status')).toHaveTextContent(VERIFICATION_MESSAGES.resent);
    expect(api.bodiesOf('POST /api/auth/send-verification-email')).toEqual([{ email: 'maria@example.com' }]);
    expect(screen.queryByRole('button', { name: VERIFICATION_MESSAGES.resend })).not.toBeInTheDocument();
  });

  it('says so when no new link could be sent (rate limited), and lets the owner try again', async () => {
    fakeApi({ 'POST /api/auth/send-verification-email': reply(429, { message: 'Too many requests.' }) });
    const { user } = renderBanner(unverified);

    await user.click(screen.getByRole('button', { name: VERIFICATION_MESSAGES.resend }));

    expect(await screen.findByText(VERIFICATION_MESSAGES.resendFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: VERIFICATION_MESSAGES.resend })).toBeEnabled();
  });

  it('is not shown once the address is confirmed', () => {
    fakeApi({});
    renderBanner(signedInOwner());
    expect(screen.queryByRole('region', { name: 'E-mail confirmation' })).not.toBeInTheDocument();
  });

  it('leaves the live board its full height', () => {
    fakeApi({});
    renderBanner(unverified, '/dashboard');
    expect(screen.queryByRole('region', { name: 'E-mail confirmation' })).not.toBeInTheDocument();
  });
});
