import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { createLogger, withoutContactDetails } from './logger';

const CUSTOMER = { name: 'Zelda Quist', phone: '+12125550187', email: 'zelda.quist@example.com' };

/** A logger writing into an array, one parsed JSON object per line. */
function bufferedLogger() {
  const lines: string[] = [];
  const logger = createLogger('debug', { write: (line: string) => void lines.push(line) });
  return {
    logger,
    lines,
    text: () => lines.join(''),
    last: () => JSON.parse(lines.at(-1)!) as Record<string, unknown>,
  };
}

/** What drizzle throws for a failed statement: its message lists every parameter; pg's error beneath it. */
function failedInsert() {
  const driverError = Object.assign(new Error('new row for relation "orders" violates check constraint "demo"'), {
    code: '23514',
    table: 'orders',
    constraint: 'demo',
    detail: `Failing row contains (${CUSTOMER.name}, ${CUSTOMER.phone}, Extra pickles).`,
  });
  return new DrizzleQueryError(
    'insert into "orders" ("customer_name", "phone_number", "custom_order_text") values ($1, $2, $3)',
    [CUSTOMER.name, CUSTOMER.phone, 'Extra pickles'],
    driverError,
  );
}

describe('contact details in log text', () => {
  it.each([
    '+12125550187',
    '+1 (212) 555-0187',
    '+44 20 7946 0958',
    '(212) 555-0187',
    '212-555-0187',
    '212.555.0187',
    '212 555 0187',
    '555-0187',
    '2125550187',
  ])('replaces the phone number %s', (phone) => {
    expect(withoutContactDetails(`The 'To' number ${phone} is not a valid phone number.`)).toBe(
      "The 'To' number [phone] is not a valid phone number.",
    );
  });

  it('replaces e-mail addresses', () => {
    expect(withoutContactDetails('Sign-up attempt for existing email: Zelda.Quist+x@mail.example.co.uk')).toBe(
      'Sign-up attempt for existing email: [email]',
    );
  });

  it.each([
    '123e4567-e89b-12d3-a456-426614174000',
    '2026-03-10T15:04:12.000Z',
    'Wed Mar 11 2026 15:04:12 GMT+0000 (Coordinated Universal Time)',
    '127.0.0.1:5432',
    'pglite 0.5.16',
    'code 22021 at position 42',
    'at insertOrder (/app/src/server/modules/orders/orders.service.ts:1234:56)',
    'evt_1Nq2w3e4r5t6y7u8i9o0',
    'took 1500 ms, 30000 rows',
  ])('leaves %s as it is', (text) => {
    expect(withoutContactDetails(text)).toBe(text);
  });
});

describe('the log', () => {
  it("writes a failed statement with its placeholders and the driver's reason, never its parameters", () => {
    const { logger, text, last } = bufferedLogger();
    logger.error({ err: failedInsert(), path: '/api/orders/test' }, 'unhandled error');
    const { err } = last() as { err: Record<string, unknown> };
    expect(err.type).toBe('DrizzleQueryError');
    expect(err.message).toContain('insert into "orders"');
    expect(err.message).toContain('violates check constraint');
    expect(err).toMatchObject({ code: '23514', table: 'orders', constraint: 'demo' });
    for (const secret of [CUSTOMER.name, CUSTOMER.phone, 'Extra pickles', 'params']) {
      expect(text()).not.toContain(secret);
    }
  });

  it("keeps better-auth's errors, passed as its log call's arguments, free of parameters and addresses", () => {
    const { logger, text, last } = bufferedLogger();
    logger.error({ args: [failedInsert()] }, `auth: Failed to create user ${CUSTOMER.email}`);
    logger.debug({ args: undefined }, `auth: Sign-up attempt for existing email: ${CUSTOMER.email}`);
    expect(text()).not.toContain(CUSTOMER.name);
    expect(text()).not.toContain(CUSTOMER.phone);
    expect(text()).not.toContain(CUSTOMER.email);
    expect(last().msg).toBe('auth: Sign-up attempt for existing email: [email]');
    expect(JSON.parse(text().split('\n')[0]!)).toMatchObject({
      args: [{ type: 'DrizzleQueryError', message: expect.stringContaining('insert into "orders"') as string }],
    });
  });

  it("removes a provider's mention of a phone number or an address from an error, keeping its class and code", () => {
    class TwilioSmsError extends Error {
      constructor(
        message: string,
        readonly code: number,
      ) {
        super(message);
        this.name = 'TwilioSmsError';
      }
    }
    const { logger, text, last } = bufferedLogger();
    const error = new TwilioSmsError(`Twilio error 21211: The 'To' number ${CUSTOMER.phone} is not valid`, 21211);
    logger.warn({ notificationId: 'n1', err: error, reply: { to: CUSTOMER.email } }, 'text message not sent');
    expect(last()).toMatchObject({
      notificationId: 'n1',
      err: { type: 'TwilioSmsError', code: 21211, message: "Twilio error 21211: The 'To' number [phone] is not valid" },
      reply: { to: '[email]' },
    });
    expect(text()).not.toContain(CUSTOMER.phone);
  });

  it('logs an error whose class refuses to run on other objects, a circular value and a deep one', () => {
    const { logger, last } = bufferedLogger();
    logger.warn({ err: new DOMException('The operation was aborted.', 'AbortError') }, 'model call failed');
    expect(last()).toMatchObject({ err: { type: 'DOMException', message: 'The operation was aborted.' } });

    const circular: Record<string, unknown> = { phone: CUSTOMER.phone };
    circular.self = circular;
    let deep: Record<string, unknown> = { phone: CUSTOMER.phone };
    for (let i = 0; i < 20; i++) deep = { inner: deep };
    logger.info({ circular, deep }, 'odd shapes');
    const logged = JSON.stringify(last());
    expect(logged).toContain('"circular":{"phone":"[phone]","self":"[left out]"}');
    expect(logged).not.toContain(CUSTOMER.phone);
  });

  it('still redacts credentials', () => {
    const { logger, last } = bufferedLogger();
    logger.info({ body: { password: 'secret123' }, headers: { cookie: 'session=abc' } }, 'request');
    expect(last()).toMatchObject({ body: { password: '[redacted]' }, headers: { cookie: '[redacted]' } });
  });
});
