import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/test-app';
import { calls, orders } from '../../db/schema';
import type { ApiError } from '@shared/contracts/me';
import type { CallDetail, CallSummary, ListCallsResponse } from '@shared/contracts/calls';

type Owner = { cookie: string; userId: string };
type NewCallRow = typeof calls.$inferInsert;

describe('call log: GET /api/calls', () => {
  let t: TestApp;
  let emailCounter = 0;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const newOwner = (): Promise<Owner> => t.signUp({ email: `calls${++emailCounter}@example.com` });

  /** Calls as the voice webhook would have stored them. */
  async function insertCalls(restaurantId: string, rows: Partial<NewCallRow>[]) {
    return t.db
      .insert(calls)
      .values(rows.map((r) => ({ providerCallId: `call-${randomUUID()}`, ...r, restaurantId })))
      .returning();
  }

  async function list(cookie: string, query: { limit?: number; cursor?: string } = {}) {
    const params = new URLSearchParams();
    if (query.limit !== undefined) params.set('limit', String(query.limit));
    if (query.cursor) params.set('cursor', query.cursor);
    const response = await t.request(`/api/calls?${params.toString()}`, { cookie });
    expect(response.status).toBe(200);
    return (await response.json()) as ListCallsResponse;
  }

  /** Every call, following nextCursor page by page. */
  async function listAll(cookie: string, limit: number) {
    const seen: CallSummary[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await list(cookie, { limit, cursor });
      expect(page.calls.length).toBeLessThanOrEqual(limit);
      seen.push(...page.calls);
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor && pages < 50);
    return { seen, pages };
  }

  async function expectBadRequest(response: Response, field: string, message?: string) {
    expect(response.status).toBe(400);
    const body = (await response.json()) as ApiError;
    expect(body.field).toBe(field);
    if (message) expect(body.error).toBe(`${field}: ${message}`);
  }

  it('needs a session', async () => {
    expect((await t.request('/api/calls')).status).toBe(401);
    expect((await t.request('/api/calls/00000000-0000-4000-8000-000000000000')).status).toBe(401);
  });

  it('a restaurant with no calls gets an empty page', async () => {
    const owner = await newOwner();
    expect(await list(owner.cookie)).toEqual({ calls: [], nextCursor: null });
  });

  it('lists calls newest first, each as the call log shows it, with its order', async () => {
    const owner = await newOwner();
    const [order] = await t.db
      .insert(orders)
      .values({
        userId: owner.userId,
        item: '2× Margherita',
        phoneNumber: '+15551230001',
        source: 'phone',
        dailyNumber: 12,
        businessDate: '2026-05-01',
      })
      .returning();
    const [older, ordered, live] = await insertCalls(owner.userId, [
      {
        callerNumber: null,
        status: 'ended',
        startedAt: new Date('2026-05-01T11:00:00Z'),
        endedAt: new Date('2026-05-01T11:00:42Z'),
        endedReason: 'customer-ended-call',
        outcome: 'no_order',
        summary: 'Asked about opening hours.',
      },
      {
        callerNumber: '+15551230001',
        status: 'ended',
        startedAt: new Date('2026-05-01T12:00:00Z'),
        endedAt: new Date('2026-05-01T12:03:05.600Z'),
        outcome: 'ordered',
        summary: 'Two margheritas for pickup.',
        transcript: 'AI: Hello!\nUser: Two margheritas, please.',
        recordingUrl: 'https://recordings.example.com/call.wav',
        orderId: order!.id,
      },
      { callerNumber: '+15551230002', status: 'in-progress', startedAt: new Date('2026-05-01T12:30:00Z') },
    ]);

    const page = await list(owner.cookie);
    expect(page.nextCursor).toBeNull();
    expect(page.calls.map((c) => c.id)).toEqual([live!.id, ordered!.id, older!.id]);
    expect(page.calls[1]).toEqual({
      id: ordered!.id,
      kind: 'phone',
      callerNumber: '+15551230001',
      status: 'ended',
      startedAt: '2026-05-01T12:00:00.000Z',
      endedAt: '2026-05-01T12:03:05.600Z',
      durationSeconds: 186,
      endedReason: null,
      outcome: 'ordered',
      summary: 'Two margheritas for pickup.',
      recordingUrl: 'https://recordings.example.com/call.wav',
      orderId: order!.id,
      // The number said at the counter comes first, so the call log and the card agree.
      orderLabel: '#12 · 2× Margherita',
    } satisfies CallSummary);
    // The list is summaries: no call in it carries its transcript.
    for (const listed of page.calls) expect(listed).not.toHaveProperty('transcript');
    expect(page.calls[0]).toMatchObject({ status: 'in-progress', endedAt: null, durationSeconds: null, outcome: null });
    expect(page.calls[2]).toMatchObject({ callerNumber: null, durationSeconds: 42, orderId: null, orderLabel: null });

    // The call on its own is the same summary, with what was said.
    const one = await t.request(`/api/calls/${ordered!.id}`, { cookie: owner.cookie });
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual({
      call: { ...page.calls[1]!, transcript: 'AI: Hello!\nUser: Two margheritas, please.' } satisfies CallDetail,
    });
    const quiet = await t.request(`/api/calls/${older!.id}`, { cookie: owner.cookie });
    expect(((await quiet.json()) as { call: CallDetail }).call.transcript).toBeNull();
  });

  it('pages cover every call exactly once, newest first, ties on the start time broken by id', async () => {
    const owner = await newOwner();
    const base = Date.parse('2026-05-01T12:00:00.000Z');
    // 20 distinct times, then 30 calls in groups of 4 sharing a time, so ties straddle the page boundaries.
    const startedAt = (i: number) =>
      new Date(i < 20 ? base - i * 1000 : base - 20_000 - Math.floor((i - 20) / 4) * 1000);
    const inserted = await insertCalls(
      owner.userId,
      Array.from({ length: 50 }, (_, i) => ({
        callerNumber: `+1555123${String(i).padStart(4, '0')}`,
        startedAt: startedAt(i),
      })),
    );

    const { seen, pages } = await listAll(owner.cookie, 7);
    expect(pages).toBe(8);
    expect(seen).toHaveLength(50);
    expect(new Set(seen.map((c) => c.id))).toEqual(new Set(inserted.map((c) => c.id)));
    for (let i = 1; i < seen.length; i++) {
      const [prev, next] = [seen[i - 1]!, seen[i]!];
      expect(prev.startedAt >= next.startedAt).toBe(true);
      if (prev.startedAt === next.startedAt) expect(prev.id > next.id).toBe(true);
    }

    // The default page is 50: all of them, and nothing after.
    const whole = await list(owner.cookie);
    expect(whole.calls.map((c) => c.id)).toEqual(seen.map((c) => c.id));
    expect(whole.nextCursor).toBeNull();
  });

  it('calls started within the same millisecond (Postgres keeps microseconds) are not skipped by paging', async () => {
    const owner = await newOwner();
    const inserted = await insertCalls(
      owner.userId,
      Array.from({ length: 5 }, () => ({})),
    );
    await t.db.execute(
      sql`update ${calls} set started_at = '2026-05-01T12:00:00.123456Z' where restaurant_id = ${owner.userId}`,
    );
    const [a, b] = await insertCalls(owner.userId, [{}, {}]);
    await t.db.execute(sql`update ${calls} set started_at = '2026-05-01T12:00:00.123900Z' where id = ${a!.id}`);
    await t.db.execute(sql`update ${calls} set started_at = '2026-05-01T12:00:00.123100Z' where id = ${b!.id}`);

    const { seen } = await listAll(owner.cookie, 2);
    expect(seen).toHaveLength(7);
    expect(new Set(seen.map((c) => c.id))).toEqual(new Set([...inserted.map((c) => c.id), a!.id, b!.id]));
    expect(seen[0]!.id).toBe(a!.id);
    expect(seen.at(-1)!.id).toBe(b!.id);
  });

  it('is scoped to the signed-in owner: another restaurant’s call is neither listed nor found', async () => {
    const owner = await newOwner();
    const stranger = await newOwner();
    const [mine] = await insertCalls(owner.userId, [{ callerNumber: '+15551110000' }]);
    const [theirs] = await insertCalls(stranger.userId, [{ callerNumber: '+15552220000' }]);

    expect((await list(owner.cookie)).calls.map((c) => c.id)).toEqual([mine!.id]);
    expect((await list(stranger.cookie)).calls.map((c) => c.id)).toEqual([theirs!.id]);

    const foreign = await t.request(`/api/calls/${theirs!.id}`, { cookie: owner.cookie });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ error: 'Call not found' });
    // An id that exists nowhere answers the same.
    const missing = await t.request('/api/calls/00000000-0000-4000-8000-000000000000', { cookie: owner.cookie });
    expect(missing.status).toBe(404);

    // The other restaurant's cursor does not open its calls either.
    await insertCalls(stranger.userId, [{ startedAt: new Date(Date.now() - 60_000) }]);
    const strangerFirst = await list(stranger.cookie, { limit: 1 });
    expect(strangerFirst.nextCursor).not.toBeNull();
    const withTheirCursor = await list(owner.cookie, { cursor: strangerFirst.nextCursor! });
    expect(withTheirCursor.calls.map((c) => c.id)).toEqual([mine!.id]);
  });

  it('a bad limit, cursor or id is a 400 naming it', async () => {
    const owner = await newOwner();
    await expectBadRequest(await t.request('/api/calls?limit=0', { cookie: owner.cookie }), 'limit');
    await expectBadRequest(await t.request('/api/calls?limit=101', { cookie: owner.cookie }), 'limit');
    await expectBadRequest(await t.request('/api/calls?limit=ten', { cookie: owner.cookie }), 'limit');
    for (const cursor of ['not-a-cursor', Buffer.from('yesterday|abc').toString('base64url'), 'x'.repeat(201)]) {
      await expectBadRequest(
        await t.request(`/api/calls?cursor=${encodeURIComponent(cursor)}`, { cookie: owner.cookie }),
        'cursor',
      );
    }
    const tampered = Buffer.from(`2026-01-01T00:00:00.000Z|${'-'.repeat(36)}`).toString('base64url');
    await expectBadRequest(
      await t.request(`/api/calls?cursor=${tampered}`, { cookie: owner.cookie }),
      'cursor',
      'Not a valid page cursor',
    );
    await expectBadRequest(await t.request('/api/calls/not-a-uuid', { cookie: owner.cookie }), 'id', 'Not a call id');
  });
});
