/**
 * `npm run bench` part 3: Vapi's webhook (POST /api/webhooks/vapi) over real HTTP, on PGlite and on PostgreSQL,
 * beside a floor measured in the same run: a bare authenticated Hono JSON endpoint (bench/bare-webhook-server.ts).
 * Each server runs in a child process; this process is the client. The restaurant is set up through the product's
 * own API (sign-up, onboarding, a 30-item menu, a number from the local voice provider), then two scenarios run as
 * open-loop load, every request a new call:
 *   - assistant-request: the call comes in; the answer is the assistant built from the restaurant's settings;
 *   - tool-calls place_order: 2–3 menu items ordered on a call already announced by an (untimed) assistant-request.
 *
 * Env: BENCH_RATE (50 requests/s), BENCH_SECONDS (10, measured), BENCH_WARMUP_SECONDS (2),
 * BENCH_ONLY (comma list of floor, pglite, postgres; default all), BENCH_DATABASE_URL / TEST_DATABASE_URL (PostgreSQL server to create a throwaway database on),
 * BENCH_SMOKE=1 (5 requests/s for 1 s, no warm-up, no target judged).
 * Exit 0 when it ran (missed targets are reported as FAIL rows), 1 on any wrong, failed or missing answer.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { assistantRequest, toolCalls, vapiCall, type VapiCallFixture } from '../tests/vapi-payloads';
import { postJson, type HttpResult, type LoadShape } from './lib/load';
import { createThrowawayDatabase, probePostgres } from './lib/listen-notify';
import { runRequestLoad, type RequestLoadResult } from './lib/request-load';
import { signUpOwner, type Owner } from './lib/owner';
import { freePort, spawnServer, type SpawnedServer } from './lib/spawn-server';
import {
  createCleanups,
  describe,
  fullOrSmoke,
  logTo,
  machineFacts,
  numberFromEnv,
  percent,
  printTable,
  redactUrl,
  resultsPath,
  round2,
  smokeNote,
  verdict,
} from './lib/harness';
import { formatMs } from './lib/stats';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_FILE = resultsPath(ROOT, 'bench-voice.json');
const WEBHOOK_SECRET = `bench-vapi-${randomBytes(12).toString('hex')}`;
const TOOL_CALLS_P99_TARGET_MS = 50;
const ASSISTANT_P99_TARGET_MS = 100;
const GREETING = 'Welcome to Luigi’s Bench Trattoria! What can I get started for you?';
/** Assistant-requests sent at once while announcing the calls of the tool-calls scenario (untimed). */
const ANNOUNCE_CONCURRENCY = 4;

const shape: LoadShape = {
  rate: numberFromEnv('BENCH_RATE', fullOrSmoke(50, 5), 0.1),
  seconds: numberFromEnv('BENCH_SECONDS', fullOrSmoke(10, 1), 0.1),
  warmupSeconds: numberFromEnv('BENCH_WARMUP_SECONDS', fullOrSmoke(2, 0), 0),
};
const SCENARIOS = ['floor', 'pglite', 'postgres'] as const;
/** BENCH_ONLY=pglite runs a subset (while investigating); the real measurement is all of them. */
const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
for (const name of only) {
  if (!(SCENARIOS as readonly string[]).includes(name)) {
    throw new Error(`BENCH_ONLY: unknown scenario "${name}" (known: ${SCENARIOS.join(', ')})`);
  }
}
const runs = (scenario: (typeof SCENARIOS)[number]) => only.length === 0 || only.includes(scenario);
const totalRequests = Math.round(shape.rate * shape.warmupSeconds) + Math.round(shape.rate * shape.seconds);
const postgresAdminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Thirty dishes with prices in cents and prep minutes, as an Italian place might list them. */
const MENU: [name: string, priceCents: number, minutes: number][] = [
  ['Margherita Pizza', 1400, 15],
  ['Pepperoni Pizza', 1550, 15],
  ['Quattro Formaggi Pizza', 1650, 15],
  ['Diavola Pizza', 1600, 15],
  ['Marinara Pizza', 1200, 12],
  ['Capricciosa Pizza', 1700, 16],
  ['Prosciutto Pizza', 1750, 16],
  ['Garden Vegetable Pizza', 1500, 15],
  ['Spaghetti Carbonara', 1600, 14],
  ['Penne Arrabbiata', 1400, 12],
  ['Beef Lasagna', 1700, 20],
  ['Fettuccine Alfredo', 1550, 14],
  ['Gnocchi al Pesto', 1500, 12],
  ['Mushroom Risotto', 1800, 22],
  ['Ricotta Ravioli', 1650, 14],
  ['Linguine with Clams', 1900, 16],
  ['Chicken Parmigiana', 1950, 20],
  ['Eggplant Parmigiana', 1700, 20],
  ['Caesar Salad', 1100, 8],
  ['Caprese Salad', 1200, 8],
  ['Arugula Salad', 1000, 8],
  ['Minestrone Soup', 800, 6],
  ['Garlic Bread', 600, 8],
  ['Tomato Bruschetta', 800, 8],
  ['Fried Calamari', 1300, 12],
  ['Meatballs in Sugo', 1100, 10],
  ['Tiramisu', 850, 5],
  ['Panna Cotta', 800, 5],
  ['Cannoli', 700, 5],
  ['Lemon Sorbet', 600, 5],
];

/** Things to undo if we are interrupted or fail: child servers, temp dirs, the throwaway database. */
const log = logTo('bench:voice');
const { cleanups, runCleanups } = createCleanups(log);

/** Runs a child server on a free port (APP_URL set to it) and stops it afterwards, whatever happens. */
async function withServer<T>(
  options: { name: string; script: string; env: Record<string, string>; healthPath: string },
  use: (server: SpawnedServer, appUrl: string) => Promise<T>,
): Promise<T> {
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const server = await spawnServer({ ...options, env: { ...options.env, APP_URL: appUrl }, root: ROOT, port });
  const stop = () => server.stop();
  cleanups.add(stop);
  try {
    return await use(server, appUrl);
  } finally {
    cleanups.delete(stop);
    await server.stop();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Set-up through the product's API

async function callApi(
  server: SpawnedServer,
  appUrl: string,
  owner: Owner,
  method: string,
  route: string,
  body?: unknown,
) {
  const response = await fetch(`${server.url}${route}`, {
    method,
    // Same origin, as the browser sends it: the product refuses cross-origin writes.
    headers: {
      cookie: owner.cookie,
      origin: appUrl,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

/** A time zone where it is not 23:xx now: the restaurant is open 00:00–23:59, and the run must not cross 23:59. */
function pickTimeZone(): string {
  const candidates = ['America/Los_Angeles', 'America/New_York', 'Europe/London', 'Asia/Tokyo'];
  const hourIn = (timeZone: string) =>
    Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(new Date()));
  return candidates.find((zone) => hourIn(zone) !== 23) ?? candidates[0]!;
}

/** Onboarding as the owner walks it, one API call per step, then the restaurant's number once it is active. */
async function setUpRestaurant(server: SpawnedServer, appUrl: string): Promise<Owner & { number: string }> {
  const owner = await signUpOwner(server.url, appUrl, 'bench-voice');
  const api = (method: string, route: string, body?: unknown) => callApi(server, appUrl, owner, method, route, body);
  const timezone = pickTimeZone();
  await api('PUT', '/api/restaurant', {
    restaurantName: 'Luigi’s Bench Trattoria',
    phoneNumber: '(415) 555-0100',
    address: '1 Market Street, San Francisco, CA 94105',
    timezone,
  });
  await api('POST', '/api/onboarding/step', { step: 2 });
  await api('PUT', '/api/restaurant/hours', {
    hours: Array.from({ length: 7 }, (_, dayOfWeek) => ({
      dayOfWeek,
      openTime: '00:00',
      closeTime: '23:59',
      isClosed: false,
    })),
  });
  await api('POST', '/api/onboarding/step', { step: 3 });
  await api('PUT', '/api/restaurant/bot', {
    language: 'en',
    greetingMessage: GREETING,
    busyMessage: 'We are very busy right now, please call again in a few minutes.',
  });
  await api('POST', '/api/onboarding/step', { step: 4 });
  for (const [name, priceCents, preparationTime] of MENU) {
    await api('POST', '/api/menu-items', { name, priceCents, preparationTime, description: `House ${name}` });
  }
  await api('POST', '/api/onboarding/step', { step: 5 });
  await api('PUT', '/api/restaurant/preferences', { autoSmsEnabled: true });
  await api('POST', '/api/onboarding/step', { step: 6 });
  await api('POST', '/api/onboarding/complete', { requestNewNumber: true });

  const deadline = Date.now() + 60_000;
  for (;;) {
    const phone = (await api('GET', '/api/phone-system')) as {
      status: string;
      phoneNumber: string | null;
      error: string | null;
    };
    if (phone.status === 'active' && phone.phoneNumber) {
      log(`restaurant set up: ${MENU.length} menu items, time zone ${timezone}, number ${phone.phoneNumber}`);
      return { ...owner, number: phone.phoneNumber };
    }
    if (phone.status === 'failed') throw new Error(`phone system set-up failed: ${phone.error}`);
    if (Date.now() > deadline) throw new Error(`phone system still "${phone.status}" after 60 s`);
    await sleep(100);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Payloads and answer checks

/** One fictional caller per call: +1 AAA 555-01NN. */
function callerFor(seq: number): string {
  return `+1${200 + (Math.floor(seq / 100) % 800)}55501${String(seq % 100).padStart(2, '0')}`;
}

function callsTo(number: string, phoneNumberId: string, count: number): VapiCallFixture[] {
  const createdAt = new Date().toISOString();
  return Array.from({ length: count }, (_, seq) =>
    vapiCall({ number, phoneNumberId, caller: callerFor(seq), createdAt }),
  );
}

/** 2 or 3 different dishes, 1 or 2 of each, varying with seq. */
function orderFor(seq: number) {
  const lines = 2 + (seq % 2);
  const items = Array.from({ length: lines }, (_, i) => ({
    name: MENU[(seq * 7 + i * 11) % MENU.length]![0],
    quantity: 1 + ((seq + i) % 2),
  }));
  return { customer_name: `Caller ${seq}`, items };
}

function parse(response: HttpResult): { ok: true; json: unknown } | { ok: false; problem: string } {
  if (response.status !== 200) return { ok: false, problem: `HTTP ${response.status} ${response.body.slice(0, 200)}` };
  try {
    return { ok: true, json: JSON.parse(response.body) as unknown };
  } catch {
    return { ok: false, problem: `not JSON: ${response.body.slice(0, 200)}` };
  }
}

/** The restaurant's own assistant (not the "not in service" one), greeting first. */
function checkAssistant(response: HttpResult, restaurantId: string): string | null {
  const parsed = parse(response);
  if (!parsed.ok) return parsed.problem;
  const assistant = (parsed.json as { assistant?: Record<string, unknown> }).assistant;
  const metadata = assistant?.metadata as { restaurantId?: unknown } | undefined;
  if (metadata?.restaurantId !== restaurantId) return `not this restaurant's assistant: ${response.body.slice(0, 200)}`;
  if (typeof assistant?.firstMessage !== 'string' || !assistant.firstMessage.startsWith(GREETING)) {
    return `unexpected first message: ${String(assistant?.firstMessage).slice(0, 200)}`;
  }
  return null;
}

/** One result for the one tool call, with its id, saying the order is placed. */
function checkPlaceOrder(response: HttpResult, toolCallId: string): string | null {
  const parsed = parse(response);
  if (!parsed.ok) return parsed.problem;
  const results = (parsed.json as { results?: unknown }).results;
  if (!Array.isArray(results) || results.length !== 1) return `expected one result: ${response.body.slice(0, 200)}`;
  const [result] = results as { toolCallId?: unknown; name?: unknown; result?: unknown; error?: unknown }[];
  if (result?.toolCallId !== toolCallId || result.name !== 'place_order') {
    return `wrong tool call in the answer: ${response.body.slice(0, 200)}`;
  }
  if (typeof result.result !== 'string' || !result.result.includes('Your order is placed')) {
    return `order not placed: ${response.body.slice(0, 200)}`;
  }
  return null;
}

function checkFloor(response: HttpResult): string | null {
  const parsed = parse(response);
  if (!parsed.ok) return parsed.problem;
  const body = parsed.json as { ok?: unknown; type?: unknown };
  return body.ok === true && body.type === 'tool-calls' ? null : `unexpected answer: ${response.body.slice(0, 200)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Scenarios

interface ScenarioResult extends RequestLoadResult {
  scenario: 'floor' | 'assistant-request' | 'tool-calls';
  engine: string;
  /** The untimed assistant-requests that announced the tool-calls scenario's calls; failures among them are errors. */
  announceErrors?: number;
}

const secretHeader = { 'x-vapi-secret': WEBHOOK_SECRET };

function floor(): Promise<ScenarioResult> {
  return withServer(
    {
      name: 'bare webhook',
      script: 'bench/bare-webhook-server.ts',
      env: { VAPI_WEBHOOK_SECRET: WEBHOOK_SECRET },
      healthPath: '/health',
    },
    async (server) => {
      // The larger of the two bodies (a place_order tool call), as realistic as the product's.
      const fixtures = callsTo('+14155550123', randomUUID(), totalRequests);
      const bodies = fixtures.map((call, seq) => toolCalls(call, [{ name: 'place_order', args: orderFor(seq) }]).body);
      const result = await runRequestLoad({
        ...shape,
        name: 'floor: bare authenticated Hono JSON',
        url: `${server.url}/webhook`,
        headers: secretHeader,
        body: (seq) => bodies[seq],
        check: (_seq, response) => checkFloor(response),
        serverCpuSeconds: () => server.cpuSeconds(),
      });
      return { ...result, scenario: 'floor', engine: '-' };
    },
  );
}

/** Sends `count` requests with at most `concurrency` in flight; returns the problems found. */
async function sendAll(
  count: number,
  concurrency: number,
  send: (seq: number) => Promise<string | null>,
): Promise<string[]> {
  const problems: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const seq = next++;
      const problem = await send(seq).catch((error: unknown) => describe(error));
      if (problem) problems.push(`call ${seq}: ${problem}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return problems;
}

async function productScenarios(engine: string, databaseEnv: Record<string, string>): Promise<ScenarioResult[]> {
  return withServer(
    {
      name: `product (${engine})`,
      script: 'src/server/index.ts',
      env: {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        AUTH_SECRET: 'pickupline-bench-secret-0123456789abcdef',
        LOGIN_RATE_LIMIT: '1000/60',
        LOG_LEVEL: 'warn',
        VAPI_WEBHOOK_SECRET: WEBHOOK_SECRET,
        ...databaseEnv,
      },
      healthPath: '/api/health',
    },
    async (server, appUrl) => {
      const restaurant = await setUpRestaurant(server, appUrl);
      const webhookUrl = `${server.url}/api/webhooks/vapi`;
      // The local provider gives no provider id for the number; Vapi would send one, so each call carries one.
      const phoneNumberId = randomUUID();
      const cpu = () => server.cpuSeconds();

      log(`${engine}: assistant-request …`);
      const incoming = callsTo(restaurant.number, phoneNumberId, totalRequests).map(assistantRequest);
      const assistant = await runRequestLoad({
        ...shape,
        name: `assistant-request (${engine})`,
        url: webhookUrl,
        headers: secretHeader,
        body: (seq) => incoming[seq],
        check: (_seq, response) => checkAssistant(response, restaurant.restaurantId),
        serverCpuSeconds: cpu,
      });

      log(`${engine}: announcing ${totalRequests} calls (untimed), then tool-calls place_order …`);
      const calls = callsTo(restaurant.number, phoneNumberId, totalRequests);
      const agent = new http.Agent({ keepAlive: true, maxSockets: ANNOUNCE_CONCURRENCY });
      let announceProblems: string[];
      try {
        announceProblems = await sendAll(totalRequests, ANNOUNCE_CONCURRENCY, async (seq) =>
          checkAssistant(
            await postJson(agent, webhookUrl, assistantRequest(calls[seq]!), secretHeader),
            restaurant.restaurantId,
          ),
        );
      } finally {
        agent.destroy();
      }
      const orders = calls.map((call, seq) => toolCalls(call, [{ name: 'place_order', args: orderFor(seq) }]));
      const placeOrder = await runRequestLoad({
        ...shape,
        name: `tool-calls place_order (${engine})`,
        url: webhookUrl,
        headers: secretHeader,
        body: (seq) => orders[seq]!.body,
        check: (seq, response) => checkPlaceOrder(response, orders[seq]!.ids[0]!),
        serverCpuSeconds: cpu,
      });
      return [
        { ...assistant, scenario: 'assistant-request', engine },
        {
          ...placeOrder,
          scenario: 'tool-calls',
          engine,
          announceErrors: announceProblems.length,
          errors: placeOrder.errors + announceProblems.length,
          errorSamples: [...announceProblems.slice(0, 5), ...placeOrder.errorSamples].slice(0, 20),
        },
      ];
    },
  );
}

async function productOnPglite(): Promise<ScenarioResult[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pickupline-bench-voice-'));
  const remove = () => rm(dataDir, { recursive: true, force: true });
  cleanups.add(remove);
  try {
    return await productScenarios('PGlite', { DATA_DIR: dataDir });
  } finally {
    cleanups.delete(remove);
    await remove();
  }
}

async function productOnPostgres(): Promise<ScenarioResult[]> {
  const database = await createThrowawayDatabase(postgresAdminUrl);
  const drop = () => database.drop();
  cleanups.add(drop);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pickupline-bench-voice-'));
  try {
    return await productScenarios('PostgreSQL', { DATABASE_URL: database.url, DATA_DIR: dataDir });
  } finally {
    cleanups.delete(drop);
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Report

interface Check {
  scenario: string;
  check: string;
  actualMs: number;
  limitMs: number;
  pass: boolean;
}

const times = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)}×` : '-');

async function main() {
  const startedAt = new Date().toISOString();
  const machineBefore = machineFacts();
  log(
    `${shape.rate} requests/s, ${shape.warmupSeconds} s warm-up + ${shape.seconds} s measured per scenario; ` +
      `${machineBefore.cpus} CPUs, node ${machineBefore.node}, load average ${machineBefore.loadAverage.join(' ')}`,
  );
  const postgresProblem = await probePostgres(postgresAdminUrl);
  if (postgresProblem) {
    log(`PostgreSQL not reachable at ${redactUrl(postgresAdminUrl)} (${postgresProblem}): PGlite only`);
  } else {
    log(`PostgreSQL at ${redactUrl(postgresAdminUrl)}: a throwaway database will be created and dropped there`);
  }

  const errors: string[] = [];
  const attempt = async <T>(label: string, run: () => Promise<T>): Promise<T | null> => {
    log(`running ${label} …`);
    const started = Date.now();
    try {
      const result = await run();
      log(`${label} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return result;
    } catch (error) {
      errors.push(`${label}: ${describe(error)}`);
      log(`${label} FAILED: ${describe(error)}`);
      return null;
    }
  };

  const floorResult = runs('floor') ? await attempt('floor (bare authenticated Hono JSON)', floor) : null;
  const products: ScenarioResult[] = [];
  if (runs('pglite')) products.push(...((await attempt('product on PGlite', productOnPglite)) ?? []));
  if (runs('postgres') && !postgresProblem) {
    products.push(...((await attempt('product on PostgreSQL', productOnPostgres)) ?? []));
  }
  const results = [...(floorResult ? [floorResult] : []), ...products];
  for (const result of results) {
    if (result.errors > 0) {
      errors.push(`${result.name}: ${result.errors} error(s); first: ${result.errorSamples.slice(0, 3).join(' | ')}`);
    }
  }

  const floorP99 = floorResult?.latency.p99 ?? NaN;
  const checks: Check[] = products.map((p) => {
    const limit = p.scenario === 'tool-calls' ? TOOL_CALLS_P99_TARGET_MS : ASSISTANT_P99_TARGET_MS;
    return {
      scenario: p.name,
      check: `p99 ≤ ${limit} ms`,
      actualMs: p.latency.p99,
      limitMs: limit,
      pass: p.latency.p99 <= limit,
    };
  });
  const machine = { ...machineBefore, loadAverageAfter: machineFacts().loadAverage };

  console.log('');
  console.log(
    `PickupLine voice webhook bench — ${shape.rate} requests/s, ${shape.seconds} s measured ` +
      `(+${shape.warmupSeconds} s warm-up) per scenario, a new call per request`,
  );
  console.log(
    `machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, node ${machine.node}, ${machine.platform}; ` +
      `load average ${machine.loadAverage.join(' ')} before, ${machine.loadAverageAfter.join(' ')} after`,
  );
  if (postgresProblem) console.log(`PostgreSQL not reachable (${postgresProblem}): PGlite only.`);
  smokeNote();
  console.log('');
  console.log(
    'Latency: request sent → whole response received (ms); × floor = p99 / floor p99; CPU over the measured part ' +
      '(% of one core); late = how late the client fired (p99)',
  );
  printTable(
    [
      'scenario',
      'p50',
      'p95',
      'p99',
      'max',
      'ok',
      'errors',
      '× floor',
      'server CPU',
      'ms/req',
      'client CPU',
      'late p99',
    ],
    results.map((r) => [
      r.name,
      formatMs(r.latency.p50),
      formatMs(r.latency.p95),
      formatMs(r.latency.p99),
      formatMs(r.latency.max),
      String(r.latency.samples),
      String(r.errors),
      r.scenario === 'floor' ? '1.0×' : times(r.latency.p99 / floorP99),
      percent(r.serverCpuPercent),
      r.serverCpuMsPerRequest === null ? '-' : formatMs(r.serverCpuMsPerRequest),
      percent(r.clientCpuPercent),
      formatMs(r.sendLateness.p99),
    ]),
  );

  const notes = results.flatMap((r) => [
    ...(r.latency.p95 > 1_000
      ? [`${r.name}: requests queued for seconds: the server could not keep up with ${r.rate} requests/s here`]
      : []),
    ...(r.sendLateness.p99 > 20
      ? [`${r.name}: the client fired requests up to ${formatMs(r.sendLateness.p99)} ms late (busy machine)`]
      : []),
  ]);
  const loadBefore = machine.loadAverage[0] ?? 0;
  if (loadBefore > machine.cpus / 2) {
    notes.push(
      `load average ${loadBefore} on ${machine.cpus} CPUs before the run: other work competed; figures are noisy`,
    );
  }
  if (notes.length > 0) {
    console.log('');
    console.log('Notes');
    for (const note of notes) console.log(`  - ${note}`);
  }
  if (checks.length > 0) {
    console.log('');
    console.log('Targets');
    const width = Math.max(...checks.map((c) => c.scenario.length));
    for (const c of checks) {
      console.log(
        `  ${verdict(c.pass)}  ${c.scenario.padEnd(width)}  ${c.check}: p99 = ${formatMs(c.actualMs)} ms ` +
          `(${times(c.actualMs / floorP99)} floor p99 ${formatMs(floorP99)} ms)`,
      );
    }
  }

  await mkdir(path.dirname(RESULTS_FILE), { recursive: true });
  await writeFile(
    RESULTS_FILE,
    JSON.stringify(
      {
        startedAt,
        finishedAt: new Date().toISOString(),
        machine,
        config: {
          ...shape,
          requestsPerScenario: totalRequests,
          menuItems: MENU.length,
          toolCallsP99TargetMs: TOOL_CALLS_P99_TARGET_MS,
          assistantRequestP99TargetMs: ASSISTANT_P99_TARGET_MS,
        },
        postgres: { url: redactUrl(postgresAdminUrl), reachable: !postgresProblem, problem: postgresProblem },
        results: results.map((r) => ({ ...r, ratioToFloorP99: round2(r.latency.p99 / floorP99) })),
        checks: checks.map((c) => ({ ...c, actualMs: round2(c.actualMs), limitMs: round2(c.limitMs) })),
        notes,
        errors,
      },
      null,
      2,
    ) + '\n',
  );
  console.log('');
  console.log(`Results written to ${path.relative(process.cwd(), RESULTS_FILE) || RESULTS_FILE}`);

  if (errors.length > 0) {
    console.error('');
    console.error(`BENCH FAILED with ${errors.length} error(s):`);
    for (const error of errors.slice(0, 30)) console.error(`  - ${error}`);
    process.exitCode = 1;
  }
}

main()
  .catch((error: unknown) => {
    console.error(`bench crashed: ${describe(error)}`);
    process.exitCode = 1;
  })
  .finally(() => runCleanups());
