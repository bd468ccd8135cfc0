import { mkdtemp, rm } from 'node:fs/promises';
import os, { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { build } from 'esbuild';
import { Piscina } from 'piscina';
import { HttpError } from '../../http/errors';
import type { Logger } from '../../logger';
import { TooManyRequestsError } from '../../http/creation-limit';
import type { CallContext } from '../voice/call-context';
import type { Conversation, EngineTurn, ToolRunner } from './engine-types';
import type { TurnReply, TurnRequest, TurnTask } from './turn-worker';

/**
 * How long one turn of the built-in assistant may take once a worker thread has taken it up: a turn of a few hundred
 * words on the largest menu takes tens of milliseconds, and its first turn after a menu change (the menu's lexicon
 * is built then) under a second. Past this the worker thread is stopped and the caller asked to say less at once.
 */
export const TURN_BUDGET_MS = 5_000;
/** How long a turn may wait for a worker thread (the first one starting, or others' turns ahead of it). */
const START_BUDGET_MS = 30_000;

/** Turns waiting for a free worker thread before more are refused: the process's backlog stays a few seconds. */
const MAX_WAITING_TURNS = 16;

export const TURN_TOO_LONG =
  'That was too much to take in at once. Say the order a few items at a time, and the assistant will follow.';
export const TURNS_BUSY = 'The assistant is answering many test calls right now. Try again in a moment.';

/**
 * The worker threads' code: turn-worker.ts and what it imports (the engine, the language packs, the parser), bundled
 * into one JavaScript file by esbuild, the compiler tsx itself runs on. The server's own TypeScript is compiled by
 * tsx's loader hooks, which Node 20 does not reliably carry into worker threads; a bundle needs no loader at all.
 * Built once per process, on the first turn (about half a second), into a folder of its own that is removed on close.
 */
async function bundleWorker(): Promise<{ file: string; folder: string }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'pickupline-turns-'));
  const file = path.join(folder, 'turn-worker.mjs');
  await build({
    entryPoints: [fileURLToPath(new URL('./turn-worker.ts', import.meta.url))],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'inline',
    logLevel: 'silent',
  });
  return { file, folder };
}

interface TurnThreads {
  pool: Piscina<TurnTask, EngineTurn>;
  folder: string;
}

/**
 * The built-in assistant's turns run on worker threads, never on the thread that answers every other request: a
 * long order on a large menu costs its own caller time, not the other restaurants. One thread fewer than the machine's
 * cores (at least one, at most four); threads start on the first turn and stop after five idle minutes.
 */
let threads: Promise<TurnThreads> | null = null;

function turnThreads(logger: Logger): Promise<TurnThreads> {
  threads ??= bundleWorker().then(({ file, folder }) => {
    const pool = newPool(file);
    // A thread that dies between turns (a turn running on it is refused with its error).
    pool.on('error', (error: unknown) => logger.error({ err: error }, 'a test-call turn thread failed'));
    return { pool, folder };
  });
  // A failed build is not kept: the next turn tries again.
  threads.catch(() => (threads = null));
  return threads;
}

function newPool(file: string) {
  return new Piscina<TurnTask, EngineTurn>({
    filename: pathToFileURL(file).href,
    execArgv: ['--enable-source-maps'],
    minThreads: 0,
    maxThreads: Math.min(4, Math.max(1, availableParallelism() - 1)),
    // A turn waits on the main thread for its tool calls: another turn may use the thread meanwhile.
    concurrentTasksPerWorker: 2,
    idleTimeout: 5 * 60_000,
    // One more than the turns let in (respondOffThread refuses past MAX_WAITING_TURNS itself), as a backstop.
    maxQueue: MAX_WAITING_TURNS + 1,
  });
}

/** Stops the worker threads and removes their code (the process is ending); the next turn starts them again. */
export async function closeTurnThreads(): Promise<void> {
  const closing = threads;
  threads = null;
  const running = await closing?.catch(() => null);
  if (!running) return;
  await running.pool.destroy();
  await rm(running.folder, { recursive: true, force: true });
}

/**
 * One turn of the built-in assistant on a worker thread. Tool calls come back to this thread, which runs them with the
 * call's own tool runner (and database); an error a tool throws (a limit's 429, say) is the turn's error.
 */
export async function respondOffThread(
  input: { ctx: CallContext; conversation: Conversation; text: string; tools: ToolRunner; now?: Date },
  { logger, budgetMs = TURN_BUDGET_MS }: { logger: Logger; budgetMs?: number },
): Promise<EngineTurn> {
  const { menu, ...ctx } = input.ctx;
  const { port1, port2 } = new MessageChannel();
  let toolError: unknown = null;
  let started = false;
  const stop = new AbortController();
  let timer = setTimeout(() => stop.abort(), START_BUDGET_MS);
  port1.on('message', (request: TurnRequest) => {
    if (request.kind === 'started') {
      started = true;
      clearTimeout(timer);
      timer = setTimeout(() => stop.abort(), budgetMs);
      return;
    }
    const answer = request.kind === 'menu' ? Promise.resolve<unknown>(menu) : input.tools(request.name, request.args);
    answer.then(
      (value) => port1.postMessage({ id: request.id, value } satisfies TurnReply),
      (error: unknown) => {
        toolError ??= error;
        port1.postMessage({ id: request.id, failed: true } satisfies TurnReply);
      },
    );
  });
  try {
    const { pool } = await turnThreads(logger);
    // Refused here, by the pool's own count, before piscina's queue limit would reject it with a bare Error.
    if (pool.queueSize >= MAX_WAITING_TURNS) throw new TooManyRequestsError(TURNS_BUSY, 2);
    return await pool.run(
      { ctx, conversation: input.conversation, text: input.text, now: input.now ?? new Date(), port: port2 },
      { transferList: [port2], signal: stop.signal },
    );
  } catch (error) {
    if (toolError) throw toolError instanceof Error ? toolError : new Error('a tool failed', { cause: toolError });
    if (stop.signal.aborted)
      throw started ? new HttpError(422, TURN_TOO_LONG) : new TooManyRequestsError(TURNS_BUSY, 2);
    throw error;
  } finally {
    clearTimeout(timer);
    port1.close();
  }
}
