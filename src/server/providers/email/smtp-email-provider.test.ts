import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { EmailSendError } from './email-provider';
import { createSmtpEmailProvider } from './smtp-email-provider';

const FROM = 'PickupLine <no-reply@pickupline.example.com>';
const USER = 'mailer';
const PASSWORD = 'p@ss word!';

interface Received {
  user: string | undefined;
  mailFrom: string | false;
  rcptTo: string[];
  raw: string;
}

/** A real SMTP server on a free local port (smtp-server), recording every message it accepts. */
async function startSmtpServer(options: Partial<SMTPServerOptions> = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          user: session.user as string | undefined,
          mailFrom: session.envelope.mailFrom && session.envelope.mailFrom.address,
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  servers.push(server);
  return { port, received };
}

const servers: SMTPServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

const credentials = `${encodeURIComponent(USER)}:${encodeURIComponent(PASSWORD)}`;
const message = {
  to: 'maria@example.com',
  subject: 'Reset your PickupLine password',
  text: 'Hi Maria,\n\nOpen this link: http://localhost:3000/reset\n',
  html: '<p>Hi Maria,</p><p><a href="http://localhost:3000/reset">Choose a new password</a></p>',
};

describe('SMTP e-mail provider', () => {
  it('signs in with the URL’s credentials and sends From, To, Subject, text and HTML', async () => {
    const { port, received } = await startSmtpServer();
    const provider = createSmtpEmailProvider({ url: `smtp://${credentials}@127.0.0.1:${port}`, from: FROM });

    const sent = await provider.send(message);

    expect(provider.name).toBe('smtp');
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail).toMatchObject({
      user: USER,
      mailFrom: 'no-reply@pickupline.example.com',
      rcptTo: ['maria@example.com'],
    });
    expect(mail!.raw).toMatch(/^From: PickupLine <no-reply@pickupline\.example\.com>\r$/m);
    expect(mail!.raw).toMatch(/^To: maria@example\.com\r$/m);
    expect(mail!.raw).toMatch(/^Subject: Reset your PickupLine password\r$/m);
    expect(mail!.raw).toContain('Content-Type: multipart/alternative');
    expect(mail!.raw).toContain('Content-Type: text/plain; charset=utf-8');
    expect(mail!.raw).toContain('Content-Type: text/html; charset=utf-8');
    expect(mail!.raw).toContain('Open this link: http://localhost:3000/reset');
    expect(sent.messageId).toMatch(/^<[^>]+@pickupline\.example\.com>$/);
    expect(mail!.raw).toContain(`Message-ID: ${sent.messageId}`);
  });

  it('sends over TLS from the start with an smtps:// URL', async () => {
    const { port, received } = await startSmtpServer({ secure: true, disabledCommands: [] });
    const provider = createSmtpEmailProvider({
      // The test server's certificate is self-signed; nodemailer reads TLS options from the URL's query.
      url: `smtps://${credentials}@127.0.0.1:${port}/?tls.rejectUnauthorized=false`,
      from: FROM,
    });

    await provider.send({ to: 'tls@example.com', subject: 'Hi', text: 'Over TLS' });

    expect(received.map((m) => m.rcptTo)).toEqual([['tls@example.com']]);
    expect(received[0]!.raw).not.toContain('text/html');
  });

  it('reports a recipient the server refuses for good as permanent, with the server’s reply', async () => {
    const { port, received } = await startSmtpServer({
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('5.1.1 No such user here'), { responseCode: 550 }));
      },
    });
    const provider = createSmtpEmailProvider({ url: `smtp://${credentials}@127.0.0.1:${port}`, from: FROM });

    const error = await provider.send(message).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(EmailSendError);
    expect(error).toMatchObject({ isPermanent: true });
    expect((error as Error).message).toMatch(/^SMTP EENVELOPE: .*550 5\.1\.1 No such user here/);
    expect(received).toHaveLength(0);
  });

  it('reports a temporary refusal (4xx) as worth retrying', async () => {
    const { port } = await startSmtpServer({
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('4.7.1 Greylisted, try again later'), { responseCode: 451 }));
      },
    });
    const provider = createSmtpEmailProvider({ url: `smtp://${credentials}@127.0.0.1:${port}`, from: FROM });

    await expect(provider.send(message)).rejects.toMatchObject({
      isPermanent: false,
      message: expect.stringContaining('451 4.7.1 Greylisted') as unknown,
    });
  });

  it('reports a server it cannot reach as worth retrying', async () => {
    const { port } = await startSmtpServer();
    await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    const provider = createSmtpEmailProvider({ url: `smtp://${credentials}@127.0.0.1:${port}`, from: FROM });

    await expect(provider.send(message)).rejects.toMatchObject({
      name: 'EmailSendError',
      isPermanent: false,
      message: expect.stringMatching(/^SMTP (ESOCKET|ECONNECTION)/) as unknown,
    });
  });

  it('never lets the password reach an error that gets logged', async () => {
    const { port } = await startSmtpServer({
      onAuth(_auth, _session, callback) {
        // A careless server echoing what it was sent.
        callback(Object.assign(new Error(`Invalid login for ${USER} with ${PASSWORD}`), { responseCode: 535 }));
      },
    });
    const provider = createSmtpEmailProvider({ url: `smtp://${credentials}@127.0.0.1:${port}`, from: FROM });

    const error = await provider.send(message).catch((e: unknown) => e);

    expect(error).toMatchObject({ name: 'EmailSendError', isPermanent: true });
    const logged = JSON.stringify(error, Object.getOwnPropertyNames(error));
    expect(logged).toContain('SMTP EAUTH');
    expect(logged).not.toContain(PASSWORD);
    expect(logged).not.toContain(encodeURIComponent(PASSWORD));
  });
});
