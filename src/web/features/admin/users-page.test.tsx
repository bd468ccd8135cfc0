// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderAt, reply, type FakeRoutes } from '../../../../tests/render-web';
import { AdminLayout } from './admin-layout';
import { adminDetails, adminMe, adminUser, daysFromNow, stubBrowser, urlsFetched, withToaster } from './admin-test-kit';
import { UsersPage } from './users-page';

const maria = adminUser({ lastOrderAt: new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString() });
const luigi = adminUser({
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Luigi Verdi',
  email: 'luigi@example.com',
  restaurantName: 'Luigi Pizza',
  trialEndsAt: daysFromNow(-2),
  trialDaysLeft: -2,
  isTrialExpired: true,
});

function usersApi(routes: FakeRoutes = {}) {
  return fakeApi({
    'GET /api/me': reply(200, adminMe()),
    'GET /api/admin/users': reply(200, { users: [maria, luigi], nextCursor: null }),
    'GET /api/admin/users/:id': ({ path }) =>
      reply(200, adminDetails([maria, luigi].find((u) => path.endsWith(u.id)) ?? maria)),
    ...routes,
  });
}

const openUsers = (path = '/admin/users') =>
  renderAt(
    path,
    withToaster([{ path: '/admin', element: <AdminLayout />, children: [{ path: 'users', element: <UsersPage /> }] }]),
  );

const listQueries = () => urlsFetched('/api/admin/users').map((url) => Object.fromEntries(url.searchParams));
const controls = () => ({
  search: screen.getByLabelText('Search by name, e-mail or restaurant'),
  filter: screen.getByLabelText('Filter'),
  sort: screen.getByLabelText('Sort by'),
  direction: screen.getByRole('button', { name: /^Direction / }),
});

describe('/admin/users', () => {
  beforeEach(() => stubBrowser());

  it('reads its view from the URL: the controls, the request and the export all show it', async () => {
    usersApi();
    openUsers('/admin/users?q=rossi&filter=expired&sort=trial_end&dir=asc');
    expect(await screen.findByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    await screen.findByRole('table', { name: 'Accounts' });
    const { search, filter, sort, direction } = controls();
    expect(search).toHaveValue('rossi');
    expect(filter).toHaveValue('expired');
    expect(within(filter).getByRole('option', { selected: true })).toHaveTextContent('Trial expired');
    expect(sort).toHaveValue('trial_end');
    expect(direction).toHaveAccessibleName('Direction Soonest first');
    expect(listQueries()).toEqual([{ q: 'rossi', filter: 'expired', sort: 'trial_end', dir: 'asc' }]);
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/users/export?q=rossi&filter=expired&sort=trial_end&dir=asc',
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('download');
    expect(
      within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Users' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  it('a link with values the page does not know falls back to the defaults', async () => {
    usersApi();
    openUsers('/admin/users?filter=bogus&sort=nope&dir=sideways');
    await screen.findByRole('table', { name: 'Accounts' });
    expect(controls().filter).toHaveValue('');
    expect(controls().sort).toHaveValue('created');
    expect(controls().direction).toHaveAccessibleName('Direction Newest first');
    expect(listQueries()).toEqual([{ sort: 'created', dir: 'desc' }]);
  });

  it('lists the accounts with the Last order column and a count of what is loaded', async () => {
    usersApi();
    openUsers();
    const table = await screen.findByRole('table', { name: 'Accounts' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['User', 'Restaurant', 'Status', 'Trial Ends', 'Onboarding', 'Last order', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('3 hours ago');
    expect(rows[1]).toHaveTextContent('Trial expired');
    expect(rows[1]).toHaveTextContent('None');
    expect(screen.getByRole('status')).toHaveTextContent('Showing 2 accounts');
  });

  it('typing searches once the typing pauses, and replaces the history entry rather than adding one per key', async () => {
    usersApi();
    const { user, router } = openUsers();
    await screen.findByRole('table', { name: 'Accounts' });
    await user.type(controls().search, 'luigi');
    await waitFor(() => expect(router.state.location.search).toBe('?q=luigi&sort=created&dir=desc'));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ q: 'luigi', sort: 'created', dir: 'desc' }));
    // One request for the whole word, none for what was typed on the way.
    expect(listQueries().map((q) => q.q)).toEqual([undefined, 'luigi']);
  });

  it('a filter, a sort and the direction each add a history entry and ask the server for that view', async () => {
    usersApi();
    const { user, router } = openUsers();
    await screen.findByRole('table', { name: 'Accounts' });

    await user.selectOptions(controls().filter, 'Phone setup failed');
    expect(router.state.location.search).toBe('?filter=phone_failed&sort=created&dir=desc');
    expect(router.state.historyAction).toBe('PUSH');
    await user.selectOptions(controls().sort, 'Last order');
    await user.click(controls().direction);
    expect(router.state.location.search).toBe('?filter=phone_failed&sort=last_order&dir=asc');
    expect(controls().direction).toHaveAccessibleName('Direction Least recent first');
    await waitFor(() =>
      expect(listQueries().at(-1)).toEqual({ filter: 'phone_failed', sort: 'last_order', dir: 'asc' }),
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/users/export?filter=phone_failed&sort=last_order&dir=asc',
    );

    // Back undoes the last change.
    await router.navigate(-1);
    await waitFor(() => expect(controls().direction).toHaveAccessibleName('Direction Most recent first'));
  });

  it('Load more fetches the next page with the cursor and adds it below', async () => {
    const more = adminUser({
      id: '44444444-4444-4444-8444-444444444444',
      name: 'Nina Neri',
      email: 'nina@example.com',
    });
    usersApi({
      'GET /api/admin/users': () => reply(200, { users: [maria, luigi], nextCursor: 'cursor-1' }),
    });
    const { user } = openUsers();
    await screen.findByRole('table', { name: 'Accounts' });
    expect(screen.getByRole('status')).toHaveTextContent('Showing the first 2 accounts; more to load');

    usersApi({
      'GET /api/admin/users': () => reply(200, { users: [more], nextCursor: null }),
    });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
    expect(screen.getAllByRole('row')[3]).toHaveTextContent('Nina Neri');
    expect(listQueries()).toEqual([{ cursor: 'cursor-1', sort: 'created', dir: 'desc' }]);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 3 accounts');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('nothing matching says what was asked, and Clear filters clears the search and the filter', async () => {
    usersApi({
      'GET /api/admin/users': () => {
        const query = listQueries().at(-1)!;
        return reply(200, { users: query.q || query.filter ? [] : [maria], nextCursor: null });
      },
    });
    const { user, router } = openUsers('/admin/users?q=zzz&filter=canceling&sort=trial_end&dir=asc');
    expect(await screen.findByText('No accounts match “zzz” with the filter “Canceling”.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('?sort=trial_end&dir=asc');
    expect(controls().search).toHaveValue('');
    expect(controls().filter).toHaveValue('');
    expect(await screen.findByRole('table', { name: 'Accounts' })).toHaveTextContent('Maria Rossi');
  });

  it('with no accounts at all, it says so without offering to clear anything', async () => {
    usersApi({ 'GET /api/admin/users': reply(200, { users: [], nextCursor: null }) });
    openUsers();
    expect(await screen.findByText('No accounts yet.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('a failed load shows the error with Retry', async () => {
    let fail = true;
    usersApi({
      'GET /api/admin/users': () =>
        fail ? reply(500, { error: 'Database unavailable' }) : reply(200, { users: [maria], nextCursor: null }),
    });
    const { user } = openUsers();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load accounts');
    expect(alert).toHaveTextContent('Database unavailable');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Accounts' })).toHaveTextContent('Maria Rossi');
  });

  it('View opens the details dialog, and closing it returns focus to View', async () => {
    usersApi();
    const { user } = openUsers();
    const view = await screen.findByRole('button', { name: 'View Luigi Verdi' });
    await user.click(view);
    expect(await screen.findByRole('dialog', { name: 'Luigi Verdi' })).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(view).toHaveFocus();
  });
});
