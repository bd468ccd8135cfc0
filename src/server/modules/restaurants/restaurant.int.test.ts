import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/test-app';
import { botPreferences, businessHours, restaurantProfiles } from '../../db/schema';
import type { BotPreferencesResponse, RestaurantResponse } from '@shared/contracts/restaurant';
import type { DayHours } from '@shared/domain/hours';
import type { ApiError } from '@shared/contracts/me';

const VALID_INFO = {
  restaurantName: 'Luigi’s Trattoria',
  phoneNumber: '(555) 123-4567',
  address: '12 Harbour Street, Portland',
  timezone: 'America/New_York',
};

/** A week as the UI sent it before second periods ('HH:MM', no openTime2/closeTime2), Saturday and Sunday closed. */
function sampleWeek(): DayHours[] {
  return [
    { dayOfWeek: 0, openTime: '09:00', closeTime: '17:00', isClosed: true },
    { dayOfWeek: 1, openTime: '10:00', closeTime: '22:00', isClosed: false },
    { dayOfWeek: 2, openTime: '11:30', closeTime: '21:00', isClosed: false },
    { dayOfWeek: 3, openTime: '11:30', closeTime: '21:00', isClosed: false },
    { dayOfWeek: 4, openTime: '11:30', closeTime: '21:00', isClosed: false },
    { dayOfWeek: 5, openTime: '11:30', closeTime: '23:45', isClosed: false },
    { dayOfWeek: 6, openTime: '09:00', closeTime: '17:00', isClosed: true },
  ];
}

/** A new restaurant's week: 11:00–21:00, open every day. */
const DEFAULT_WEEK: DayHours[] = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
  dayOfWeek,
  openTime: '11:00:00',
  closeTime: '21:00:00',
  openTime2: null,
  closeTime2: null,
  isClosed: false,
}));

describe('restaurant settings', () => {
  let t: TestApp;
  let emailCounter = 0;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const newOwner = () => t.signUp({ email: `owner${++emailCounter}@example.com` });

  async function readRestaurantRow(userId: string) {
    const [row] = await t.db.select().from(restaurantProfiles).where(eq(restaurantProfiles.id, userId));
    return row!;
  }

  async function readHoursRows(userId: string) {
    return t.db
      .select({
        dayOfWeek: businessHours.dayOfWeek,
        openTime: businessHours.openTime,
        closeTime: businessHours.closeTime,
        openTime2: businessHours.openTime2,
        closeTime2: businessHours.closeTime2,
        isClosed: businessHours.isClosed,
      })
      .from(businessHours)
      .where(eq(businessHours.restaurantId, userId))
      .orderBy(asc(businessHours.dayOfWeek));
  }

  async function readBotRows(userId: string) {
    return t.db.select().from(botPreferences).where(eq(botPreferences.restaurantId, userId));
  }

  async function expectBadRequest(response: Response, field: string, message?: string) {
    expect(response.status).toBe(400);
    const body = (await response.json()) as ApiError;
    expect(body.field).toBe(field);
    expect(body.error.startsWith(`${field}: `)).toBe(true);
    if (message) expect(body.error).toBe(`${field}: ${message}`);
  }

  describe('GET/PUT /api/restaurant', () => {
    it('refuses a request with no session', async () => {
      expect((await t.request('/api/restaurant')).status).toBe(401);
      const put = await t.request('/api/restaurant', { method: 'PUT', json: VALID_INFO });
      expect(put.status).toBe(401);
    });

    it('a new owner starts with an empty restaurant at step 1', async () => {
      const owner = await newOwner();
      const response = await t.request('/api/restaurant', { cookie: owner.cookie });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        restaurantName: '',
        phoneNumber: '',
        address: '',
        timezone: null,
        forwardingPhone: null,
        kitchenCapacity: 3,
        onboardingStep: 1,
        hasCompletedOnboarding: false,
      } satisfies RestaurantResponse);
    });

    it('saves the restaurant information (trimmed) and reads it back', async () => {
      const owner = await newOwner();
      const other = await newOwner();
      const response = await t.request('/api/restaurant', {
        method: 'PUT',
        cookie: owner.cookie,
        json: { ...VALID_INFO, restaurantName: `  ${VALID_INFO.restaurantName}  ` },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        ...VALID_INFO,
        forwardingPhone: null,
        kitchenCapacity: 3,
        onboardingStep: 1,
        hasCompletedOnboarding: false,
      });

      expect(await readRestaurantRow(owner.userId)).toMatchObject(VALID_INFO);
      const again = (await (await t.request('/api/restaurant', { cookie: owner.cookie })).json()) as RestaurantResponse;
      expect(again.restaurantName).toBe(VALID_INFO.restaurantName);
      // Scoped to the signed-in owner: nobody else's row changed.
      expect((await readRestaurantRow(other.userId)).restaurantName).toBeNull();
    });

    it.each(['restaurantName', 'phoneNumber', 'address', 'timezone'] as const)(
      'a missing %s is a 400 naming it, and nothing is written',
      async (field) => {
        const owner = await newOwner();
        await t.request('/api/restaurant', { method: 'PUT', cookie: owner.cookie, json: VALID_INFO });
        const before = await readRestaurantRow(owner.userId);

        const changed = {
          restaurantName: 'Changed',
          phoneNumber: '555-999-0000',
          address: 'Elsewhere',
          timezone: 'Europe/Paris',
        };
        const withoutField: Record<string, string> = { ...changed };
        delete withoutField[field];
        await expectBadRequest(
          await t.request('/api/restaurant', { method: 'PUT', cookie: owner.cookie, json: withoutField }),
          field,
        );
        // A blank value counts as missing too.
        await expectBadRequest(
          await t.request('/api/restaurant', {
            method: 'PUT',
            cookie: owner.cookie,
            json: { ...changed, [field]: '   ' },
          }),
          field,
        );

        expect(await readRestaurantRow(owner.userId)).toEqual(before);
      },
    );

    it('names the required field in its message', async () => {
      const owner = await newOwner();
      await expectBadRequest(
        await t.request('/api/restaurant', {
          method: 'PUT',
          cookie: owner.cookie,
          json: { ...VALID_INFO, restaurantName: '' },
        }),
        'restaurantName',
        'Restaurant name is required',
      );
    });

    it.each(['call me maybe', '12345', '555-123-456', '1234567890123456'])(
      'rejects the phone number %j with the spec message and writes nothing',
      async (phoneNumber) => {
        const owner = await newOwner();
        await expectBadRequest(
          await t.request('/api/restaurant', {
            method: 'PUT',
            cookie: owner.cookie,
            json: { ...VALID_INFO, phoneNumber },
          }),
          'phoneNumber',
          'Please enter a valid phone number',
        );
        expect(await readRestaurantRow(owner.userId)).toMatchObject({ restaurantName: null, phoneNumber: null });
      },
    );

    it('rejects an unknown time zone and writes nothing', async () => {
      const owner = await newOwner();
      await t.request('/api/restaurant', { method: 'PUT', cookie: owner.cookie, json: VALID_INFO });
      const before = await readRestaurantRow(owner.userId);

      await expectBadRequest(
        await t.request('/api/restaurant', {
          method: 'PUT',
          cookie: owner.cookie,
          json: { ...VALID_INFO, restaurantName: 'On Mars', timezone: 'Mars/Olympus' },
        }),
        'timezone',
        'Choose a valid time zone',
      );
      expect(await readRestaurantRow(owner.userId)).toEqual(before);
    });
  });

  describe('staff phone line (forwardingPhone)', () => {
    const put = (cookie: string, json: unknown) => t.request('/api/restaurant', { method: 'PUT', cookie, json });
    const read = async (cookie: string) =>
      (await (await t.request('/api/restaurant', { cookie })).json()) as RestaurantResponse;

    it('is stored in E.164, read back, kept when a later save leaves it out, and cleared when empty', async () => {
      const owner = await newOwner();
      const other = await newOwner();

      const saved = await put(owner.cookie, { ...VALID_INFO, forwardingPhone: ' (555) 987-6543 ' });
      expect(saved.status).toBe(200);
      expect(await saved.json()).toMatchObject({ ...VALID_INFO, forwardingPhone: '+15559876543' });
      expect((await readRestaurantRow(owner.userId)).forwardingPhone).toBe('+15559876543');
      expect((await read(owner.cookie)).forwardingPhone).toBe('+15559876543');

      // A request from before the field existed changes everything else and keeps the staff line.
      expect((await put(owner.cookie, { ...VALID_INFO, address: '1 New Road' })).status).toBe(200);
      expect(await readRestaurantRow(owner.userId)).toMatchObject({
        address: '1 New Road',
        forwardingPhone: '+15559876543',
      });

      expect((await put(owner.cookie, { ...VALID_INFO, forwardingPhone: '+44 20 7946 0958' })).status).toBe(200);
      expect((await read(owner.cookie)).forwardingPhone).toBe('+442079460958');

      for (const cleared of ['', '   ', null]) {
        await put(owner.cookie, { ...VALID_INFO, forwardingPhone: '555-987-6543' });
        const response = await put(owner.cookie, { ...VALID_INFO, forwardingPhone: cleared });
        expect(response.status).toBe(200);
        expect(((await response.json()) as RestaurantResponse).forwardingPhone).toBeNull();
        expect((await readRestaurantRow(owner.userId)).forwardingPhone).toBeNull();
      }
      expect((await readRestaurantRow(other.userId)).forwardingPhone).toBeNull();
    });

    it.each(['call the kitchen', '12345', '555-123-456', '1234567890123456', '442079460958'])(
      'rejects %j with the phone message and writes nothing',
      async (forwardingPhone) => {
        const owner = await newOwner();
        await put(owner.cookie, { ...VALID_INFO, forwardingPhone: '555-987-6543' });
        const before = await readRestaurantRow(owner.userId);

        await expectBadRequest(
          await put(owner.cookie, { ...VALID_INFO, restaurantName: 'Changed', forwardingPhone }),
          'forwardingPhone',
          'Please enter a valid phone number',
        );
        expect(await readRestaurantRow(owner.userId)).toEqual(before);
      },
    );
  });

  describe('business hours', () => {
    it('defaults to 11:00–21:00 every day before anything is saved', async () => {
      const owner = await newOwner();
      const response = await t.request('/api/restaurant/hours', { cookie: owner.cookie });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ hours: DEFAULT_WEEK });
      expect(await readHoursRows(owner.userId)).toHaveLength(0);
    });

    it('saving replaces the owner’s seven rows and leaves other owners’ rows alone', async () => {
      const owner = await newOwner();
      const other = await newOwner();
      const otherWeek = DEFAULT_WEEK.map((d) => ({ ...d, openTime: '06:00:00', closeTime: '14:00:00' }));
      expect(
        (await t.request('/api/restaurant/hours', { method: 'PUT', cookie: other.cookie, json: { hours: otherWeek } }))
          .status,
      ).toBe(200);

      const first = await t.request('/api/restaurant/hours', {
        method: 'PUT',
        cookie: owner.cookie,
        json: { hours: sampleWeek() },
      });
      expect(first.status).toBe(200);
      // An older client's week (no second periods) is still taken, and read back with none.
      const normalized = sampleWeek().map((d) => ({
        ...d,
        openTime: `${d.openTime}:00`,
        closeTime: `${d.closeTime}:00`,
        openTime2: null,
        closeTime2: null,
      }));
      expect(await first.json()).toEqual({ hours: normalized });
      expect(await readHoursRows(owner.userId)).toEqual(normalized);

      // Save again with different values: still exactly seven rows, all the new ones.
      const second = sampleWeek().map((d) =>
        d.dayOfWeek === 3 ? { ...d, isClosed: true } : { ...d, openTime: '08:15' },
      );
      const response = await t.request('/api/restaurant/hours', {
        method: 'PUT',
        cookie: owner.cookie,
        json: { hours: second },
      });
      expect(response.status).toBe(200);
      const rows = await readHoursRows(owner.userId);
      expect(rows).toHaveLength(7);
      expect(rows.map((r) => r.dayOfWeek)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      expect(rows.find((r) => r.dayOfWeek === 3)).toMatchObject({ isClosed: true, openTime: '11:30:00' });
      expect(rows.find((r) => r.dayOfWeek === 1)).toMatchObject({ openTime: '08:15:00', closeTime: '22:00:00' });

      const read = (await (await t.request('/api/restaurant/hours', { cookie: owner.cookie })).json()) as {
        hours: DayHours[];
      };
      expect(read.hours).toEqual(rows);

      expect(await readHoursRows(other.userId)).toEqual(otherWeek);
    });

    it('accepts the days in any order and a closed day whose times are reversed', async () => {
      const owner = await newOwner();
      const week = sampleWeek().reverse();
      week[0] = { dayOfWeek: 6, openTime: '18:00', closeTime: '08:00', isClosed: true };
      const response = await t.request('/api/restaurant/hours', {
        method: 'PUT',
        cookie: owner.cookie,
        json: { hours: week },
      });
      expect(response.status).toBe(200);
      expect((await readHoursRows(owner.userId)).map((r) => r.dayOfWeek)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    });

    it('closing at the opening time is a 400 naming hours.N.closeTime, and nothing is written', async () => {
      const owner = await newOwner();
      await t.request('/api/restaurant/hours', { method: 'PUT', cookie: owner.cookie, json: { hours: sampleWeek() } });
      const before = await readHoursRows(owner.userId);
      expect(before).toHaveLength(7);

      const week = sampleWeek();
      week[3] = { dayOfWeek: 3, openTime: '12:00', closeTime: '12:00', isClosed: false };
      await expectBadRequest(
        await t.request('/api/restaurant/hours', { method: 'PUT', cookie: owner.cookie, json: { hours: week } }),
        'hours.3.closeTime',
        'Closing time must be after opening time',
      );
      expect(await readHoursRows(owner.userId)).toEqual(before);

      // The same for a second period.
      week[3] = {
        dayOfWeek: 3,
        openTime: '11:00',
        closeTime: '14:00',
        openTime2: '18:00',
        closeTime2: '18:00',
        isClosed: false,
      };
      await expectBadRequest(
        await t.request('/api/restaurant/hours', { method: 'PUT', cookie: owner.cookie, json: { hours: week } }),
        'hours.3.closeTime2',
        'Closing time must be after opening time',
      );
      expect(await readHoursRows(owner.userId)).toEqual(before);
    });

    it('saves two periods a day and a period past midnight, and reads them back', async () => {
      const owner = await newOwner();
      const week = sampleWeek();
      // Tuesday lunch and dinner; Friday lunch and a late night until 02:00; Saturday 18:00 to midnight.
      week[2] = {
        dayOfWeek: 2,
        openTime: '11:30',
        closeTime: '14:00',
        openTime2: '17:30',
        closeTime2: '22:00',
        isClosed: false,
      };
      week[5] = {
        dayOfWeek: 5,
        openTime: '11:30',
        closeTime: '14:30',
        openTime2: '18:00',
        closeTime2: '02:00',
        isClosed: false,
      };
      week[6] = { dayOfWeek: 6, openTime: '18:00', closeTime: '00:00', isClosed: false };
      const response = await t.request('/api/restaurant/hours', {
        method: 'PUT',
        cookie: owner.cookie,
        json: { hours: week },
      });
      expect(response.status, await response.clone().text()).toBe(200);

      const rows = await readHoursRows(owner.userId);
      expect(rows[2]).toEqual({
        dayOfWeek: 2,
        openTime: '11:30:00',
        closeTime: '14:00:00',
        openTime2: '17:30:00',
        closeTime2: '22:00:00',
        isClosed: false,
      });
      expect(rows[5]).toEqual({
        dayOfWeek: 5,
        openTime: '11:30:00',
        closeTime: '14:30:00',
        openTime2: '18:00:00',
        closeTime2: '02:00:00',
        isClosed: false,
      });
      expect(rows[6]).toEqual({
        dayOfWeek: 6,
        openTime: '18:00:00',
        closeTime: '00:00:00',
        openTime2: null,
        closeTime2: null,
        isClosed: false,
      });
      expect(rows[1]).toMatchObject({ openTime2: null, closeTime2: null });
      expect(await response.json()).toEqual({ hours: rows });
      expect(await (await t.request('/api/restaurant/hours', { cookie: owner.cookie })).json()).toEqual({
        hours: rows,
      });

      // A later save without second periods (an older client) replaces the week: they are gone.
      const again = await t.request('/api/restaurant/hours', {
        method: 'PUT',
        cookie: owner.cookie,
        json: { hours: sampleWeek() },
      });
      expect(again.status).toBe(200);
      expect((await readHoursRows(owner.userId)).every((r) => r.openTime2 === null && r.closeTime2 === null)).toBe(
        true,
      );
    });

    it('half a second period is a 400 naming the missing time, and nothing is written', async () => {
      const owner = await newOwner();
      await t.request('/api/restaurant/hours', { method: 'PUT', cookie: owner.cookie, json: { hours: sampleWeek() } });
      const before = await readHoursRows(owner.userId);
      const put = (hours: unknown) =>
        t.request('/api/restaurant/hours', { method: 'PUT', cookie: owner.cookie, json: { hours } });

      const week: unknown[] = sampleWeek();
      week[1] = { dayOfWeek: 1, openTime: '10:00', closeTime: '14:00', openTime2: '17:00', isClosed: false };
      await expectBadRequest(await put(week), 'hours.1.closeTime2', 'Add a closing time for the second period');
      week[1] = {
        dayOfWeek: 1,
        openTime: '10:00',
        closeTime: '14:00',
        openTime2: '17:00',
        closeTime2: '',
        isClosed: false,
      };
      await expectBadRequest(await put(week), 'hours.1.closeTime2', 'Add a closing time for the second period');
      week[1] = {
        dayOfWeek: 1,
        openTime: '10:00',
        closeTime: '14:00',
        openTime2: null,
        closeTime2: '22:00',
        isClosed: false,
      };
      await expectBadRequest(await put(week), 'hours.1.openTime2', 'Add an opening time for the second period');
      week[1] = {
        dayOfWeek: 1,
        openTime: '10:00',
        closeTime: '14:00',
        openTime2: '5pm',
        closeTime2: '22:00',
        isClosed: false,
      };
      await expectBadRequest(await put(week), 'hours.1.openTime2', 'Use a time like 09:00');
      expect(await readHoursRows(owner.userId)).toEqual(before);

      // On a closed day the half period is dropped, not refused.
      week[1] = {
        dayOfWeek: 1,
        openTime: '10:00',
        closeTime: '14:00',
        openTime2: '17:00',
        closeTime2: '',
        isClosed: true,
      };
      expect((await put(week)).status).toBe(200);
      expect((await readHoursRows(owner.userId))[1]).toMatchObject({
        isClosed: true,
        openTime2: null,
        closeTime2: null,
      });
    });

    it('overlapping periods are a 400 on the later one, also across midnight and the end of the week', async () => {
      const owner = await newOwner();
      await t.request('/api/restaurant/hours', { method: 'PUT', cookie: owner.cookie, json: { hours: sampleWeek() } });
      const before = await readHoursRows(owner.userId);
      const put = (hours: unknown) =>
        t.request('/api/restaurant/hours', { method: 'PUT', cookie: owner.cookie, json: { hours } });

      // Lunch until 15:00, dinner from 14:00.
      const sameDay: DayHours[] = sampleWeek();
      sameDay[2] = {
        dayOfWeek: 2,
        openTime: '11:00',
        closeTime: '15:00',
        openTime2: '14:00',
        closeTime2: '22:00',
        isClosed: false,
      };
      await expectBadRequest(await put(sameDay), 'hours.2.openTime2', 'The two periods overlap');

      // Thursday until 12:00 the next day runs into Friday's 11:30 opening.
      const intoFriday = sampleWeek();
      intoFriday[4] = { dayOfWeek: 4, openTime: '18:00', closeTime: '12:00', isClosed: false };
      await expectBadRequest(
        await put(intoFriday),
        'hours.5.openTime',
        "Overlaps Thursday's hours, which run until 12:00",
      );

      // Saturday night until 03:00 runs into Sunday's 01:00 opening (Sunday listed last).
      const intoSunday = sampleWeek().reverse();
      intoSunday[0] = { dayOfWeek: 6, openTime: '20:00', closeTime: '03:00', isClosed: false };
      intoSunday[6] = { dayOfWeek: 0, openTime: '01:00', closeTime: '05:00', isClosed: false };
      await expectBadRequest(
        await put(intoSunday),
        'hours.6.openTime',
        "Overlaps Saturday's hours, which run until 03:00",
      );
      expect(await readHoursRows(owner.userId)).toEqual(before);

      // Touching is not overlapping: lunch until 14:00, dinner from 14:00; Saturday until 03:00, Sunday from 03:00.
      sameDay[2] = {
        dayOfWeek: 2,
        openTime: '11:00',
        closeTime: '14:00',
        openTime2: '14:00',
        closeTime2: '22:00',
        isClosed: false,
      };
      intoSunday[6] = { dayOfWeek: 0, openTime: '03:00', closeTime: '05:00', isClosed: false };
      expect((await put(sameDay)).status).toBe(200);
      expect((await put(intoSunday)).status).toBe(200);
    });

    it('a first save with bad hours leaves the owner on the defaults', async () => {
      const owner = await newOwner();
      const week: unknown[] = sampleWeek();
      week[5] = { dayOfWeek: 5, openTime: '11:00', closeTime: '14:00', openTime2: '18:00', isClosed: false };
      await expectBadRequest(
        await t.request('/api/restaurant/hours', { method: 'PUT', cookie: owner.cookie, json: { hours: week } }),
        'hours.5.closeTime2',
      );
      expect(await readHoursRows(owner.userId)).toHaveLength(0);
      expect(await (await t.request('/api/restaurant/hours', { cookie: owner.cookie })).json()).toEqual({
        hours: DEFAULT_WEEK,
      });
    });

    it('six days is a 400 and writes nothing', async () => {
      const owner = await newOwner();
      await expectBadRequest(
        await t.request('/api/restaurant/hours', {
          method: 'PUT',
          cookie: owner.cookie,
          json: { hours: sampleWeek().slice(0, 6) },
        }),
        'hours',
        'Give hours for all seven days',
      );
      expect(await readHoursRows(owner.userId)).toHaveLength(0);
    });

    it('seven entries with a repeated day is a 400', async () => {
      const owner = await newOwner();
      const week = sampleWeek();
      week[6] = { ...week[5]! };
      await expectBadRequest(
        await t.request('/api/restaurant/hours', { method: 'PUT', cookie: owner.cookie, json: { hours: week } }),
        'hours',
        'Each day of the week must appear once',
      );
      expect(await readHoursRows(owner.userId)).toHaveLength(0);
    });

    it('rejects a time that is not a time of day', async () => {
      const owner = await newOwner();
      const week = sampleWeek();
      week[1] = { ...week[1]!, openTime: '25:00' };
      await expectBadRequest(
        await t.request('/api/restaurant/hours', { method: 'PUT', cookie: owner.cookie, json: { hours: week } }),
        'hours.1.openTime',
        'Use a time like 09:00',
      );
    });
  });

  describe('voice assistant (bot) settings', () => {
    const VALID_BOT = {
      language: 'es',
      greetingMessage: '¡Hola! ¿Qué le gustaría pedir?',
      busyMessage: 'Estamos ocupados.',
    };

    it('defaults use the saved restaurant name and are not written until saved', async () => {
      const owner = await newOwner();
      await t.request('/api/restaurant', { method: 'PUT', cookie: owner.cookie, json: VALID_INFO });

      const response = await t.request('/api/restaurant/bot', { cookie: owner.cookie });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        language: 'en',
        greetingMessage: 'Welcome to Luigi’s Trattoria! How can I help you today?',
        busyMessage: 'We are currently busy, please call again later.',
        autoSmsEnabled: true,
        allowCustomOrders: true,
        isBusyMode: false,
        busyUntil: null,
        isSaved: false,
      } satisfies BotPreferencesResponse);
      expect(await readBotRows(owner.userId)).toHaveLength(0);
    });

    it('saves the language, greeting and busy message', async () => {
      const owner = await newOwner();
      const response = await t.request('/api/restaurant/bot', { method: 'PUT', cookie: owner.cookie, json: VALID_BOT });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ ...VALID_BOT, autoSmsEnabled: true, isSaved: true });
      const [row] = await readBotRows(owner.userId);
      expect(row).toMatchObject(VALID_BOT);

      const changed = { language: 'zh', greetingMessage: '欢迎', busyMessage: '我们很忙' };
      await t.request('/api/restaurant/bot', { method: 'PUT', cookie: owner.cookie, json: changed });
      const rows = await readBotRows(owner.userId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject(changed);
    });

    it.each([
      ['language', { ...VALID_BOT, language: 'de' }],
      ['language', { greetingMessage: 'Hi', busyMessage: 'Busy' }],
      ['greetingMessage', { ...VALID_BOT, greetingMessage: '   ' }],
      ['greetingMessage', { language: 'fr', busyMessage: 'Occupé' }],
      ['busyMessage', { ...VALID_BOT, busyMessage: '' }],
      ['busyMessage', { language: 'fr', greetingMessage: 'Bonjour' }],
    ] as const)('a bad or missing %s is a 400 naming it, and nothing is written', async (field, json) => {
      const owner = await newOwner();
      await expectBadRequest(
        await t.request('/api/restaurant/bot', { method: 'PUT', cookie: owner.cookie, json }),
        field,
      );
      expect(await readBotRows(owner.userId)).toHaveLength(0);
    });

    it('a rejected save leaves the earlier one in place', async () => {
      const owner = await newOwner();
      await t.request('/api/restaurant/bot', { method: 'PUT', cookie: owner.cookie, json: VALID_BOT });
      await expectBadRequest(
        await t.request('/api/restaurant/bot', {
          method: 'PUT',
          cookie: owner.cookie,
          json: { ...VALID_BOT, language: 'it', greetingMessage: 'Ciao' },
        }),
        'language',
        'Choose a language',
      );
      expect((await readBotRows(owner.userId))[0]).toMatchObject(VALID_BOT);
    });

    it('turning automatic texts off persists, and a later bot save keeps it off', async () => {
      const owner = await newOwner();
      await t.request('/api/restaurant', { method: 'PUT', cookie: owner.cookie, json: VALID_INFO });

      const response = await t.request('/api/restaurant/preferences', {
        method: 'PUT',
        cookie: owner.cookie,
        json: { autoSmsEnabled: false },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ autoSmsEnabled: false, isSaved: true });
      const [row] = await readBotRows(owner.userId);
      expect(row).toMatchObject({
        autoSmsEnabled: false,
        language: 'en',
        greetingMessage: 'Welcome to Luigi’s Trattoria! How can I help you today?',
      });

      const read = (await (
        await t.request('/api/restaurant/bot', { cookie: owner.cookie })
      ).json()) as BotPreferencesResponse;
      expect(read.autoSmsEnabled).toBe(false);

      await t.request('/api/restaurant/bot', { method: 'PUT', cookie: owner.cookie, json: VALID_BOT });
      expect((await readBotRows(owner.userId))[0]?.autoSmsEnabled).toBe(false);

      await t.request('/api/restaurant/preferences', {
        method: 'PUT',
        cookie: owner.cookie,
        json: { autoSmsEnabled: true },
      });
      expect((await readBotRows(owner.userId))[0]).toMatchObject({ autoSmsEnabled: true, ...VALID_BOT });
    });

    it('allowCustomOrders is stored on the restaurant, read back with the assistant settings, and kept when left out', async () => {
      const owner = await newOwner();
      const other = await newOwner();
      const readBot = async (cookie: string) =>
        (await (await t.request('/api/restaurant/bot', { cookie })).json()) as BotPreferencesResponse;
      expect((await readBot(owner.cookie)).allowCustomOrders).toBe(true);

      const response = await t.request('/api/restaurant/preferences', {
        method: 'PUT',
        cookie: owner.cookie,
        json: { autoSmsEnabled: true, allowCustomOrders: false },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ autoSmsEnabled: true, allowCustomOrders: false, isSaved: true });
      expect((await readRestaurantRow(owner.userId)).allowCustomOrders).toBe(false);
      expect((await readBot(owner.cookie)).allowCustomOrders).toBe(false);

      // The older request shape (automatic texts only) leaves the choice alone.
      await t.request('/api/restaurant/preferences', {
        method: 'PUT',
        cookie: owner.cookie,
        json: { autoSmsEnabled: false },
      });
      expect(await readBot(owner.cookie)).toMatchObject({ autoSmsEnabled: false, allowCustomOrders: false });

      await t.request('/api/restaurant/preferences', {
        method: 'PUT',
        cookie: owner.cookie,
        json: { autoSmsEnabled: false, allowCustomOrders: true },
      });
      expect((await readRestaurantRow(owner.userId)).allowCustomOrders).toBe(true);
      expect((await readRestaurantRow(other.userId)).allowCustomOrders).toBe(true);
    });

    it('allowCustomOrders must be a boolean, and a refused request writes nothing', async () => {
      const owner = await newOwner();
      await expectBadRequest(
        await t.request('/api/restaurant/preferences', {
          method: 'PUT',
          cookie: owner.cookie,
          json: { autoSmsEnabled: false, allowCustomOrders: 'no' },
        }),
        'allowCustomOrders',
      );
      expect((await readRestaurantRow(owner.userId)).allowCustomOrders).toBe(true);
      expect(await readBotRows(owner.userId)).toHaveLength(0);
    });

    it('preferences need a boolean', async () => {
      const owner = await newOwner();
      await expectBadRequest(
        await t.request('/api/restaurant/preferences', {
          method: 'PUT',
          cookie: owner.cookie,
          json: { autoSmsEnabled: 'no' },
        }),
        'autoSmsEnabled',
      );
      expect(await readBotRows(owner.userId)).toHaveLength(0);
    });
  });

  describe('POST /api/onboarding/step', () => {
    const saveStep = (cookie: string, step: unknown) =>
      t.request('/api/onboarding/step', { method: 'POST', cookie, json: { step } });

    it('keeps the furthest step reached', async () => {
      const owner = await newOwner();
      const third = await saveStep(owner.cookie, 3);
      expect(third.status).toBe(200);
      expect(((await third.json()) as RestaurantResponse).onboardingStep).toBe(3);
      expect((await readRestaurantRow(owner.userId)).onboardingStep).toBe(3);

      const back = await saveStep(owner.cookie, 2);
      expect(back.status).toBe(200);
      expect(((await back.json()) as RestaurantResponse).onboardingStep).toBe(3);
      expect((await readRestaurantRow(owner.userId)).onboardingStep).toBe(3);

      await saveStep(owner.cookie, 5);
      expect((await readRestaurantRow(owner.userId)).onboardingStep).toBe(5);
    });

    it.each([7, 0, 2.5, '3'])('step %j is a 400 and the saved step stays', async (step) => {
      const owner = await newOwner();
      await saveStep(owner.cookie, 4);
      await expectBadRequest(await saveStep(owner.cookie, step), 'step');
      expect((await readRestaurantRow(owner.userId)).onboardingStep).toBe(4);
    });

    it('only moves the signed-in owner', async () => {
      const owner = await newOwner();
      const other = await newOwner();
      await saveStep(owner.cookie, 6);
      expect((await readRestaurantRow(other.userId)).onboardingStep).toBe(1);
      expect((await saveStep('', 2)).status).toBe(401);
    });
  });
});
