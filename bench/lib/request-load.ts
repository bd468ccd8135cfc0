import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { postJson, runOpenLoop, type HttpResult, type LoadShape } from './load';
import { summarize, type LatencySummary } from './stats';

export interface RequestLoadScenario extends LoadShape {
  name: string;
  /** Full URL every request is POSTed to. */
  url: string;
  headers: Record<string, string>;
  /** The JSON body of request `seq` (0 … total-1, warm-up included). Build them before the load starts where you
   * can: whatever this does is client work on the schedule. */
  body: (seq: number) => unknown;
  /** null when the answer to request `seq` is right (status and shape), else what is wrong with it. */
  check: (seq: number, response: HttpResult) => string | null;
  /** How long after the last request to wait for the answers still outstanding; those left are errors. */
  answerTimeoutMs?: number;
  /** CPU seconds the server has used so far, to report its load; null when unknown. */
  serverCpuSeconds?: () => number | null;
}

export interface RequestLoadResult {
  name: string;
  rate: number;
  /** Requests sent, warm-up included; `errors` counts over all of them. */
  requests: number;
  measuredRequests: number;
  /** Request sent → whole response received, for the measured requests answered correctly. */
  latency: LatencySummary;
  /** How late the client fired against the open-loop schedule (high = client overloaded). */
  sendLateness: LatencySummary;
  /** CPU over the measured part (first measured request → last answer), in % of one core; null when unknown. */
  serverCpuPercent: number | null;
  serverCpuMsPerRequest: number | null;
  clientCpuPercent: number;
  /** Requests retried once after a reused keep-alive socket was reset (see postJson). */
  retries: number;
  /** Requests that failed, got a status other than 200, a wrong body, or no answer in time. */
  errors: number;
  /** The first few of those, for the report. */
  errorSamples: string[];
  /** Per second of the run (warm-up included): requests sent and the p50/max of their latency (ms). */
  timeline: { second: number; requests: number; p50: number; max: number }[];
  /** Per request in send order (warm-up included): its latency in ms, null when it failed. */
  perRequestMs: (number | null)[];
}

/**
 * Open-loop HTTP load: request i leaves at start + i/rate whether or not earlier ones were answered, one POST per
 * request over keep-alive sockets (as many as needed). A sample is the whole response received − the moment just
 * before the request went out; every answer is checked.
 */
export async function runRequestLoad(scenario: RequestLoadScenario): Promise<RequestLoadResult> {
  const { answerTimeoutMs = 60_000 } = scenario;
  const expected = Math.round(scenario.rate * scenario.warmupSeconds) + Math.round(scenario.rate * scenario.seconds);
  const latency = new Float64Array(expected).fill(NaN);
  const answered = new Uint8Array(expected);
  const errorSamples: string[] = [];
  let errors = 0;
  let pending = 0;
  let retries = 0;
  const serverCpu = scenario.serverCpuSeconds ?? (() => null);
  let window: { at: number; client: NodeJS.CpuUsage; server: number | null } | undefined;
  const fail = (seq: number, problem: string) => {
    errors++;
    if (errorSamples.length < 20) errorSamples.push(`request ${seq}: ${problem}`);
  };

  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  try {
    const loop = await runOpenLoop(scenario, (seq, measured) => {
      if (measured && !window) window = { at: performance.now(), client: process.cpuUsage(), server: serverCpu() };
      const body = scenario.body(seq);
      pending++;
      const t0 = performance.now();
      void postJson(agent, scenario.url, body, scenario.headers, () => retries++)
        .then(
          (response) => {
            const elapsed = performance.now() - t0;
            answered[seq] = 1;
            const problem = scenario.check(seq, response);
            if (problem) fail(seq, problem);
            else latency[seq] = elapsed;
          },
          (error: unknown) => {
            answered[seq] = 1;
            fail(seq, error instanceof Error ? error.message : String(error));
          },
        )
        .finally(() => pending--);
    });

    const deadline = performance.now() + answerTimeoutMs;
    while (pending > 0 && performance.now() < deadline) await sleep(10);
    const elapsedMs = window ? performance.now() - window.at : NaN;
    const clientCpuMs = window ? sumCpuMs(process.cpuUsage(window.client)) : NaN;
    const serverNow = serverCpu();
    const serverCpuMs = window?.server != null && serverNow !== null ? (serverNow - window.server) * 1000 : null;
    for (let seq = 0; seq < loop.total; seq++) {
      if (!answered[seq]) fail(seq, `no answer within ${answerTimeoutMs} ms of the last request`);
    }

    const measuredCount = loop.total - loop.warmup;
    const timeline = [];
    const perSecond = Math.max(1, Math.round(scenario.rate));
    for (let from = 0; from < loop.total; from += perSecond) {
      const slice = Array.from(latency.subarray(from, Math.min(from + perSecond, loop.total)));
      const s = summarize(slice.filter((v) => !Number.isNaN(v)));
      timeline.push({ second: from / perSecond, requests: slice.length, p50: round(s.p50), max: round(s.max) });
    }
    return {
      name: scenario.name,
      rate: scenario.rate,
      requests: loop.total,
      measuredRequests: measuredCount,
      latency: summarize(Array.from(latency.subarray(loop.warmup, loop.total)).filter((v) => !Number.isNaN(v))),
      sendLateness: loop.lateness,
      serverCpuPercent: serverCpuMs === null ? null : round((100 * serverCpuMs) / elapsedMs),
      serverCpuMsPerRequest: serverCpuMs === null ? null : round(serverCpuMs / measuredCount),
      clientCpuPercent: round((100 * clientCpuMs) / elapsedMs),
      retries,
      errors,
      errorSamples,
      timeline,
      perRequestMs: Array.from(latency.subarray(0, loop.total), (v) => (Number.isNaN(v) ? null : round(v))),
    };
  } finally {
    agent.destroy();
  }
}

const sumCpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;
const round = (value: number) => Math.round(value * 10) / 10;
