// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import toast, { Toaster } from 'react-hot-toast';
import { COMMON_PASSWORD_MESSAGE } from '@shared/contracts/auth';
import { MSG } from '@shared/messages';
import {
  expectFieldError,
  expectNoFieldError,
  fakeApi,
  renderAt,
  reply,
  signedInOwner,
  type FakeRoutes,
  type Reply,
} from '../../../../../tests/render-web';
import { setupRoutes } from '../setup-test-routes';
import { UNSAVED_CHANGES } from '../unsaved-changes';
import { CURRENT_PASSWORD_WRONG } from './account-api';
import { PASSWORD_CHANGED_HERE } from './change-password-form';
import { DEVICE_SIGNED_OUT, DEVICES_LOAD_FAILED, OTHER_DEVICES_SIGNED_OUT } from './signed-in-devices';

// The auth client keeps the `fetch` it finds when it is created: load the helper's forwarding fetch before it.
await vi.hoisted(() => import('../../../../../tests/render-web'));

const AGENTS = {
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
};

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000).toISOString();

/** A session as better-auth's list-sessions answers it. */
function session(id: string, userAgent: string, createdAt: string, ipAddress = '203.0.113.7') {
  return {
    id,
    token: `token-${id}`,
    userId: 'user-1',
    userAgent,
    ipAddress,
    createdAt,
    updatedAt: createdAt,
    expiresAt: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString(),
  };
}

const THIS_MAC = session('mac', AGENTS.mac, hoursAgo(2 * 24));
const PHONE = session('phone', AGENTS.iphone, hoursAgo(3 * 24));
const OFFICE_PC = session('pc', AGENTS.windows, hoursAgo(5), '');

function accountApi(routes: FakeRoutes = {}, sessions = [THIS_MAC, PHONE, OFFICE_PC]) {
  let listed = sessions;
  const api = fakeApi({
    'GET /api/me': reply(200, signedInOwner({ hasCompletedOnboarding: true })),
    'GET /api/auth/list-sessions': () => reply(200, listed),
    'GET /api/auth/get-session': reply(200, {
      session: THIS_MAC,
      user: { id: 'user-1', name: 'Maria Rossi', email: 'maria@example.com' },
    }),
    'POST /api/auth/revoke-session': ({ body }) => {
      listed = listed.filter((s) => s.token !== (body as { token: string }).token);
      return reply(200, { status: true });
    },
    'POST /api/auth/revoke-other-sessions': () => {
      listed = listed.filter((s) => s.id === THIS_MAC.id);
      return reply(200, { status: true });
    },
    ...routes,
  });
  return api;
}

const withToaster = (routes: typeof setupRoutes) => [
  {
    element: (
      <>
        <Outlet />
        <Toaster />
      </>
    ),
    children: routes,
  },
];

afterEach(() => {
  toast.remove();
});

function openAccount(routes: FakeRoutes = {}, sessions?: ReturnType<typeof session>[]) {
  // The toaster checks for reduced motion, which jsdom cannot answer; render-web unstubs it after each test.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  const api = accountApi(routes, sessions);
  return { ...renderAt('/settings?tab=account', withToaster(setupRoutes)), api };
}

const currentPassword = () => screen.getByLabelText('Current password');
const newPassword = () => screen.getByLabelText('New password');
const changeButton = () => screen.getByRole('button', { name: 'Change password' });
const deviceList = () => screen.findByRole('list', { name: 'Signed-in devices' });

describe('Settings → Account: changing the password', () => {
  it('is a tab of its own, with the hint under the new password', async () => {
    openAccount();
    expect(await screen.findByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Account' })).toBeInTheDocument();
    expect(newPassword()).toHaveAccessibleDescription(MSG.passwordHint);
    expect(currentPassword()).toHaveAttribute('autocomplete', 'current-password');
    expect(newPassword()).toHaveAttribute('autocomplete', 'new-password');
  });

  it('checks both fields before sending anything', async () => {
    const { user, fill, api } = openAccount();
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    expectFieldError(currentPassword(), 'Enter your current password');
    expectFieldError(newPassword(), MSG.passwordHint);

    await fill(currentPassword(), 'old-secret');
    await fill(newPassword(), 'short');
    await user.click(changeButton());
    expectNoFieldError(currentPassword());
    expectFieldError(newPassword(), MSG.passwordHint);
    expect(api.writes()).toEqual([]);
  });

  it('sends the change asking to sign the other devices out, empties the form and says so', async () => {
    const { user, fill, api } = openAccount({
      'POST /api/auth/change-password': reply(200, { token: 'new-token', user: { id: 'user-1' } }),
    });
    await fill(await screen.findByLabelText('Current password'), 'old-secret');
    await fill(newPassword(), 'brand-new-secret');
    const listReads = api.requests.filter((r) => r.path === '/api/auth/list-sessions').length;
    await user.click(changeButton());

    expect(await screen.findByText(PASSWORD_CHANGED_HERE)).toBeInTheDocument();
    expect(api.bodiesOf('POST /api/auth/change-password')).toEqual([
      { currentPassword: 'old-secret', newPassword: 'brand-new-secret', revokeOtherSessions: true },
    ]);
    expect(currentPassword()).toHaveValue('');
    expect(newPassword()).toHaveValue('');
    // This browser has a new session now: the device list is read again.
    await waitFor(() =>
      expect(api.requests.filter((r) => r.path === '/api/auth/list-sessions').length).toBeGreaterThan(listReads),
    );
  });

  it("shows the server's reason under the new password when it is one of the most common", async () => {
    const { user, fill } = openAccount({
      'POST /api/auth/change-password': reply(400, {
        error: `newPassword: ${COMMON_PASSWORD_MESSAGE}`,
        field: 'newPassword',
        code: 'WEAK_PASSWORD',
        reasons: ['common'],
      }),
    });
    await fill(await screen.findByLabelText('Current password'), 'old-secret');
    await fill(newPassword(), 'iloveyou');
    await user.click(changeButton());

    await waitFor(() => expectFieldError(newPassword(), COMMON_PASSWORD_MESSAGE));
    expectNoFieldError(currentPassword());
    expect(newPassword()).toHaveValue('iloveyou');
    // Typing a new one clears the reason.
    await fill(newPassword(), 'iloveyou-more');
    expectNoFieldError(newPassword());
  });

  it('says under the current password when it is not the right one', async () => {
    const { user, fill } = openAccount({
      'POST /api/auth/change-password': reply(400, { code: 'INVALID_PASSWORD', message: 'Invalid password' }),
    });
    await fill(await screen.findByLabelText('Current password'), 'not-it');
    await fill(newPassword(), 'brand-new-secret');
    await user.click(changeButton());

    await waitFor(() => expectFieldError(currentPassword(), CURRENT_PASSWORD_WRONG));
    expectNoFieldError(newPassword());
  });

  it('says so above the fields when the server refuses without naming one', async () => {
    const { user, fill } = openAccount({
      'POST /api/auth/change-password': reply(429, { message: 'Too many requests. Please try again later.' }),
    });
    await fill(await screen.findByLabelText('Current password'), 'old-secret');
    await fill(newPassword(), 'brand-new-secret');
    await user.click(changeButton());

    const form = changeButton().closest('form')!;
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a minute and try again.',
    );
  });

  it('asks before leaving the tab with a password typed in', async () => {
    const { user, fill } = openAccount();
    await fill(await screen.findByLabelText('New password'), 'half-typed');
    await user.click(screen.getByRole('tab', { name: 'Restaurant' }));
    expect(await screen.findByRole('alertdialog', { name: UNSAVED_CHANGES.title })).toBeInTheDocument();
  });
});

describe('Settings → Account: signed-in devices', () => {
  it('lists every device, this one first and marked, with its browser, address and sign-in time', async () => {
    openAccount();
    const rows = within(await deviceList()).getAllByRole('listitem');

    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([
      'Chrome on macOSThis device',
      'Edge on Windows',
      'Safari on iPhone',
    ]);
    expect(rows[0]).toHaveTextContent('IP 203.0.113.7 · Signed in 2 days ago');
    expect(rows[1]).toHaveTextContent(/^Edge on WindowsSigned in 5 hours ago/);
    expect(rows[2]).toHaveTextContent('Signed in 3 days ago');
    // This device signs out from the header, not from here.
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(within(rows[2]!).getByRole('button', { name: 'Sign out Safari on iPhone' })).toBeInTheDocument();
  });

  it('signs one device out after asking, and reads the list again', async () => {
    const { user, api } = openAccount();
    const list = await deviceList();
    await user.click(within(list).getByRole('button', { name: 'Sign out Safari on iPhone' }));

    const asked = await screen.findByRole('alertdialog', { name: 'Sign out this device?' });
    expect(asked).toHaveTextContent('Safari on iPhone will be signed out.');
    expect(within(asked).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(asked).getByRole('button', { name: 'Cancel' }));
    expect(api.writes()).toEqual([]);

    await user.click(within(list).getByRole('button', { name: 'Sign out Safari on iPhone' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText(DEVICE_SIGNED_OUT)).toBeInTheDocument();
    expect(api.bodiesOf('POST /api/auth/revoke-session')).toEqual([{ token: PHONE.token }]);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).queryByText('Safari on iPhone')).toBeNull();
  });

  it('signs out everywhere else after asking, leaving only this device', async () => {
    const { user, api } = openAccount();
    const list = await deviceList();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    const asked = await screen.findByRole('alertdialog', { name: 'Sign out everywhere else?' });
    await user.click(within(asked).getByRole('button', { name: 'Sign out everywhere else' }));

    expect(await screen.findByText(OTHER_DEVICES_SIGNED_OUT)).toBeInTheDocument();
    expect(api.writes().map((w) => w.path)).toEqual(['/api/auth/revoke-other-sessions']);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    // Nothing else to sign out.
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
  });

  it('offers nothing to sign out when this is the only device', async () => {
    openAccount({}, [THIS_MAC]);
    const rows = within(await deviceList()).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /sign out/i })).toBeNull();
  });

  it('says when the list cannot be loaded, and tries again on request', async () => {
    let answer: Reply = reply(500, { message: 'Internal Server Error' });
    const { user } = openAccount({ 'GET /api/auth/list-sessions': () => answer });
    const failed = await screen.findByText(DEVICES_LOAD_FAILED);
    expect(failed.closest('[role="alert"]')).not.toBeNull();

    answer = reply(200, [THIS_MAC]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(within(await deviceList()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('tells a failed sign-out, and keeps the device listed', async () => {
    const { user } = openAccount({ 'POST /api/auth/revoke-session': reply(500, { message: 'Internal Server Error' }) });
    const list = await deviceList();
    await user.click(within(list).getByRole('button', { name: 'Sign out Safari on iPhone' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText('Could not sign out that device. Please try again.')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
  });
});
