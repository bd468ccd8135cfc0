// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AdminOperations } from '@shared/contracts/admin';
import {
  expectFieldError,
  expectNoFieldError,
  fakeApi,
  renderAt,
  reply,
  type FakeRoutes,
} from '../../../../tests/render-web';
import { formatUtcDay } from './admin-format';
import { AdminLayout } from './admin-layout';
import { adminMe, auditEntry, operations, stubBrowser, urlsFetched, withToaster } from './admin-test-kit';
import { AdminSettingsPage } from './settings-page';

function opsApi(ops: AdminOperations = operations(), routes: FakeRoutes = {}) {
  return fakeApi({
    'GET /api/me': reply(200, adminMe()),
    'GET /api/admin/operations': reply(200, ops),
    ...routes,
  });
}

const openSettings = () =>
  renderAt(
    '/admin/settings',
    withToaster([
      {
        path: '/admin',
        element: <AdminLayout />,
        children: [
          { path: 'settings', element: <AdminSettingsPage /> },
          { path: 'users', element: <h1>All users</h1> },
        ],
      },
    ]),
  );

const region = (name: string) => screen.getByRole('region', { name });
const field = (label: string) => screen.getByLabelText(label, { exact: false });

describe('/admin/settings', () => {
  beforeEach(() => stubBrowser());

  it('shows the service, its providers, webhooks, jobs and texts', async () => {
    opsApi();
    openSettings();
    expect(await screen.findByRole('heading', { name: 'Admin settings', level: 1 })).toBeVisible();
    const service = await screen.findByRole('region', { name: 'Service' });
    expect(service).toHaveTextContent('Version1.4.2');
    expect(service).toHaveTextContent('Uptime3 days, 4 hours');
    expect(service).toHaveTextContent('DatabasePostgreSQL');

    const providers = within(region('Providers')).getAllByRole('listitem');
    expect(providers.map((p) => p.textContent)).toEqual([
      'PaymentsStripeLive',
      'Text messagesLocal outboxTest mode',
      'Phone assistantVapiLive',
      'Test-call language modelBuilt-in assistantTest mode',
    ]);

    const webhooks = within(screen.getByRole('table', { name: 'Webhooks' })).getAllByRole('row');
    expect(webhooks[1]).toHaveTextContent('Stripe5 minutes ago1202HTTP 4013 hours ago');
    expect(webhooks[2]).toHaveTextContent('VapiNever00—');

    const queues = within(screen.getByRole('table', { name: 'Job queues' })).getAllByRole('row');
    expect(queues[1]).toHaveTextContent('send-sms311');
    const failed = within(region('Jobs')).getByRole('list', { name: 'Failed jobs' });
    expect(failed).toHaveTextContent('send-smsFailed 2 hours ago · 3 retriesTwilio answered 500');

    const texts = region('Texts');
    expect(texts).toHaveTextContent('2 failed in the last 24 hours');
    expect(texts).toHaveTextContent("Luigi's2 hours agoUnreachable number");
    expect(within(region('Recent admin actions')).getByText('No admin actions yet')).toBeVisible();
    expect(
      within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Settings' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  it('says so when nothing has failed', async () => {
    opsApi(
      operations({
        jobs: { queues: [{ name: 'send-sms', queued: 0, active: 0, failed: 0 }], failed: [] },
        texts: { failedLast24h: 0, recent: [] },
      }),
    );
    openSettings();
    expect(await screen.findByText('No failed jobs')).toBeVisible();
    expect(screen.getByText('No failed texts')).toBeVisible();
  });

  it('shows model requests per account and day against the daily cap', async () => {
    opsApi();
    openSettings();
    const panel = await screen.findByRole('region', { name: 'Language-model requests' });
    expect(panel).toHaveTextContent('Each account may make 300 model requests a day');
    const rows = within(within(panel).getByRole('table', { name: 'Model requests per account and day' })).getAllByRole(
      'row',
    );
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      `${formatUtcDay('2026-05-02')}Luigi'sluigi@example.com300 of 300Cap reached12 refused12`,
      `${formatUtcDay('2026-05-02')}Unnamed restaurantnew@example.com41 of 3000`,
      `${formatUtcDay('2026-05-01')}Luigi'sluigi@example.com87 of 3000`,
    ]);
    // The day is the UTC day the server counted, whatever the browser's time zone.
    expect(within(rows[1]!).getByText(formatUtcDay('2026-05-02'))).toHaveAttribute('dateTime', '2026-05-02');
  });

  it('says so when no account used the model lately', async () => {
    opsApi(operations({ modelUsage: { dailyLimitPerAccount: 50, periodDays: 7, days: [] } }));
    openSettings();
    const panel = await screen.findByRole('region', { name: 'Language-model requests' });
    expect(panel).toHaveTextContent('Each account may make 50 model requests a day');
    expect(within(panel).getByText('No model requests in the last 7 days')).toBeVisible();
  });

  it('lists recent admin actions in words, newest first', async () => {
    opsApi(
      operations({
        audit: [
          auditEntry({
            id: 'old',
            at: '2026-05-01T10:00:00.000Z',
            action: 'retry_job',
            targetUserId: null,
            before: { queue: 'send-sms', id: '22222222-2222-4222-8222-222222222222', state: 'failed' },
            after: { state: 'retry' },
          }),
          auditEntry({
            id: 'new',
            at: '2026-05-02T10:00:00.000Z',
            action: 'update_settings',
            targetUserId: null,
            before: { trialDays: 7, maxTotalCents: 50_000 },
            after: { trialDays: 14, maxTotalCents: 25_050 },
          }),
        ],
      }),
    );
    openSettings();
    const list = await screen.findByRole('list', { name: 'Recent admin actions' });
    const entries = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    expect(entries[0]).toHaveTextContent('Changed settings');
    expect(entries[0]).toHaveTextContent('Trial length: 7 days → 14 days');
    expect(entries[0]).toHaveTextContent('Largest order total: $500 → $250.50');
    expect(entries[1]).toHaveTextContent('Retried a failed job');
    expect(entries[1]).toHaveTextContent('Queue: send-sms');
    expect(entries[1]).toHaveTextContent('State: Failed → Queued again');
  });

  it('the settings form starts from the saved values, with Save disabled until something changes', async () => {
    opsApi();
    const { user } = openSettings();
    const trialDays = await screen.findByLabelText('Trial length for new accounts (days)');
    expect(trialDays).toHaveValue('7');
    expect(field('Most of one item per line')).toHaveValue('25');
    expect(field('Most lines per order')).toHaveValue('20');
    expect(field('Largest order total')).toHaveValue('500');
    const save = screen.getByRole('button', { name: 'Save settings' });
    expect(save).toBeDisabled();
    await user.type(trialDays, '0');
    expect(save).toBeEnabled();
    await user.type(trialDays, '{Backspace}');
    expect(save).toBeDisabled();
  });

  it('checks each field with the shared rules before saving, and sends the total in cents', async () => {
    let ops = operations();
    const saved = { trialDays: 14, maxQuantityPerLine: 25, maxLines: 20, maxTotalCents: 30_050, updatedAt: null };
    const api = opsApi(ops, {
      'GET /api/admin/operations': () => reply(200, ops),
      'PUT /api/admin/settings': () => {
        ops = { ...ops, settings: saved };
        return reply(200, saved);
      },
    });
    const { user, fill } = openSettings();
    const trialDays = await screen.findByLabelText('Trial length for new accounts (days)');
    const total = field('Largest order total');
    const lines = field('Most lines per order');

    await fill(trialDays, '0');
    await fill(lines, '2.5');
    await fill(total, '12.345');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expectFieldError(trialDays, 'Trial length must be between 1 and 90');
    expectFieldError(lines, 'Most lines per order must be a whole number');
    expectFieldError(total, 'Largest order total must be an amount in dollars, like 250 or 250.50');
    expect(api.writes()).toEqual([]);

    await fill(trialDays, '14');
    expectNoFieldError(trialDays);
    await fill(lines, '20');
    await fill(total, '$300.50');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(api.bodiesOf('PUT /api/admin/settings')).toEqual([
      { trialDays: 14, maxQuantityPerLine: 25, maxLines: 20, maxTotalCents: 30_050 },
    ]);
    await waitFor(() => expect(total).toHaveValue('300.50'));
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
  });

  it('shows the server’s refusal under the field it names', async () => {
    opsApi(operations(), {
      'PUT /api/admin/settings': reply(400, {
        error: 'Most lines per order must be between 1 and 100',
        field: 'maxLines',
      }),
    });
    const { user, fill } = openSettings();
    const lines = await screen.findByLabelText('Most lines per order');
    await fill(lines, '30');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expectFieldError(lines, 'Most lines per order must be between 1 and 100'));
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeEnabled();
  });

  it('leaving with unsaved settings asks first', async () => {
    opsApi();
    const { user, fill, location } = openSettings();
    await fill(await screen.findByLabelText('Most lines per order'), '30');
    await user.click(screen.getByRole('link', { name: 'Users' }));
    const question = await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(location()).toBe('/admin/settings');
    await user.click(screen.getByRole('link', { name: 'Users' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard changes' }));
    expect(location()).toBe('/admin/users');
  });

  it('Retry on a failed job queues it again, toasts, and re-reads the status', async () => {
    const api = opsApi(operations(), { 'POST /api/admin/jobs/:queue/:id/retry': reply(200, { ok: true }) });
    const { user } = openSettings();
    const failed = await screen.findByRole('list', { name: 'Failed jobs' });
    const reads = urlsFetched('/api/admin/operations').length;
    await user.click(within(failed).getByRole('button', { name: /^Retry send-sms job/ }));
    expect(await screen.findByText('Job queued again')).toBeInTheDocument();
    expect(api.writes().map((w) => w.path)).toEqual([
      '/api/admin/jobs/send-sms/22222222-2222-4222-8222-222222222222/retry',
    ]);
    await waitFor(() => expect(urlsFetched('/api/admin/operations').length).toBeGreaterThan(reads));
  });

  it('a refused job retry shows the server’s message', async () => {
    opsApi(operations(), {
      'POST /api/admin/jobs/:queue/:id/retry': reply(409, { error: 'The job is no longer failed' }),
    });
    const { user } = openSettings();
    const failed = await screen.findByRole('list', { name: 'Failed jobs' });
    await user.click(within(failed).getByRole('button', { name: /^Retry send-sms job/ }));
    expect(await screen.findByText('The job is no longer failed')).toBeInTheDocument();
  });

  it('Refresh re-reads the status', async () => {
    opsApi();
    const { user } = openSettings();
    await screen.findByRole('region', { name: 'Service' });
    const reads = urlsFetched('/api/admin/operations').length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(urlsFetched('/api/admin/operations').length).toBe(reads + 1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled());
  });
});
