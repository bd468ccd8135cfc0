// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { HIDDEN_LINK, type AdminEmail, type AdminEmailDetails } from '@shared/contracts/emails';
import { fakeApi, renderAt, reply } from '../../../../tests/render-web';
import { stubBrowser, withToaster } from './admin-test-kit';
import { EmailOutboxSection } from './email-outbox-section';

function email(overrides: Partial<AdminEmail> = {}): AdminEmail {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    kind: 'password_reset',
    to: 'maria@example.com',
    subject: 'Reset your PickupLine password',
    provider: 'local',
    status: 'sent',
    createdAt: '2026-03-02T10:00:00.000Z',
    sentAt: '2026-03-02T10:00:01.000Z',
    error: null,
    canResend: true,
    ...overrides,
  };
}

const opened: AdminEmailDetails = {
  ...email(),
  text: `Hi Maria,\n\nTo choose a new password, open this link:\n\n${HIDDEN_LINK}\n\nThe link works once and expires in 1 hour.\n`,
};

const render = () => renderAt('/', withToaster([{ path: '/', element: <EmailOutboxSection /> }]));

describe('the e-mail outbox section', () => {
  beforeEach(() => stubBrowser());

  it('lists the e-mails with their link hidden and no link on the page', async () => {
    fakeApi({ 'GET /api/admin/emails': reply(200, { emails: [email()] }) });
    render();

    const section = await screen.findByRole('region', { name: 'E-mail outbox' });
    const item = await within(section).findByRole('listitem');
    expect(item).toHaveTextContent('Reset your PickupLine password');
    expect(item).toHaveTextContent('Password reset · to maria@example.com');
    expect(within(item).getByText('Sent')).toBeVisible();
    expect(within(item).getByText('Link hidden — resend it to the owner')).toBeVisible();
    expect(within(section).queryByRole('link')).toBeNull();
  });

  it('opens an e-mail only when asked, showing where its link was as hidden', async () => {
    const api = fakeApi({
      'GET /api/admin/emails': reply(200, { emails: [email()] }),
      'GET /api/admin/emails/:id': reply(200, opened),
    });
    const { user } = render();
    const item = await screen.findByRole('listitem');
    expect(api.requests.filter((r) => r.path.startsWith('/api/admin/emails/'))).toEqual([]);

    const show = within(item).getByRole('button', { name: 'Show e-mail' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);

    const text = await within(item).findByText(/To choose a new password, open this link:/);
    expect(text).toHaveTextContent('Link hidden — resend it to the owner');
    expect(text).not.toHaveTextContent(HIDDEN_LINK);
    expect(within(item).getByRole('button', { name: 'Hide e-mail' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(item).queryByRole('link')).toBeNull();
    expect(api.requests.map((r) => r.path)).toContain(`/api/admin/emails/${email().id}`);

    await user.click(within(item).getByRole('button', { name: 'Hide e-mail' }));
    expect(within(item).queryByText(/To choose a new password/)).toBeNull();
  });

  it('sends the owner a new link on Resend, says where, and reads the list again', async () => {
    let reads = 0;
    const api = fakeApi({
      'GET /api/admin/emails': () => {
        reads += 1;
        return reply(200, { emails: [email()] });
      },
      'POST /api/admin/emails/:id/resend': reply(200, { to: 'maria@example.com' }),
    });
    const { user } = render();
    const item = await screen.findByRole('listitem');

    await user.click(within(item).getByRole('button', { name: 'Resend link to maria@example.com' }));

    expect(await screen.findByText('New link sent to maria@example.com')).toBeInTheDocument();
    expect(api.writes()).toEqual([{ method: 'POST', path: `/api/admin/emails/${email().id}/resend`, body: undefined }]);
    await waitFor(() => expect(reads).toBe(2));
  });

  it('says why a link could not be sent', async () => {
    fakeApi({
      'GET /api/admin/emails': reply(200, { emails: [email()] }),
      'POST /api/admin/emails/:id/resend': reply(429, {
        error: 'This account has been sent 5 of these e-mails in the last hour. Try again in 12 minutes.',
      }),
    });
    const { user } = render();
    const item = await screen.findByRole('listitem');
    await user.click(within(item).getByRole('button', { name: /Resend link/ }));
    expect(
      await screen.findByText(
        'This account has been sent 5 of these e-mails in the last hour. Try again in 12 minutes.',
      ),
    ).toBeInTheDocument();
  });

  it('shows a failed e-mail’s reason, offers no Resend without an account, and notes test mode', async () => {
    fakeApi({
      'GET /api/admin/emails': reply(200, {
        emails: [
          email({ provider: 'smtp', status: 'failed', sentAt: null, error: 'SMTP EENVELOPE: 550', canResend: false }),
        ],
      }),
    });
    render();
    const item = await screen.findByRole('listitem');
    expect(within(item).getByText('Failed')).toBeVisible();
    expect(within(item).getByText('SMTP EENVELOPE: 550')).toBeVisible();
    expect(within(item).getByText('Link hidden')).toBeVisible();
    expect(within(item).queryByRole('button', { name: /Resend/ })).toBeNull();
    expect(screen.queryByText(/Test mode: e-mails are not sent/)).toBeNull();
  });

  it('says where test mode keeps the e-mails', async () => {
    fakeApi({ 'GET /api/admin/emails': reply(200, { emails: [email()] }) });
    render();
    expect(await screen.findByText(/Test mode: e-mails are not sent/)).toHaveTextContent('DATA_DIR/mail');
  });

  it('says when there are no e-mails yet', async () => {
    fakeApi({ 'GET /api/admin/emails': reply(200, { emails: [] }) });
    render();
    expect(await screen.findByText('No e-mails yet')).toBeVisible();
  });

  it('reads the outbox again on Refresh, and offers Retry when loading failed', async () => {
    let reads = 0;
    fakeApi({
      'GET /api/admin/emails': () => {
        reads += 1;
        return reads === 1 ? reply(500, { error: 'Something went wrong' }) : reply(200, { emails: [email()] });
      },
    });
    const { user } = render();
    expect(await screen.findByText('Failed to load the e-mails')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('listitem')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Refresh e-mails' }));
    await waitFor(() => expect(reads).toBe(3));
  });
});
