import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/test-app';

describe('API conventions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers unknown /api paths with a JSON 404', async () => {
    const response = await t.request('/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ error: 'No API route for GET /api/does-not-exist' });
  });

  it('reports health', async () => {
    expect(await (await t.request('/api/health')).json()).toEqual({ ok: true });
  });
});
