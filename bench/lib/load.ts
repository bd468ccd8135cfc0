import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { openSseStreams, type SseFrame } from './sse-client';
import { summarize, type LatencySummary } from './stats';

export interface LoadShape {
  /** Changes per second. */
  rate: number;
  warmupSeconds: number;
  /** Measured seconds after the warm-up. */
  seconds: number;
}

/**
 * Open loop: change i is due at start + i/rate, whatever happened to earlier ones (no waiting for responses).
 * fire() must only start the work. Returns how late each fire was against its schedule (client-side health).
 */
export async function runOpenLoop(
  { rate, warmupSeconds, seconds }: LoadShape,
  fire: (seq: number, measured: boolean) => void,
): Promise<{ total: number; warmup: number; lateness: LatencySummary }> {
  const warmup = Math.round(rate * warmupSeconds);
  const total = warmup + Math.round(rate * seconds);
  const period = 1000 / rate;
  const lateness = new Float64Array(total);
  const start = performance.now() + 5;
  let seq = 0;
  while (seq < total) {
    const wait = start + seq * period - performance.now();
    if (wait > 0) await sleep(wait);
    const now = performance.now();
    while (seq < total && start + seq * period <= now) {
      lateness[seq] = performance.now() - (start + seq * period);
      fire(seq, seq >= warmup);
      seq++;
    }
  }
  return { total, warmup, lateness: summarize(lateness) };
}

export interface HttpResult {
  status: number;
  body: string;
}

/**
 * POST a JSON body. A keep-alive socket the server closed just as we reused it fails with ECONNRESET before the
 * request reached the server; that one case is retried once (retried() is told), as browsers do.
 */
export function postJson(
  agent: http.Agent,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  retried: () => void = () => undefined,
): Promise<HttpResult> {
  const payload = JSON.stringify(body);
  const attempt = (canRetry: boolean) =>
    new Promise<HttpResult>((resolve, reject) => {
      const request = http.request(
        url,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
          response.on('error', reject);
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (canRetry && request.reusedSocket && error.code === 'ECONNRESET') {
          retried();
          attempt(false).then(resolve, reject);
        } else {
          reject(error);
        }
      });
      request.end(payload);
    });
  return attempt(true);
}

export interface FanoutScenario extends LoadShape {
  name: string;
  /** Base URL of the server under test. */
  url: string;
  eventsPath: string;
  changePath: string;
  /** The request body that makes the server publish an event carrying `marker`. */
  changeBody: (marker: string) => unknown;
  headers?: Record<string, string>;
  connections: number;
  /** How long after the last change to wait for every change request to be answered (a saturated server queues
   * them; its answers are late, not lost). Requests still unanswered then are errors. */
  answerTimeoutMs?: number;
  /** How long after the last answer to wait for events before calling them missing. */
  drainTimeoutMs?: number;
  /** CPU seconds the server has used so far, to report its load; null when unknown. */
  serverCpuSeconds?: () => number | null;
}

export interface FanoutResult {
  name: string;
  connections: number;
  rate: number;
  /** Changes sent, warm-up included; `missing` counts over all of them. */
  changes: number;
  measuredChanges: number;
  /** change → event arrival, one sample per (measured change × connection). */
  delivery: LatencySummary;
  /** Per measured change: the first and the last of its connections to get it. */
  firstDelivery: LatencySummary;
  lastDelivery: LatencySummary;
  /** change request → HTTP response. */
  http: LatencySummary;
  /** How late the client fired changes against the open-loop schedule (high = client overloaded). */
  sendLateness: LatencySummary;
  /** CPU over the measured part (first measured change → all delivered), in % of one core; null when unknown. */
  serverCpuPercent: number | null;
  serverCpuMsPerChange: number | null;
  clientCpuPercent: number;
  /** Change requests retried once after a reused keep-alive socket was reset (see postJson). */
  retries: number;
  /** Per second of the run (warm-up included): changes sent, and the p50/max of their last delivery (ms). Shows
   * whether latency is steady, creeping up (the server cannot keep up) or spiking (stalls). */
  timeline: { second: number; changes: number; lastDeliveryP50: number; lastDeliveryMax: number }[];
  /** Per change in send order (warm-up included), ms: HTTP answer and last delivery; null if none came. */
  perChange: { httpMs: (number | null)[]; lastDeliveryMs: (number | null)[] };
  missing: number;
  duplicates: number;
  errors: string[];
}

const CREATED = '"type":"order.created"';

/**
 * The product-shaped measurement: `connections` SSE streams, changes at a steady rate, each with a unique marker;
 * a sample is (arrival of that marker's order.created on one stream) − (just before the change request went out).
 */
export async function runFanout(scenario: FanoutScenario): Promise<FanoutResult> {
  const { connections, answerTimeoutMs = 120_000, drainTimeoutMs = 5_000 } = scenario;
  const prefix = `plb${randomBytes(4).toString('hex')}-`;
  const expected = Math.round(scenario.rate * scenario.warmupSeconds) + Math.round(scenario.rate * scenario.seconds);

  const sentAt = new Float64Array(expected).fill(NaN);
  const arrivals = new Float64Array(expected * connections).fill(NaN);
  const httpMs = new Float64Array(expected).fill(NaN);
  let delivered = 0;
  let duplicates = 0;
  let pendingRequests = 0;
  let retries = 0;
  const errors: string[] = [];
  const serverCpu = scenario.serverCpuSeconds ?? (() => null);
  let window: { at: number; client: NodeJS.CpuUsage; server: number | null } | undefined;

  const onFrame = (connection: number, frame: SseFrame, arrivedAt: number) => {
    const at = frame.data.indexOf(prefix);
    if (at === -1 || !frame.data.includes(CREATED)) return;
    let seq = 0;
    for (let i = at + prefix.length; i < frame.data.length; i++) {
      const digit = frame.data.charCodeAt(i) - 48;
      if (digit < 0 || digit > 9) break;
      seq = seq * 10 + digit;
    }
    if (seq >= expected) return;
    const slot = seq * connections + connection;
    if (!Number.isNaN(arrivals[slot]!)) {
      duplicates++;
      return;
    }
    arrivals[slot] = arrivedAt;
    delivered++;
  };

  const streams = await openSseStreams({
    url: scenario.url + scenario.eventsPath,
    count: connections,
    headers: scenario.headers ?? {},
    onFrame,
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  try {
    const loop = await runOpenLoop(scenario, (seq, measured) => {
      if (measured && !window) window = { at: performance.now(), client: process.cpuUsage(), server: serverCpu() };
      pendingRequests++;
      const t0 = performance.now();
      sentAt[seq] = t0;
      const body = scenario.changeBody(prefix + seq);
      void postJson(agent, scenario.url + scenario.changePath, body, scenario.headers, () => retries++)
        .then(
          (response) => {
            httpMs[seq] = performance.now() - t0;
            if (response.status < 200 || response.status >= 300) {
              errors.push(`change ${seq}: HTTP ${response.status} ${response.body.slice(0, 200)}`);
            }
          },
          (error: unknown) => errors.push(`change ${seq}: ${error instanceof Error ? error.message : String(error)}`),
        )
        .finally(() => pendingRequests--);
    });

    const answerDeadline = performance.now() + answerTimeoutMs;
    while (pendingRequests > 0 && performance.now() < answerDeadline) await sleep(20);
    if (pendingRequests > 0) errors.push(`${pendingRequests} change requests unanswered after ${answerTimeoutMs} ms`);
    const drainDeadline = performance.now() + drainTimeoutMs;
    while (delivered < expected * connections && performance.now() < drainDeadline) await sleep(20);
    const elapsedMs = window ? performance.now() - window.at : NaN;
    const clientCpuMs = window ? sumCpuMs(process.cpuUsage(window.client)) : NaN;
    const serverNow = serverCpu();
    const serverCpuMs = window?.server != null && serverNow !== null ? (serverNow - window.server) * 1000 : null;

    const samples: number[] = [];
    const first: number[] = [];
    const last: number[] = [];
    let missing = 0;
    for (let seq = 0; seq < loop.total; seq++) {
      const measured = seq >= loop.warmup;
      let min = Infinity;
      let max = -Infinity;
      for (let c = 0; c < connections; c++) {
        const arrival = arrivals[seq * connections + c]!;
        if (Number.isNaN(arrival)) {
          missing++;
          continue;
        }
        const latency = arrival - sentAt[seq]!;
        if (measured) samples.push(latency);
        if (latency < min) min = latency;
        if (latency > max) max = latency;
      }
      if (measured && min !== Infinity) {
        first.push(min);
        last.push(max);
      }
    }
    const lastBySeq: (number | null)[] = [];
    for (let seq = 0; seq < loop.total; seq++) {
      let max = NaN;
      for (let c = 0; c < connections; c++) {
        const latency = arrivals[seq * connections + c]! - sentAt[seq]!;
        if (!Number.isNaN(latency) && !(latency <= max)) max = latency;
      }
      lastBySeq.push(Number.isNaN(max) ? null : round(max));
    }
    const timeline = [];
    const perSecond = Math.max(1, Math.round(scenario.rate));
    for (let from = 0; from < loop.total; from += perSecond) {
      const lasts = lastBySeq.slice(from, from + perSecond);
      const s = summarize(lasts.filter((v) => v !== null));
      timeline.push({
        second: from / perSecond,
        changes: lasts.length,
        lastDeliveryP50: round(s.p50),
        lastDeliveryMax: round(s.max),
      });
    }
    const measuredHttp = Array.from(httpMs.subarray(loop.warmup)).filter((v) => !Number.isNaN(v));
    return {
      name: scenario.name,
      connections,
      rate: scenario.rate,
      changes: loop.total,
      measuredChanges: loop.total - loop.warmup,
      delivery: summarize(samples),
      firstDelivery: summarize(first),
      lastDelivery: summarize(last),
      http: summarize(measuredHttp),
      sendLateness: loop.lateness,
      serverCpuPercent: serverCpuMs === null ? null : round((100 * serverCpuMs) / elapsedMs),
      serverCpuMsPerChange: serverCpuMs === null ? null : round(serverCpuMs / (loop.total - loop.warmup)),
      clientCpuPercent: round((100 * clientCpuMs) / elapsedMs),
      retries,
      timeline,
      perChange: {
        httpMs: Array.from(httpMs.subarray(0, loop.total), (v) => (Number.isNaN(v) ? null : round(v))),
        lastDeliveryMs: lastBySeq,
      },
      missing,
      duplicates,
      errors: [...errors, ...streams.errors].slice(0, 20),
    };
  } finally {
    streams.close();
    agent.destroy();
  }
}

const sumCpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;
const round = (value: number) => Math.round(value * 10) / 10;
