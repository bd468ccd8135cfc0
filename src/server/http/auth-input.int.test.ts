import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { EMAIL_MAX_LENGTH, FULL_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@shared/contracts/auth';
import { CONTROL_CHARACTER_MESSAGE, SINGLE_LINE_MESSAGE } from '@shared/contracts/text';
import { createTestApp, sessionCookie, TEST_ORIGIN, type TestApp } from '../../../tests/test-app';
import { user } from '../db/schema';

const OWNER_EMAIL = 'auth-input-owner@example.com';
const OWNER_PASSWORD = 'secret123';

/** An address of exactly `length` characters. */
const emailOf = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
const tooLongPassword = 'p'.repeat(PASSWORD_MAX_LENGTH + 1);

/**
 * The auth service's routes take the same text rules as every other route: the owner's name is one line of at most
 * 100 characters, an e-mail at most 254, every password at most 128 (and at least 6 where one is chosen), exactly as
 * the browser's forms; a refusal is a 400 that names the field, and writes nothing.
 */
describe('auth request bodies', () => {
  let t: TestApp;
  let owner: { cookie: string; userId: string };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.signUp({ email: OWNER_EMAIL, name: 'Input Owner', password: OWNER_PASSWORD });
  });
  afterAll(() => t.close());

  async function rows<T>(query: SQL): Promise<T[]> {
    const result: unknown = await t.db.execute(query);
    return (result as { rows: T[] }).rows;
  }

  /** One md5 per table (rate_limit aside: it counts refused attempts too, by design). */
  async function snapshot() {
    const tables = await rows<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'rate_limit'`,
    );
    const query = tables
      .map(
        ({ name }) =>
          `select '${name}' as name, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as sum from "${name}" x`,
      )
      .join(' union all ');
    const sums = await rows<{ name: string; sum: string }>(sql.raw(query));
    return Object.fromEntries(sums.map((r) => [r.name, r.sum]));
  }

  const post = (route: string, json: unknown, cookie = owner.cookie) =>
    t.request(`/api/auth${route}`, { method: 'POST', cookie, json });

  const newOwner = (fields: Record<string, unknown>) => ({
    name: 'New Owner',
    email: 'new-owner@example.com',
    password: 'secret123',
    ...fields,
  });

  const refusals: { what: string; route: string; json: unknown; field: string; message: string }[] = [
    {
      what: 'a name over 100 characters at sign-up',
      route: '/sign-up/email',
      json: newOwner({ name: 'N'.repeat(FULL_NAME_MAX_LENGTH + 1) }),
      field: 'name',
      message: 'Full name must be at most 100 characters',
    },
    {
      what: 'a 60 KB name at sign-up',
      route: '/sign-up/email',
      json: newOwner({ name: 'N'.repeat(60_000) }),
      field: 'name',
      message: 'Full name must be at most 100 characters',
    },
    {
      what: 'a name of two lines at sign-up',
      route: '/sign-up/email',
      json: newOwner({ name: 'New\nOwner' }),
      field: 'name',
      message: SINGLE_LINE_MESSAGE,
    },
    {
      what: 'a blank name at sign-up',
      route: '/sign-up/email',
      json: newOwner({ name: ' \t ' }),
      field: 'name',
      message: 'Full name is required',
    },
    {
      what: 'an e-mail over 254 characters at sign-up',
      route: '/sign-up/email',
      json: newOwner({ email: emailOf(EMAIL_MAX_LENGTH + 1) }),
      field: 'email',
      message: 'Email must be at most 254 characters',
    },
    {
      what: 'a picture link over 2048 characters at sign-up',
      route: '/sign-up/email',
      json: newOwner({ image: `https://example.com/${'x'.repeat(2048)}` }),
      field: 'image',
      message: 'Picture must be at most 2048 characters',
    },
    {
      what: 'an e-mail over 254 characters at sign-in',
      route: '/sign-in/email',
      json: { email: emailOf(EMAIL_MAX_LENGTH + 1), password: OWNER_PASSWORD },
      field: 'email',
      message: 'Email must be at most 254 characters',
    },
    {
      what: 'a new name over 100 characters',
      route: '/update-user',
      json: { name: 'R'.repeat(FULL_NAME_MAX_LENGTH + 1) },
      field: 'name',
      message: 'Full name must be at most 100 characters',
    },
    {
      what: 'a new name with a tab inside',
      route: '/update-user',
      json: { name: 'Renamed\tOwner' },
      field: 'name',
      message: SINGLE_LINE_MESSAGE,
    },
    {
      what: 'a new name that is not text',
      route: '/update-user',
      json: { name: { first: 'Renamed' } },
      field: 'name',
      message: 'Full name must be text',
    },
    {
      what: 'an escape sequence in a new name',
      route: '/update-user',
      json: { name: '\u001b[31mRed Owner' },
      field: 'name',
      message: CONTROL_CHARACTER_MESSAGE,
    },
    {
      what: 'an e-mail over 254 characters asking for a reset link',
      route: '/request-password-reset',
      json: { email: emailOf(EMAIL_MAX_LENGTH + 1), redirectTo: '/reset-password' },
      field: 'email',
      message: 'Email must be at most 254 characters',
    },
    {
      what: 'a reset link address of two lines',
      route: '/request-password-reset',
      json: { email: OWNER_EMAIL, redirectTo: '/reset-password\n/elsewhere' },
      field: 'redirectTo',
      message: SINGLE_LINE_MESSAGE,
    },
  ];

  it.each(refusals)('refuses $what with 400 naming the field, writing nothing', async (c) => {
    const before = await snapshot();
    const response = await post(c.route, c.json);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: `${c.field}: ${c.message}`, field: c.field });
    expect(await snapshot()).toEqual(before);
  });

  const passwords: { route: string; json: unknown; code: string }[] = [
    { route: '/sign-up/email', json: newOwner({ password: tooLongPassword }), code: 'PASSWORD_TOO_LONG' },
    { route: '/sign-up/email', json: newOwner({ password: 'x7$Qz' }), code: 'PASSWORD_TOO_SHORT' },
    { route: '/sign-in/email', json: { email: OWNER_EMAIL, password: tooLongPassword }, code: 'PASSWORD_TOO_LONG' },
    {
      route: '/change-password',
      json: { currentPassword: OWNER_PASSWORD, newPassword: tooLongPassword },
      code: 'PASSWORD_TOO_LONG',
    },
    {
      route: '/change-password',
      json: { currentPassword: tooLongPassword, newPassword: 'another-secret' },
      code: 'PASSWORD_TOO_LONG',
    },
    {
      route: '/reset-password',
      json: { newPassword: tooLongPassword, token: 'some-token' },
      code: 'PASSWORD_TOO_LONG',
    },
  ];

  it.each(passwords)(
    'holds passwords on $route to the browser’s limits ($code), writing nothing',
    async ({ route, json, code }) => {
      const before = await snapshot();
      const response = await post(route, json);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code });
      expect(await snapshot()).toEqual(before);
    },
  );

  it('takes a name of exactly 100 characters, and stores names trimmed at their ends', async () => {
    const longest = 'L'.repeat(FULL_NAME_MAX_LENGTH);
    const signedUp = await post(
      '/sign-up/email',
      { name: ` ${longest}\n`, email: emailOf(EMAIL_MAX_LENGTH), password: 'p'.repeat(PASSWORD_MAX_LENGTH) },
      '',
    );
    expect(signedUp.status, await signedUp.clone().text()).toBe(200);
    const { user: created } = (await signedUp.json()) as { user: { id: string; name: string } };
    expect(created.name).toBe(longest);

    const renamed = await post('/update-user', { name: '\tRenamed Owner \r\n' }, sessionCookie(signedUp));
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    const [stored] = await t.db.select({ name: user.name }).from(user).where(eq(user.id, created.id));
    expect(stored!.name).toBe('Renamed Owner');
  });

  it('checks a form-encoded sign-up the same way', async () => {
    const before = await snapshot();
    const response = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'F'.repeat(101), email: 'form@example.com', password: 'secret123' }).toString(),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'name: Full name must be at most 100 characters', field: 'name' });
    expect(await snapshot()).toEqual(before);
  });

  it('leaves to the auth service what it judges itself: a malformed e-mail, a wrong password', async () => {
    const malformed = await post('/sign-in/email', { email: 'not-an-address', password: OWNER_PASSWORD }, '');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'INVALID_EMAIL' });

    const wrong = await post('/sign-in/email', { email: OWNER_EMAIL, password: 'not-the-password' }, '');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ message: 'Invalid email or password' });
  });
});
