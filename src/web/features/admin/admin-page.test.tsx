// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AdminUserDetails } from '@shared/contracts/admin';
import { extendTrial } from '@shared/domain/trial';
import { fakeApi, renderAt, reply, type FakeRoutes } from '../../../../tests/render-web';
import { formatDate, formatDateTime } from './admin-format';
import { AdminLayout } from './admin-layout';
import { AdminPage } from './admin-page';
import {
  ADMIN_ID,
  adminDetails,
  adminMe,
  adminUser,
  auditEntry,
  daysFromNow,
  stats,
  stubBrowser,
  urlsFetched,
  withToaster,
} from './admin-test-kit';

const maria = adminUser();
const luigi = adminUser({
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Luigi Verdi',
  email: 'luigi@example.com',
  restaurantName: null,
  trialEndsAt: daysFromNow(-2),
  trialDaysLeft: -2,
  isTrialExpired: true,
  hasCompletedOnboarding: false,
  onboardingStep: 3,
});

function adminApi(routes: FakeRoutes = {}) {
  return fakeApi({
    'GET /api/me': reply(200, adminMe()),
    'GET /api/admin/stats': reply(200, stats),
    'GET /api/admin/users': reply(200, { users: [maria, luigi], nextCursor: 'next' }),
    'GET /api/admin/users/:id': reply(200, adminDetails()),
    ...routes,
  });
}

const openDashboard = () =>
  renderAt(
    '/admin',
    withToaster([
      {
        path: '/admin',
        element: <AdminLayout />,
        children: [
          { index: true, element: <AdminPage /> },
          { path: 'users', element: <h1>All users</h1> },
        ],
      },
    ]),
  );

describe('/admin', () => {
  beforeEach(() => stubBrowser());

  it('shows the four stats and the newest accounts in the spec’s table, with the sidebar on Dashboard', async () => {
    adminApi();
    const { user, location } = openDashboard();

    expect(await screen.findByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
    const statsList = await screen.findByRole('list', { name: 'Account statistics' });
    expect(statsList).toHaveTextContent('Total Users42');
    expect(statsList).toHaveTextContent('Active Trials12');
    expect(statsList).toHaveTextContent('Expired Trials5');
    expect(statsList).toHaveTextContent('Completed Onboarding30');

    const table = await screen.findByRole('table', { name: 'Newest accounts' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['User', 'Restaurant', 'Status', 'Trial Ends', 'Onboarding', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent("Maria Rossimaria@example.comMaria's TrattoriaTrial");
    expect(rows[0]).toHaveTextContent('3 days left');
    expect(rows[0]).toHaveTextContent('Complete');
    expect(rows[1]).toHaveTextContent('Not set');
    expect(rows[1]).toHaveTextContent('Trial expired');
    expect(rows[1]).toHaveTextContent('Ended 2 days ago');
    expect(rows[1]).toHaveTextContent('Step 3 of 6');
    expect(screen.getByText('The newest 2 of 42 users')).toBeVisible();
    // The newest page, a short one.
    expect(urlsFetched('/api/admin/users')[0]?.searchParams.get('limit')).toBe('10');

    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Users' })).not.toHaveAttribute('aria-current');
    await user.click(screen.getByRole('link', { name: 'View all users' }));
    expect(location()).toBe('/admin/users');
  });

  it('shows a failed load with Retry', async () => {
    let fail = true;
    adminApi({
      'GET /api/admin/stats': () => (fail ? reply(500, { error: 'Database unavailable' }) : reply(200, stats)),
    });
    const { user } = openDashboard();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load statistics');
    expect(alert).toHaveTextContent('Database unavailable');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Account statistics' })).toHaveTextContent('Total Users42');
  });

  it('a row click opens the details: subscription, phone system, orders, last call and the audit trail', async () => {
    const details = adminDetails({
      subscription: {
        provider: 'Stripe',
        status: 'canceling',
        providerStatus: 'active',
        currentPeriodEnd: '2026-07-01T12:00:00.000Z',
        cancelAtPeriodEnd: true,
        paymentMethod: { brand: 'visa', last4: '4242' },
        customerId: 'cus_1',
        subscriptionId: 'sub_1',
      },
      lastCall: {
        kind: 'phone',
        status: 'ended',
        outcome: 'ordered',
        startedAt: '2026-05-30T18:30:00.000Z',
        durationSeconds: 186,
      },
      audit: [
        auditEntry({ id: 'older', at: '2026-05-01T10:00:00.000Z' }),
        auditEntry({
          id: 'newer',
          at: '2026-05-20T10:00:00.000Z',
          action: 'retry_phone_setup',
          actor: { id: null, email: 'former-admin@example.com' },
          before: { phoneStatus: 'failed', error: 'Number taken' },
          after: { phoneStatus: 'pending' },
        }),
      ],
    });
    adminApi({ 'GET /api/admin/users/:id': reply(200, details) });
    const { user } = openDashboard();
    const table = await screen.findByRole('table', { name: 'Newest accounts' });
    await user.click(within(table).getByText('maria@example.com'));

    const dialog = await screen.findByRole('dialog', { name: 'Maria Rossi' });
    expect(within(dialog).getByText('Created at').nextSibling).toHaveTextContent(formatDateTime(maria.createdAt));
    const subscription = await within(dialog).findByRole('region', { name: 'Subscription' });
    expect(subscription).toHaveTextContent('ProviderStripe');
    expect(subscription).toHaveTextContent('StatusCanceling');
    expect(subscription).toHaveTextContent(`Period end${formatDate('2026-07-01T12:00:00.000Z')}`);
    expect(subscription).toHaveTextContent('CancelingYes, at period end');
    expect(subscription).toHaveTextContent('Cardvisa •••• 4242');

    const phone = within(dialog).getByRole('region', { name: 'Phone system' });
    expect(phone).toHaveTextContent('StatusActive');
    expect(phone).toHaveTextContent('Number+1 (555) 123-4567');
    expect(within(phone).queryByRole('button', { name: 'Retry setup' })).toBeNull();

    const activity = within(dialog).getByRole('region', { name: 'Activity' });
    expect(activity).toHaveTextContent('Orders, last 7 days4');
    expect(activity).toHaveTextContent('Orders, last 30 days19');
    // The restaurant's clock: 11:30 AM in Los Angeles, whatever the admin's browser says.
    expect(activity).toHaveTextContent('WhenMay 30, 2026, 11:30 AM PDT');
    expect(activity).toHaveTextContent('KindPhone call');
    expect(activity).toHaveTextContent('OutcomeOrdered');
    expect(activity).toHaveTextContent('Duration3:06');

    const audit = within(dialog).getByRole('list', { name: 'Admin actions on this account' });
    const entries = within(audit)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === audit);
    expect(entries[0]).toHaveTextContent('Retried phone setup');
    expect(entries[0]).toHaveTextContent('by former-admin@example.com');
    expect(entries[0]).toHaveTextContent('Phone system: Setup failed → Setting up');
    expect(entries[0]).toHaveTextContent('Error: Number taken');
    expect(entries[1]).toHaveTextContent('Extended trial');
    expect(entries[1]).toHaveTextContent(
      `Trial end: ${formatDate('2026-06-05T12:00:00.000Z')} → ${formatDate('2026-06-12T12:00:00.000Z')}`,
    );
    // The status did not change, so the entry does not mention it.
    expect(entries[1]).not.toHaveTextContent('Status');
  });

  it('without a plan, calls or admin actions, the dialog says so', async () => {
    adminApi();
    const { user } = openDashboard();
    await user.click(await screen.findByRole('button', { name: 'View Maria Rossi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Maria Rossi' });
    expect(await within(dialog).findByText('No subscription')).toBeVisible();
    expect(within(dialog).getByText('No calls yet')).toBeVisible();
    expect(within(dialog).getByText('No admin actions yet')).toBeVisible();
  });

  it('Extend Trial asks first with the new end date; confirming extends, toasts and refreshes stats and list', async () => {
    const newEnd = extendTrial({ currentEnd: maria.trialEndsAt }).trialEndsAt.toISOString();
    const extended = adminDetails({ trialEndsAt: newEnd, trialDaysLeft: 10 });
    const api = adminApi({ 'POST /api/admin/users/:id/extend-trial': reply(200, extended) });
    const { user } = openDashboard();
    await user.click(await screen.findByRole('button', { name: 'View Maria Rossi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Maria Rossi' });
    await within(dialog).findByText('No subscription');
    const extend = within(dialog).getByRole('button', { name: 'Extend Trial 7 Days' });

    // Cancel changes nothing.
    await user.click(extend);
    let question = await screen.findByRole('alertdialog', { name: 'Extend the trial by 7 days?' });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.writes()).toEqual([]);

    await user.click(extend);
    question = await screen.findByRole('alertdialog', { name: 'Extend the trial by 7 days?' });
    expect(question).toHaveTextContent(
      `The trial for Maria Rossi (Maria's Trattoria) will end on ${formatDate(newEnd)} and the account will be set to Trial.`,
    );
    const statsReads = urlsFetched('/api/admin/stats').length;
    const listReads = urlsFetched('/api/admin/users').length;
    await user.click(within(question).getByRole('button', { name: 'Extend Trial' }));

    expect(await screen.findByText(`Trial extended to ${formatDate(newEnd)}`)).toBeInTheDocument();
    expect(api.bodiesOf('POST /api/admin/users/:id/extend-trial')).toEqual([{ days: 7 }]);
    expect(api.writes().map((w) => w.path)).toEqual([`/api/admin/users/${maria.id}/extend-trial`]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(dialog).getByText('10 days left')).toBeVisible();
    await waitFor(() => expect(urlsFetched('/api/admin/stats').length).toBeGreaterThan(statsReads));
    await waitFor(() => expect(urlsFetched('/api/admin/users').length).toBeGreaterThan(listReads));
    // Someone else's account: the admin's own session is not re-read.
    expect(urlsFetched('/api/me/session')).toHaveLength(1);
    // Focus goes back to the button that asked.
    await waitFor(() => expect(extend).toHaveFocus());
  });

  it('extending from the table works the same, and extending one’s own trial re-reads the session', async () => {
    const own = adminUser({ id: ADMIN_ID, name: 'Ada Admin', email: 'admin@example.com', restaurantName: null });
    const extended: AdminUserDetails = adminDetails({ ...own, trialEndsAt: daysFromNow(10), trialDaysLeft: 10 });
    adminApi({
      'GET /api/admin/users': reply(200, { users: [own], nextCursor: null }),
      'POST /api/admin/users/:id/extend-trial': reply(200, extended),
    });
    const { user } = openDashboard();
    const button = await screen.findByRole('button', { name: 'Extend Trial for Ada Admin' });
    await user.click(button);
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent('The trial for Ada Admin will end on');
    await user.click(within(question).getByRole('button', { name: 'Extend Trial' }));
    expect(await screen.findByText(`Trial extended to ${formatDate(extended.trialEndsAt)}`)).toBeInTheDocument();
    await waitFor(() => expect(urlsFetched('/api/me/session').length).toBeGreaterThan(1));
    // The row's button did not open the details.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a refused extension shows the server’s message', async () => {
    adminApi({ 'POST /api/admin/users/:id/extend-trial': reply(404, { error: 'Account not found' }) });
    const { user } = openDashboard();
    await user.click(await screen.findByRole('button', { name: 'Extend Trial for Maria Rossi' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Extend Trial' }));
    expect(await screen.findByText('Account not found')).toBeInTheDocument();
  });

  it('offers no Extend Trial for an account the billing page shows as subscribed, and the details say why', async () => {
    const firstCharge = daysFromNow(5);
    const paying = adminUser({
      id: '44444444-4444-4444-8444-444444444444',
      name: 'Paola Paying',
      subscriptionStatus: 'active',
      plan: { status: 'active', providerStatus: 'trialing', currentPeriodEnd: firstCharge, cancelAtPeriodEnd: false },
    });
    const pastDue = adminUser({
      id: '55555555-5555-4555-8555-555555555555',
      name: 'Pietro Pastdue',
      subscriptionStatus: 'active',
      plan: {
        status: 'past_due',
        providerStatus: 'past_due',
        currentPeriodEnd: daysFromNow(3),
        cancelAtPeriodEnd: false,
      },
    });
    const api = adminApi({
      'GET /api/admin/users': reply(200, { users: [paying, pastDue, maria], nextCursor: null }),
      'GET /api/admin/users/:id': reply(200, adminDetails(pastDue)),
    });
    const { user } = openDashboard();

    // The converted trial says when it is first charged, not a bare "Active".
    const firstChargeDay = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' }).format(
      new Date(firstCharge),
    );
    expect(await screen.findByText(`Pro · first charge ${firstChargeDay}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Extend Trial for Paola Paying' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Extend Trial for Pietro Pastdue' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Extend Trial for Maria Rossi' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'View Pietro Pastdue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pietro Pastdue' });
    expect(within(dialog).queryByRole('button', { name: 'Extend Trial 7 Days' })).toBeNull();
    expect(within(dialog).getByRole('note', { name: 'Extend Trial' })).toHaveTextContent(
      'Extend Trial is not available. The subscription is past due: it keeps its access while the card is retried.',
    );
    expect(api.writes()).toEqual([]);
  });

  it('Retry setup asks first, then shows the server’s refusal; a success toasts and shows the new state', async () => {
    const failed = adminDetails({
      phone: { status: 'failed', error: 'No numbers available in 555', phoneNumber: null, canRetry: true },
    });
    let answer = reply(409, { error: 'Phone setup is already running' });
    const api = adminApi({
      'GET /api/admin/users/:id': reply(200, failed),
      'POST /api/admin/users/:id/retry-phone-setup': () => answer,
    });
    const { user } = openDashboard();
    await user.click(await screen.findByRole('button', { name: 'View Maria Rossi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Maria Rossi' });
    const phone = await within(dialog).findByRole('region', { name: 'Phone system' });
    expect(phone).toHaveTextContent('StatusSetup failed');
    expect(phone).toHaveTextContent('ErrorNo numbers available in 555');

    await user.click(within(phone).getByRole('button', { name: 'Retry setup' }));
    let question = await screen.findByRole('alertdialog', { name: 'Retry phone setup?' });
    expect(question).toHaveTextContent("Maria's Trattoria");
    await user.click(within(question).getByRole('button', { name: 'Retry setup' }));
    expect(await within(phone).findByRole('alert')).toHaveTextContent('Phone setup is already running');
    expect(api.writes().map((w) => w.path)).toEqual([`/api/admin/users/${maria.id}/retry-phone-setup`]);

    answer = reply(
      200,
      adminDetails({ phone: { status: 'pending', error: null, phoneNumber: null, canRetry: false } }),
    );
    await user.click(within(phone).getByRole('button', { name: 'Retry setup' }));
    question = await screen.findByRole('alertdialog', { name: 'Retry phone setup?' });
    await user.click(within(question).getByRole('button', { name: 'Retry setup' }));
    expect(await screen.findByText('Phone setup started again')).toBeInTheDocument();
    await waitFor(() => expect(phone).toHaveTextContent('StatusSetting up'));
    expect(within(phone).queryByRole('button', { name: 'Retry setup' })).toBeNull();
    expect(within(phone).queryByRole('alert')).toBeNull();
  });

  it('on a phone, the accounts are cards with the same actions', async () => {
    stubBrowser({ phone: true });
    adminApi();
    const { user } = openDashboard();
    const list = await screen.findByRole('list', { name: 'Newest accounts' });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[1]).toHaveTextContent('Trial expired');
    expect(cards[1]).toHaveTextContent('RestaurantNot set');
    await user.click(within(cards[0]!).getByRole('button', { name: 'View Maria Rossi' }));
    expect(await screen.findByRole('dialog', { name: 'Maria Rossi' })).toBeVisible();
  });
});
