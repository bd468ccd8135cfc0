import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { eventData, SseClient, type SseFrame } from '../../../tests/sse-client';
import type { Order, RealtimeEvent } from '@shared/contracts/orders';

type Owner = { cookie: string; userId: string };

describe('live order events over SSE', () => {
  let t: TestApp;
  let emailCounter = 0;
  const open: SseClient[] = [];

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
  });
  afterAll(() => t.close());

  const newOwner = (): Promise<Owner> => t.signUp({ email: `live${++emailCounter}@example.com` });

  /** Opens the owner's stream and reads past the opening 'ready' frame. */
  async function connect(owner: Owner, { lastEventId, query = '' }: { lastEventId?: number; query?: string } = {}) {
    const headers: Record<string, string> = {};
    if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
    const response = await t.request(`/api/events${query}`, { cookie: owner.cookie, headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const client = new SseClient(response);
    open.push(client);
    const ready = await client.next();
    expect(ready).toMatchObject({ event: 'ready', data: '{}', retry: 3000, id: undefined });
    return client;
  }

  async function createOrder(owner: Owner) {
    const response = await t.request('/api/orders/test', { method: 'POST', cookie: owner.cookie, json: {} });
    expect(response.status).toBe(201);
    return ((await response.json()) as { order: Order }).order;
  }

  const act = (owner: Owner, id: string, action: string, json: unknown = {}) =>
    t.request(`/api/orders/${id}/${action}`, { method: 'POST', cookie: owner.cookie, json });

  const idOf = (frame: SseFrame) => Number(frame.id);

  /**
   * Makes one more change (a new test order) and expects it as the very next frame on each stream. This process
   * writes what it delivers to a stream in order, so anything else sent before that change would come first.
   */
  async function expectNothingMore(owner: Owner, ...streams: SseClient[]) {
    const order = await createOrder(owner);
    for (const stream of streams) {
      expect(eventData<RealtimeEvent>(await stream.next())).toMatchObject({
        type: 'order.created',
        order: { id: order.id },
      });
    }
  }

  it('refuses a stream with no session', async () => {
    const response = await t.request('/api/events');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Not signed in' });
  });

  it('each change arrives once, as it happens, with an increasing id', async () => {
    const owner = await newOwner();
    const live = await connect(owner);

    const order = await createOrder(owner);
    const created = await live.next();
    expect(created.event).toBe('message');
    expect(created.id).toMatch(/^\d+$/);
    expect(eventData<RealtimeEvent>(created)).toMatchObject({
      type: 'order.created',
      order: { id: order.id, status: 'new', item: order.item },
    });

    expect((await act(owner, order.id, 'prep-time', { minutes: 20 })).status).toBe(200);
    const updated = await live.next();
    expect(idOf(updated)).toBeGreaterThan(idOf(created));
    expect(eventData<RealtimeEvent>(updated)).toMatchObject({
      type: 'order.updated',
      order: { id: order.id, status: 'preparing', readyInMinutes: 20 },
    });

    // A refused change (409) publishes nothing; the next event is the next real change.
    expect((await act(owner, order.id, 'prep-time', { minutes: 10 })).status).toBe(409);
    expect(
      (
        await t.request('/api/restaurant/busy-mode', {
          method: 'PUT',
          cookie: owner.cookie,
          json: { isBusyMode: true },
        })
      ).status,
    ).toBe(200);
    const busy = await live.next();
    expect(idOf(busy)).toBeGreaterThan(idOf(updated));
    expect(eventData(busy)).toEqual({ type: 'restaurant.updated', isBusyMode: true });

    // Each change was delivered once. (That this holds with the database's NOTIFY carrying every event back to this
    // process too is tested on PostgreSQL, in two-instances.pg.int.test.ts: PGlite has no NOTIFY between processes.)
    await expectNothingMore(owner, live);
  });

  it('an owner never receives another owner’s events', async () => {
    const ann = await newOwner();
    const bob = await newOwner();
    const annLive = await connect(ann);
    const bobLive = await connect(bob);

    const bobOrder = await createOrder(bob);
    expect(eventData<RealtimeEvent>(await bobLive.next())).toMatchObject({
      type: 'order.created',
      order: { id: bobOrder.id },
    });
    await act(bob, bobOrder.id, 'prep-time', { minutes: 15 });
    await bobLive.next();
    await t.request('/api/restaurant/busy-mode', { method: 'PUT', cookie: bob.cookie, json: { isBusyMode: true } });
    await bobLive.next();

    const annOrder = await createOrder(ann);
    const annFirst = await annLive.next();
    expect(eventData<RealtimeEvent>(annFirst)).toMatchObject({ type: 'order.created', order: { id: annOrder.id } });

    // Nor on reconnect: the backlog is the owner's own, whatever ids lie in between. Up to Ann's next change, each of
    // her streams holds nothing else: the reconnected one her backlog (her one order) and then that change.
    const annAgain = await connect(ann, { lastEventId: 1 });
    const annNext = await createOrder(ann);
    expect((await annAgain.take(2)).map((f) => eventData<RealtimeEvent>(f))).toEqual([
      expect.objectContaining({ type: 'order.created', order: expect.objectContaining({ id: annOrder.id }) as Order }),
      expect.objectContaining({ type: 'order.created', order: expect.objectContaining({ id: annNext.id }) as Order }),
    ]);
    expect(eventData<RealtimeEvent>(await annLive.next())).toMatchObject({
      type: 'order.created',
      order: { id: annNext.id },
    });
  });

  it('a reconnect with Last-Event-ID gets exactly what it missed, in order, then live events', async () => {
    const owner = await newOwner();
    const other = await newOwner();
    const first = await connect(owner);

    const orders: Order[] = [];
    for (let i = 0; i < 3; i++) orders.push(await createOrder(owner));
    const seen = await first.take(3);
    expect(seen.map((f) => eventData<{ order: Order }>(f).order.id)).toEqual(orders.map((o) => o.id));
    const lastSeen = idOf(seen[1]!); // the dashboard saw two events, then its connection dropped
    await first.close();

    // While it is away: two changes of its own, and someone else's in between.
    await act(owner, orders[0]!.id, 'prep-time', { minutes: 10 });
    await createOrder(other);
    const fifth = await createOrder(owner);

    const again = await connect(owner, { lastEventId: lastSeen });
    const missed = await again.take(3);
    expect(missed.map(idOf)).toEqual([...missed.map(idOf)].sort((a, b) => a - b));
    expect(idOf(missed[0]!)).toBeGreaterThan(lastSeen);
    expect(missed.map((f) => eventData<RealtimeEvent>(f))).toEqual([
      expect.objectContaining({
        type: 'order.created',
        order: expect.objectContaining({ id: orders[2]!.id }) as Order,
      }),
      expect.objectContaining({
        type: 'order.updated',
        order: expect.objectContaining({ id: orders[0]!.id, status: 'preparing' }) as Order,
      }),
      expect.objectContaining({ type: 'order.created', order: expect.objectContaining({ id: fifth.id }) as Order }),
    ]);
    expect(idOf(missed[0]!)).toBe(idOf(seen[2]!));

    // Then it is live again, with nothing repeated.
    const sixth = await createOrder(owner);
    const next = await again.next();
    expect(idOf(next)).toBeGreaterThan(idOf(missed[2]!));
    expect(eventData<RealtimeEvent>(next)).toMatchObject({ type: 'order.created', order: { id: sixth.id } });

    // The id can also come as a query parameter; a reconnect from the newest id has nothing to catch up on.
    const byQuery = await connect(owner, { query: `?lastEventId=${idOf(missed[1]!)}` });
    expect((await byQuery.take(2)).map(idOf)).toEqual([idOf(missed[2]!), idOf(next)]);
    const upToDate = await connect(owner, { lastEventId: idOf(next) });
    // Nonsense is treated as no Last-Event-ID at all.
    const nonsense = await connect(owner, { query: '?lastEventId=banana' });
    // Beyond the frames above, each stream's next frame is the next change.
    await expectNothingMore(owner, again, byQuery, upToDate, nonsense);
  });

  it('a change made while the backlog is being read is neither lost nor repeated', async () => {
    const owner = await newOwner();
    const live = await connect(owner);
    await createOrder(owner);
    const before = idOf(await live.next());
    await live.close();
    const created: Order[] = [];
    for (let i = 0; i < 5; i++) created.push(await createOrder(owner));

    // While the reconnecting stream reads its backlog, two changes are made: one just before the read (so it is in
    // the backlog and also handed to the stream live) and one just after it (handed to the stream live only).
    const readBacklog = t.hub.backlog.bind(t.hub);
    const backlog = vi.spyOn(t.hub, 'backlog').mockImplementationOnce(async (...args) => {
      created.push(await createOrder(owner));
      const events = await readBacklog(...args);
      created.push(await createOrder(owner));
      return events;
    });
    try {
      const response = await t.request('/api/events', {
        cookie: owner.cookie,
        headers: { 'last-event-id': String(before) },
      });
      const again = new SseClient(response);
      open.push(again);
      expect((await again.next()).event).toBe('ready');
      const frames = await again.take(7);
      expect(backlog).toHaveBeenCalledTimes(1);
      const ids = frames.map(idOf);
      expect(new Set(ids).size).toBe(7);
      expect(Math.min(...ids)).toBeGreaterThan(before);
      expect(frames.map((f) => eventData<{ order: Order }>(f).order.id)).toEqual(created.map((o) => o.id));
      await expectNothingMore(owner, again);
    } finally {
      backlog.mockRestore();
    }
  });

  it('the connection count drops when a dashboard goes away', async () => {
    const owner = await newOwner();
    const baseline = t.hub.connectionCount();
    const one = await connect(owner);
    const two = await connect(owner);
    expect(t.hub.connectionCount()).toBe(baseline + 2);

    await one.close();
    await expect.poll(() => t.hub.connectionCount(), { timeout: 5_000 }).toBe(baseline + 1);

    // The remaining dashboard still gets events.
    const order = await createOrder(owner);
    expect(eventData<RealtimeEvent>(await two.next())).toMatchObject({ order: { id: order.id } });

    await two.close();
    await expect.poll(() => t.hub.connectionCount(), { timeout: 5_000 }).toBe(baseline);
  });
});
