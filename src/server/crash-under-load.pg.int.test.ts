/**
 * "A crash loses nothing that was acknowledged, and no customer is texted twice." Two real server processes
 * (tests/crash-server.ts: the product as src/server/index.ts starts it, texting through the Twilio provider to a fake
 * api.twilio.com kept in files) on one PostgreSQL database, under a bounded load of phone orders (Vapi tool calls),
 * test orders and status changes. Each process in turn is killed with SIGKILL mid-load and started again: the first
 * just after Twilio accepted a text from it that it never heard back about, the second at whatever moment. Then:
 * every order and status change that got a 2xx answer is in the database and on the dashboard's list, every text
 * the orders' history calls for exists once and went out, and the fake Twilio account holds each phone order's texts
 * exactly once: none sent twice by the process that took over a dead one's send, none lost.
 * Only meaningful on a real PostgreSQL server, so it runs in the integration:postgres project only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ListOrdersResponse, Order } from '@shared/contracts/orders';
import { ORDER_STATUSES, type OrderStatus } from '@shared/domain/orders';
import type { NotificationKind } from '@shared/domain/notifications';
import { createTestDatabase } from '../../tests/test-database';
import { assistantRequest, toolCalls, vapiCall } from '../../tests/vapi-payloads';
import { holdFile, messageLog, readTwilioLookups, type AcceptedMessage } from '../../tests/file-twilio-api';
import type { DatabaseHandle } from './db/client';
import { calls, notifications, orders } from './db/schema';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The children's APP_URL: the app's own origin, which the cross-origin wall lets write. */
const ORIGIN = 'http://localhost:3000';
const WEBHOOK_SECRET = 'crash-test-vapi-webhook-secret-0123456789';
/**
 * The children's sending lease. Far longer than a send to the fake takes, so a live send is never retaken; short, so
 * a process restarted once it has run out takes over at start-up what the dead one left mid-send.
 */
const CHILD_SENDING_LEASE_MS = 4_000;
/** Clients sending at once, each pausing between requests: a bounded load that a shared CI machine keeps up with. */
const CONCURRENCY = 6;
const PAUSE_BETWEEN_REQUESTS_MS = 15;
const LOAD_BEFORE_FIRST_KILL_MS = 2_500;
const LOAD_AFTER_RESTART_MS = 1_500;
const REQUEST_TIMEOUT_MS = 10_000;
const DRAIN_TIMEOUT_MS = 30_000;

/** What each move asks of the API, from the status the order is in. */
const MOVES = {
  new: { to: 'preparing', path: (id: string) => `/api/orders/${id}/prep-time`, json: { minutes: 15 } },
  preparing: { to: 'ready', path: (id: string) => `/api/orders/${id}/ready`, json: {} },
  ready: { to: 'completed', path: (id: string) => `/api/orders/${id}/complete`, json: {} },
} as const satisfies Partial<Record<OrderStatus, { to: OrderStatus; path: (id: string) => string; json: unknown }>>;
type MovableStatus = keyof typeof MOVES;
const isMovable = (status: OrderStatus): status is MovableStatus => status in MOVES;
const rank = (status: OrderStatus) => ORDER_STATUSES.indexOf(status);

describe('server processes killed with SIGKILL under load, on PostgreSQL', () => {
  let database: DatabaseHandle;
  let dir: string;
  const running = new Set<ServerProcess>();
  let load: Load | undefined;

  beforeAll(async () => {
    // Migrated here, so the children start on a ready database (as a deployment's second instance does).
    database = await createTestDatabase();
    dir = mkdtempSync(path.join(tmpdir(), 'pickupline-crash-load-'));
  });
  afterAll(async () => {
    load?.stop();
    await Promise.all([...running].map((server) => server.stop()));
    await database?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  function launch(name: string) {
    const server = launchServer(name, {
      DATABASE_URL: database.url!,
      DATA_DIR: dir,
      CRASH_DIR: dir,
      CRASH_SENDING_LEASE_MS: String(CHILD_SENDING_LEASE_MS),
      VAPI_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
    running.add(server);
    return server;
  }

  /**
   * Lets `victim` go on until Twilio has accepted a text from it that it never hears back about: killed then, it
   * dies in the one moment that neither sending again nor giving up can get right without asking Twilio.
   */
  async function untilMidSend(victim: ServerProcess) {
    const accepted = messageLog(dir);
    writeFileSync(holdFile(dir, victim.pid), '');
    const before = accepted().length;
    return vi.waitFor(
      () => {
        const held = accepted()
          .slice(before)
          .filter((a) => a.sender === victim.pid);
        if (held.length === 0) throw new Error(`Twilio has accepted no text from ${victim.name} yet`);
        return held;
      },
      { timeout: 15_000, interval: 5 },
    );
  }

  it('keeps every acknowledged order and status change, and sends every customer text exactly once', async () => {
    const timer = stopwatch();
    // The replacements load their code now, beside the first two: on a busy machine loading takes many seconds, and
    // it is not what a restart puts to the test. Each starts its runtime only once its predecessor is dead.
    const [a, b, a2, b2] = [launch('A'), launch('B'), launch('A2'), launch('B2')];
    // Up one after the other, as a deployment's instances come up.
    await a.start();
    await b.start();
    const fleet: (ServerProcess | null)[] = [a, b];
    timer.lap('start');
    const restaurant = await setUpRestaurant(a);
    timer.lap('set-up');
    load = new Load(fleet, restaurant, database);
    const loadDone = load.start();

    const kills: string[] = [];
    const heldTexts: AcceptedMessage[] = [];
    /**
     * SIGKILL while the other process keeps serving. The replacement starts once the sending lease has run out, so
     * its start-up sweep takes over what the dead one left mid-send (started sooner, it would leave that to the sweep
     * that runs every 30 seconds).
     */
    async function crashAndRestart(index: number, replacement: ServerProcess, { midSend }: { midSend: boolean }) {
      const victim = fleet[index]!;
      const held = midSend ? await untilMidSend(victim) : [];
      fleet[index] = null;
      await victim.kill();
      running.delete(victim);
      const killedAt = Date.now();
      const sendingAtKill = await idsSending();
      heldTexts.push(...held);
      timer.lap(`until ${victim.name} killed`);
      await sleep(killedAt + CHILD_SENDING_LEASE_MS + 500 - Date.now());
      // The survivor's sends finish within milliseconds: what is still 'sending' is what the dead process left.
      const stillSending = (await idsSending()).filter((id) => sendingAtKill.includes(id));
      kills.push(
        `${victim.name}: left ${stillSending.length} texts 'sending'` +
          (midSend ? `, ${held.length} of them accepted by Twilio but not answered` : ''),
      );
      await replacement.start();
      fleet[index] = replacement;
      timer.lap(`${replacement.name} started`);
    }

    async function idsSending() {
      const rows = await database.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(eq(notifications.status, 'sending'));
      return rows.map((r) => r.id);
    }

    await sleep(LOAD_BEFORE_FIRST_KILL_MS);
    await crashAndRestart(0, a2, { midSend: true });
    await sleep(LOAD_AFTER_RESTART_MS);
    // The second kill comes at whatever moment it comes.
    await crashAndRestart(1, b2, { midSend: false });
    await sleep(LOAD_AFTER_RESTART_MS);
    load.stop();
    await loadDone;
    timer.lap('load');

    // Every text leaves the outbox: sent, or taken over from a dead process and then sent or found already sent.
    await vi.waitFor(
      async () => {
        const [pending] = await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(notifications)
          .where(inArray(notifications.status, ['queued', 'sending']));
        if (pending!.n > 0) throw new Error(`${pending!.n} texts still queued or sending`);
      },
      { timeout: DRAIN_TIMEOUT_MS, interval: 200 },
    );
    timer.lap('drain');

    // Acknowledged orders: in the database, and on the dashboard's list (through the API of a restarted process).
    const phoneOrderIds = await orderIdsOfCalls(database, load.acknowledgedCalls);
    const acknowledgedOrderIds = [...phoneOrderIds.values(), ...load.acknowledgedTestOrders];
    const acknowledgedOrders = load.acknowledgedCalls.length + load.acknowledgedTestOrders.length;
    const storedOrders = await database.db.select().from(orders).where(eq(orders.userId, restaurant.userId));
    const stored = new Map(storedOrders.map((o) => [o.id, o]));
    const listed = await listAllOrders(fleet[1]!, restaurant.cookie);
    const missingCalls = load.acknowledgedCalls.filter((callId) => !phoneOrderIds.has(callId));
    const missingOrders = acknowledgedOrderIds.filter((id) => !stored.has(id) || !listed.has(id));

    // Acknowledged status changes: the order is at that status or further along, in the database and on the list.
    const missingChanges = load.acknowledgedChanges.filter(({ orderId, status }) => {
      const inDatabase = stored.get(orderId)?.status;
      const onList = listed.get(orderId)?.status;
      return !inDatabase || !onList || rank(inDatabase) < rank(status) || rank(onList) < rank(status);
    });

    // The texts each stored order's history calls for (automatic texts are on), and the ones in the outbox.
    const texts = await database.db
      .select()
      .from(notifications)
      .where(eq(notifications.restaurantId, restaurant.userId));
    const textKey = (orderId: string, kind: NotificationKind) => `${orderId} ${kind}`;
    const expectedTexts = new Set(storedOrders.flatMap((o) => textsFor(o).map((kind) => textKey(o.id, kind))));
    const outboxTexts = new Set(texts.map((n) => textKey(n.orderId, n.kind)));
    const lostTexts = [...expectedTexts].filter((key) => !outboxTexts.has(key));
    const unexpectedTexts = [...outboxTexts].filter((key) => !expectedTexts.has(key));
    const unsent = texts.filter((n) => n.status !== 'sent' && n.status !== 'delivered');

    // The fake Twilio account: each phone order's text once, under the message id the outbox recorded for it.
    const messages = messageLog(dir)().map((a) => a.message);
    const byText = new Map<string, typeof messages>();
    for (const m of messages) byText.set(`${m.to} ${m.body}`, [...(byText.get(`${m.to} ${m.body}`) ?? []), m]);
    const twilioTexts = texts.filter((n) => n.provider === 'twilio');
    const neverSent = twilioTexts.filter((n) => !byText.has(`${n.to} ${n.body}`));
    const sentTwice = [...byText.values()].filter((copies) => copies.length > 1);
    const twilioKeys = new Set(twilioTexts.map((n) => `${n.to} ${n.body}`));
    const strangers = messages.filter((m) => !twilioKeys.has(`${m.to} ${m.body}`));
    const wrongIds = twilioTexts.filter((n) => byText.get(`${n.to} ${n.body}`)?.[0]?.sid !== n.providerMessageId);

    // Texts a restarted process took over from a dead one (a second attempt), and those Twilio already had.
    const lookedUp = new Set(readTwilioLookups(dir).flatMap((lookup) => lookup.sids));
    const takenOver = texts.filter((n) => n.attempts > 1);
    const twilioTakenOver = takenOver.filter((n) => n.provider === 'twilio');
    const foundAlreadySent = twilioTakenOver.filter((n) => n.providerMessageId && lookedUp.has(n.providerMessageId));
    // The texts A died waiting to hear back about: each taken over, found at Twilio, and recorded as that message.
    const heldNotFound = heldTexts
      .map((held) => held.message)
      .filter((m) => !foundAlreadySent.some((n) => n.providerMessageId === m.sid));

    const counts = {
      kills,
      requests: load.requests,
      cutByKill: load.cut,
      acknowledgedOrders: `${acknowledgedOrders} (phone ${load.acknowledgedCalls.length}, test ${load.acknowledgedTestOrders.length}) / found ${acknowledgedOrders - missingCalls.length - missingOrders.length}`,
      acknowledgedStatusChanges: `${load.acknowledgedChanges.length} / found ${load.acknowledgedChanges.length - missingChanges.length}`,
      ordersStoredIncludingCutRequests: storedOrders.length,
      textsExpected: `${expectedTexts.size} (Twilio ${twilioTexts.length}, local outbox ${texts.length - twilioTexts.length})`,
      twilioRecorded: `${messages.length} messages, ${byText.size} distinct texts, ${sentTwice.length} sent twice, ${neverSent.length} never sent`,
      takenOverAfterCrash: `${takenOver.length} (through Twilio ${twilioTakenOver.length}, of which Twilio already had ${foundAlreadySent.length})`,
      seconds: timer.laps(),
    };
    console.info(`crash under load: ${JSON.stringify(counts, null, 2)}`);

    expect(load.unexpected, 'answers other than 2xx, 409 or a cut connection').toEqual([]);
    // A load worth the name: both kinds of order and every move were acknowledged, before and after the kills.
    expect(load.acknowledgedCalls.length).toBeGreaterThan(20);
    expect(load.acknowledgedTestOrders.length).toBeGreaterThan(10);
    expect(new Set(load.acknowledgedChanges.map((c) => c.status))).toEqual(
      new Set(['preparing', 'ready', 'completed']),
    );
    expect(load.missingDuringLoad).toEqual([]);
    expect(missingCalls).toEqual([]);
    expect(missingOrders).toEqual([]);
    expect(missingChanges).toEqual([]);
    expect(lostTexts).toEqual([]);
    expect(unexpectedTexts).toEqual([]);
    expect(unsent.map((n) => [n.kind, n.status, n.lastError])).toEqual([]);
    expect(neverSent.map((n) => n.body)).toEqual([]);
    expect(sentTwice.map((copies) => copies[0]!.body)).toEqual([]);
    expect(strangers.map((m) => m.body)).toEqual([]);
    expect(wrongIds.map((n) => n.body)).toEqual([]);
    expect(heldTexts.length).toBeGreaterThan(0);
    expect(heldNotFound.map((m) => m.body)).toEqual([]);
    // Phone orders texted through Twilio, test orders stayed in the local outbox.
    expect(twilioTexts.length).toBeGreaterThan(20);
    expect(texts.length).toBeGreaterThan(twilioTexts.length);
  }, 110_000);
});

/** Seconds spent in each phase, for the closing note. */
function stopwatch() {
  let last = Date.now();
  const laps: string[] = [];
  return {
    lap(name: string) {
      const now = Date.now();
      laps.push(`${name} ${((now - last) / 1000).toFixed(1)}`);
      last = now;
    },
    laps: () => laps.join(', '),
  };
}

/** The texts an order's history calls for: its confirmation (phone orders), then one per step into the kitchen. */
function textsFor(order: { source: string; status: OrderStatus }): NotificationKind[] {
  const kinds: NotificationKind[] = order.source === 'phone' ? ['confirmed'] : [];
  if (rank(order.status) >= rank('preparing')) kinds.push('preparing');
  if (rank(order.status) >= rank('ready')) kinds.push('ready');
  return kinds;
}

async function orderIdsOfCalls(database: DatabaseHandle, providerCallIds: string[]) {
  if (providerCallIds.length === 0) return new Map<string, string>();
  const rows = await database.db
    .select({ providerCallId: calls.providerCallId, orderId: calls.orderId })
    .from(calls)
    .where(inArray(calls.providerCallId, providerCallIds));
  return new Map(rows.flatMap((r) => (r.orderId ? [[r.providerCallId, r.orderId] as const] : [])));
}

/** Every order on the dashboard's list, earlier days included, page by page. */
async function listAllOrders(server: ServerProcess, cookie: string) {
  const found = new Map<string, Order>();
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ filter: 'all', includeEarlier: 'true', limit: '200' });
    if (cursor) query.set('cursor', cursor);
    const response = await fetch(`${server.url}/api/orders?${query.toString()}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const page = (await response.json()) as ListOrdersResponse;
    for (const order of page.orders) found.set(order.id, order);
    cursor = page.nextCursor;
  } while (cursor);
  return found;
}

// ---------------------------------------------------------------------------------------------------------------
// The load

interface Restaurant {
  cookie: string;
  userId: string;
  /** The restaurant's number, which Vapi calls come in on. */
  number: string;
}

interface Answer {
  status: number;
  text: string;
}

/**
 * CONCURRENCY clients, each sending one request at a time to a running process (in turn): a phone order, a test
 * order, or the next move of an acknowledged order. Only a 2xx answer counts as acknowledged; a request whose
 * process was killed under it gets no answer, and may or may not have happened.
 */
class Load {
  readonly acknowledgedCalls: string[] = [];
  readonly acknowledgedTestOrders: string[] = [];
  readonly acknowledgedChanges: { orderId: string; status: OrderStatus }[] = [];
  /** Acknowledged phone orders whose call had no order right after the answer. */
  readonly missingDuringLoad: string[] = [];
  readonly unexpected: string[] = [];
  requests = 0;
  cut = 0;
  private stopped = false;
  private turn = 0;
  private callerSeq = 0;
  /** Acknowledged orders not finished yet, each moved by one client at a time. */
  private readonly movable: { id: string; status: MovableStatus }[] = [];
  /** Orders a move of which went unanswered: only their next move may find them moved already (409). */
  private readonly cutMoves = new Set<string>();

  constructor(
    private readonly fleet: (ServerProcess | null)[],
    private readonly restaurant: Restaurant,
    private readonly database: DatabaseHandle,
  ) {}

  async start() {
    await Promise.all(Array.from({ length: CONCURRENCY }, () => this.client()));
  }

  stop() {
    this.stopped = true;
  }

  private async client() {
    while (!this.stopped) {
      const server = this.nextServer();
      try {
        if (server) await this.oneRequest(server);
      } catch (error) {
        this.unexpected.push(`client: ${error instanceof Error ? error.message : String(error)}`);
      }
      await sleep(PAUSE_BETWEEN_REQUESTS_MS);
    }
  }

  private oneRequest(server: ServerProcess) {
    const order = this.movable.length > 0 && Math.random() < 0.5 ? this.movable.shift() : undefined;
    if (order) return this.move(server, order);
    return Math.random() < 0.65 ? this.phoneOrder(server) : this.testOrder(server);
  }

  private nextServer() {
    const up = this.fleet.filter((s): s is ServerProcess => s !== null);
    return up.length === 0 ? null : up[this.turn++ % up.length]!;
  }

  private async post(server: ServerProcess, pathname: string, json: unknown, headers: Record<string, string>) {
    this.requests++;
    try {
      const response = await fetch(`${server.url}${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(json),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      return { status: response.status, text: await response.text() } satisfies Answer;
    } catch {
      this.cut++;
      return null;
    }
  }

  private owner(server: ServerProcess, pathname: string, json: unknown) {
    return this.post(server, pathname, json, { origin: ORIGIN, cookie: this.restaurant.cookie });
  }

  private refused(what: string, answer: Answer) {
    this.unexpected.push(`${what}: HTTP ${answer.status} ${answer.text.slice(0, 200)}`);
  }

  private async phoneOrder(server: ServerProcess) {
    const seq = this.callerSeq++;
    // A caller of its own for each order (+1 AAA 555-01NN, numbers kept for fiction), as customers are.
    const caller = `+1${201 + Math.floor(seq / 100)}55501${String(seq % 100).padStart(2, '0')}`;
    const call = vapiCall({ number: this.restaurant.number, phoneNumberId: randomUUID(), caller });
    // The call begins with its assistant-request; a call whose beginning was cut off never reaches its order.
    const begun = await this.post(server, '/api/webhooks/vapi', assistantRequest(call), {
      'x-vapi-secret': WEBHOOK_SECRET,
    });
    if (!begun) return;
    if (begun.status !== 200) return this.refused('assistant-request', begun);
    const { body } = toolCalls(call, [
      {
        name: 'place_order',
        args: {
          customer_name: `Caller ${seq}`,
          items: [
            { name: 'Margherita Pizza', quantity: 1 + (seq % 2) },
            { name: 'Garlic Knots', quantity: 1 },
          ],
        },
      },
    ]);
    const answer = await this.post(server, '/api/webhooks/vapi', body, { 'x-vapi-secret': WEBHOOK_SECRET });
    if (!answer) return;
    const result = answer.status === 200 ? (JSON.parse(answer.text) as { results: { result?: string }[] }) : null;
    if (!result?.results[0]?.result?.includes('Your order is placed')) return this.refused('place_order', answer);
    this.acknowledgedCalls.push(call.callId);
    const [row] = await this.database.db
      .select({ orderId: calls.orderId })
      .from(calls)
      .where(eq(calls.providerCallId, call.callId));
    if (row?.orderId) this.movable.push({ id: row.orderId, status: 'new' });
    else this.missingDuringLoad.push(call.callId);
  }

  private async testOrder(server: ServerProcess) {
    const answer = await this.owner(server, '/api/orders/test', {});
    if (!answer) return;
    if (answer.status !== 201) return this.refused('test order', answer);
    const { order } = JSON.parse(answer.text) as { order: Order };
    this.acknowledgedTestOrders.push(order.id);
    this.movable.push({ id: order.id, status: 'new' });
  }

  private async move(server: ServerProcess, order: { id: string; status: MovableStatus }) {
    const move = MOVES[order.status];
    const answer = await this.owner(server, move.path(order.id), move.json);
    let status: OrderStatus;
    if (answer?.status === 200) {
      this.acknowledgedChanges.push({ orderId: order.id, status: move.to });
      status = move.to;
    } else {
      // Cut by a kill (it may have happened) or 409 (an earlier cut one did): carry on from where the order is.
      if (!answer) this.cutMoves.add(order.id);
      else if (answer.status !== 409 || !this.cutMoves.has(order.id)) this.refused(`move to ${move.to}`, answer);
      const [row] = await this.database.db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, order.id));
      status = row!.status;
    }
    if (isMovable(status)) this.movable.push({ id: order.id, status });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Set-up through the product's API

/** A time zone where it is about noon now, so a restaurant open 00:00–23:59 every day is surely open. */
function noonTimeZone(now = new Date()): string {
  const offset = 12 - now.getUTCHours();
  if (offset === 0) return 'Etc/GMT';
  // Etc/GMT zones have the sign reversed: Etc/GMT-5 is five hours ahead of UTC.
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/** Sign-up and onboarding as the owner walks them, then the restaurant's number once it is active. */
async function setUpRestaurant(server: ServerProcess): Promise<Restaurant> {
  const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ name: 'Crash Owner', email: 'crash-load@example.com', password: 'secret123' }),
  });
  expect(signUp.status, await signUp.clone().text()).toBe(200);
  const cookie = signUp.headers
    .getSetCookie()
    .find((c) => c.startsWith('better-auth.session_token='))!
    .split(';')[0]!;
  const { user } = (await signUp.json()) as { user: { id: string } };

  const api = async (method: string, pathname: string, json?: unknown) => {
    const response = await fetch(`${server.url}${pathname}`, {
      method,
      headers: { cookie, origin: ORIGIN, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await response.text();
    expect(response.ok, `${method} ${pathname}: HTTP ${response.status} ${text}`).toBe(true);
    return JSON.parse(text) as unknown;
  };
  await api('PUT', '/api/restaurant', {
    restaurantName: "Luigi's Pizzeria",
    phoneNumber: '(415) 555-0100',
    address: '1 Market St, San Francisco',
    timezone: noonTimeZone(),
  });
  await api('POST', '/api/onboarding/step', { step: 2 });
  await api('PUT', '/api/restaurant/hours', {
    hours: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
      dayOfWeek,
      openTime: '00:00',
      closeTime: '23:59',
      isClosed: false,
    })),
  });
  await api('POST', '/api/onboarding/step', { step: 3 });
  await api('PUT', '/api/restaurant/bot', {
    language: 'en',
    greetingMessage: "Welcome to Luigi's! How can I help you today?",
    busyMessage: 'We are swamped right now, please call back in half an hour.',
  });
  await api('POST', '/api/onboarding/step', { step: 4 });
  for (const item of [
    { name: 'Margherita Pizza', priceCents: 1250 },
    { name: 'Garlic Knots', priceCents: 600 },
  ]) {
    await api('POST', '/api/menu-items', item);
  }
  await api('POST', '/api/onboarding/step', { step: 5 });
  await api('PUT', '/api/restaurant/preferences', { autoSmsEnabled: true });
  await api('POST', '/api/onboarding/step', { step: 6 });
  await api('POST', '/api/onboarding/complete', { requestNewNumber: true });

  const number = await vi.waitFor(
    async () => {
      const phone = (await api('GET', '/api/phone-system')) as { status: string; phoneNumber: string | null };
      if (phone.status !== 'active' || !phone.phoneNumber) throw new Error(`phone system ${phone.status}`);
      return phone.phoneNumber;
    },
    { timeout: 15_000, interval: 100 },
  );
  return { cookie, userId: user.id, number };
}

// ---------------------------------------------------------------------------------------------------------------
// Server processes

interface ServerProcess {
  name: string;
  pid: number;
  /** http://127.0.0.1:PORT, once started. */
  url: string;
  /** Starts the runtime in the loaded process and resolves once it listens. */
  start(): Promise<void>;
  /** SIGKILL: no handler runs, nothing is flushed; resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM, as a deployment stops an instance; SIGKILL if it has not gone after a few seconds. */
  stop(): Promise<void>;
}

const KEEP_OUTPUT_LINES = 40;
const START_TIMEOUT_MS = 60_000;

/** Runs `node --import tsx tests/crash-server.ts`, which loads its code and then waits for start() to go on. */
function launchServer(name: string, env: Record<string, string>): ServerProcess {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'tests/crash-server.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      APP_URL: ORIGIN,
      AUTH_SECRET: 'crash-test-processes-share-this-secret-0123',
      RUN_WORKERS: 'true',
      LOG_LEVEL: 'warn',
      // Six clients create hundreds of test orders for one owner in half a minute: far past the product's limit.
      TEST_ORDER_LIMIT: '100000/60',
      ...env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const output = () => lines.join('\n');
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const listening = new Promise<number>((resolve, reject) => {
    let partial = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      const split = (partial + chunk).split('\n');
      partial = split.pop()!;
      for (const line of split) {
        lines.push(line);
        if (lines.length > KEEP_OUTPUT_LINES) lines.shift();
        const port = /^\{"listening":(\d+)\}$/.exec(line)?.[1];
        if (port) resolve(Number(port));
      }
    });
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => lines.push(chunk));
    child.once('exit', (code, signal) => reject(new Error(`server ${name} exited (${code ?? signal}):\n${output()}`)));
  });
  // Only start() waits for it; a process killed before it listened must not be an unhandled rejection.
  listening.catch(() => undefined);

  const server: ServerProcess = {
    name,
    pid: child.pid!,
    url: '',
    async start() {
      child.stdin!.end('start\n');
      const port = await within(START_TIMEOUT_MS, listening);
      if (port === null) throw new Error(`server ${name} did not listen within ${START_TIMEOUT_MS} ms:\n${output()}`);
      server.url = `http://127.0.0.1:${port}`;
    },
    async kill() {
      if (!gone()) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (gone()) return;
      child.kill('SIGTERM');
      if (
        (await within(
          7_000,
          exited.then(() => true),
        )) === null
      ) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
  return server;
}

/** The promise's value, or null once `ms` have passed first. */
async function within<T>(ms: number, promise: Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
