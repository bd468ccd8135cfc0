import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../env';
import { createEmailProvider, defaultEmailFrom } from './create-email-provider';
import { createLocalEmailProvider } from './local-email-provider';
import { composeEmail } from './compose-email';

function recordingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger, lines, text: () => JSON.stringify(lines) };
}

describe('choosing the e-mail provider', () => {
  it('keeps e-mails in the local outbox without SMTP_URL, and says so', () => {
    const { logger, lines } = recordingLogger();
    const provider = createEmailProvider(loadEnv({ APP_URL: 'https://orders.example.com' }), logger);

    expect(provider.name).toBe('local');
    expect(provider.from).toBe('PickupLine <no-reply@orders.example.com>');
    expect(lines.map((l) => l.msg)).toEqual([
      'SMTP_URL is not set: e-mails stay in the local outbox (administrators see them, links hidden) and as .eml files in mailDir',
    ]);
    expect(lines[0]!.mailDir).toBe(path.resolve('./data/mail'));
  });

  it('sends by SMTP with SMTP_URL, logging the server but never its password', () => {
    const { logger, lines, text } = recordingLogger();
    const provider = createEmailProvider(
      loadEnv({
        SMTP_URL: 'smtps://mailer:hunter2-secret@smtp.example.com:465',
        EMAIL_FROM: 'Orders <orders@example.com>',
      }),
      logger,
    );

    expect(provider.name).toBe('smtp');
    expect(provider.from).toBe('Orders <orders@example.com>');
    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'e-mails go out by SMTP',
        host: 'smtp.example.com',
        port: '465',
        tls: true,
        from: 'Orders <orders@example.com>',
      }),
    ]);
    expect(text()).not.toContain('hunter2-secret');
    expect(text()).not.toContain('mailer:');
  });

  it('derives the sender from APP_URL when EMAIL_FROM is unset', () => {
    expect(defaultEmailFrom('http://localhost:3000')).toBe('PickupLine <no-reply@localhost>');
    expect(defaultEmailFrom('https://pickupline.example.com')).toBe('PickupLine <no-reply@pickupline.example.com>');
  });
});

describe('SMTP_URL and EMAIL_FROM', () => {
  it('accept smtp:// and smtps:// URLs and an address with or without a name', () => {
    expect(loadEnv({ SMTP_URL: 'smtp://smtp.example.com:587' }).SMTP_URL).toBe('smtp://smtp.example.com:587');
    expect(loadEnv({ SMTP_URL: ' smtps://u:p@smtp.example.com ' }).SMTP_URL).toBe('smtps://u:p@smtp.example.com');
    expect(loadEnv({ SMTP_URL: '' }).SMTP_URL).toBeUndefined();
    expect(loadEnv({ EMAIL_FROM: 'no-reply@example.com' }).EMAIL_FROM).toBe('no-reply@example.com');
    expect(loadEnv({ EMAIL_FROM: 'PickupLine <no-reply@example.com>' }).EMAIL_FROM).toBe(
      'PickupLine <no-reply@example.com>',
    );
  });

  it.each([
    ['SMTP_URL', 'https://smtp.example.com'],
    ['SMTP_URL', 'smtp.example.com:465'],
    ['SMTP_URL', 'smtp://'],
    ['EMAIL_FROM', 'PickupLine'],
    ['EMAIL_FROM', 'PickupLine <not an address>'],
    ['EMAIL_FROM', 'a@b.example, c@d.example'],
  ])('refuse %s=%s at start-up, naming the variable', (name, value) => {
    expect(() => loadEnv({ [name]: value })).toThrow(new RegExp(`${name}: must be`));
  });
});

describe('local e-mail provider', () => {
  it('sends nothing and answers with the Message-ID of the message as SMTP would have sent it', async () => {
    const provider = createLocalEmailProvider({ from: 'PickupLine <no-reply@localhost>' });
    const { messageId } = await provider.send({
      to: 'maria@example.com',
      subject: 'Hello',
      text: 'Hi',
      html: '<p>Hi</p>',
    });

    expect(provider.name).toBe('local');
    expect(messageId).toMatch(/^<[^>]+@localhost>$/);
  });

  it('composes the same message SMTP would send: headers, text and HTML parts', async () => {
    const { raw, messageId } = await composeEmail('PickupLine <no-reply@localhost>', {
      to: 'maria@example.com',
      subject: 'Reset your PickupLine password',
      text: 'Open this link: http://localhost:3000/reset',
      html: '<p>Open</p>',
    });
    const message = raw.toString('utf8');

    expect(message).toMatch(/^From: PickupLine <no-reply@localhost>\r$/m);
    expect(message).toMatch(/^To: maria@example\.com\r$/m);
    expect(message).toMatch(/^Subject: Reset your PickupLine password\r$/m);
    expect(message).toContain(`Message-ID: ${messageId}`);
    expect(message).toContain('Content-Type: multipart/alternative');
    expect(message).toContain('Open this link: http://localhost:3000/reset');
  });
});
