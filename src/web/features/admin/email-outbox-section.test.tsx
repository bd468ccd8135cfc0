// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AdminEmail } from '@shared/contracts/emails';
import { fakeApi, renderAt, reply } from '../../../../tests/render-web';
import { EmailOutboxSection } from './email-outbox-section';

const link =
  'http://localhost:3000/api/auth/reset-password/abc123?callbackURL=http%3A%2F%2Flocalhost%3A3000%2Freset-password';

function email(overrides: Partial<AdminEmail> = {}): AdminEmail {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    kind: 'password_reset',
    to: 'maria@example.com',
    subject: 'Reset your PickupLine password',
    text: `Hi Maria,\n\nTo choose a new password, open this link:\n\n${link}\n\nThe link works once and expires in 1 hour.\n`,
    provider: 'local',
    status: 'sent',
    createdAt: '2026-03-02T10:00:00.000Z',
    sentAt: '2026-03-02T10:00:01.000Z',
    error: null,
    ...overrides,
  };
}

const render = () => renderAt('/', [{ path: '/', element: <EmailOutboxSection /> }]);

describe('the e-mail outbox section', () => {
  it('lists the e-mails with their reset link clickable, opening in a new tab', async () => {
    fakeApi({ 'GET /api/admin/emails': reply(200, { emails: [email()] }) });
    const { user } = render();

    const section = await screen.findByRole('region', { name: 'E-mail outbox' });
    const item = await within(section).findByRole('listitem');
    expect(item).toHaveTextContent('Reset your PickupLine password');
    expect(item).toHaveTextContent('Password reset · to maria@example.com');
    expect(within(item).getByText('Sent')).toBeVisible();
    const open = within(item).getByRole('link', { name: 'Open the link in “Reset your PickupLine password”' });
    expect(open).toHaveAttribute('href', link);
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', 'noreferrer');

    await user.click(within(item).getByText('Show e-mail'));
    expect(within(item).getByText(/To choose a new password, open this link:/)).toBeVisible();
    expect(within(item).getByRole('link', { name: link })).toHaveAttribute('href', link);
  });

  it('says when there are no e-mails yet', async () => {
    fakeApi({ 'GET /api/admin/emails': reply(200, { emails: [] }) });
    render();
    expect(await screen.findByText('No e-mails yet')).toBeVisible();
  });

  it('shows a failed e-mail’s reason, and no text for one sent by SMTP', async () => {
    fakeApi({
      'GET /api/admin/emails': reply(200, {
        emails: [email({ provider: 'smtp', text: null, status: 'failed', sentAt: null, error: 'SMTP EENVELOPE: 550' })],
      }),
    });
    render();
    const item = await screen.findByRole('listitem');
    expect(within(item).getByText('Failed')).toBeVisible();
    expect(within(item).getByText('SMTP EENVELOPE: 550')).toBeVisible();
    expect(within(item).getByText('Sent by SMTP to the address: its text is not shown here.')).toBeVisible();
    expect(within(item).queryByRole('link')).toBeNull();
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
