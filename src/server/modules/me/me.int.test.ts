import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/test-app';

describe('GET /api/me: the restaurant’s time zone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const zoneOf = async (cookie: string) =>
    ((await (await t.request('/api/me', { cookie })).json()) as { restaurant: { timeZone: string } }).restaurant
      .timeZone;

  it('is the zone the server counts the day in: UTC until one is set, then the restaurant’s own', async () => {
    const { cookie } = await t.signUp({ email: 'zone-owner@example.com' });
    expect(await zoneOf(cookie)).toBe('UTC');

    const saved = await t.request('/api/restaurant', {
      method: 'PUT',
      cookie,
      json: {
        restaurantName: 'Casa Lupe',
        phoneNumber: '(555) 201-3344',
        address: '12 Market St',
        timezone: 'America/Los_Angeles',
      },
    });
    expect(saved.status).toBe(200);
    expect(await zoneOf(cookie)).toBe('America/Los_Angeles');
  });

  it('is each owner’s own', async () => {
    const { cookie } = await t.signUp({ email: 'zone-other@example.com' });
    expect(await zoneOf(cookie)).toBe('UTC');
  });
});
