/**
 * A worker thread's side of a test-call turn (see turn-runner.ts): the built-in assistant reads what the caller said
 * and answers, away from the thread that serves every other request. The database stays with the main thread: the
 * worker asks it, over the turn's own message port, for the menu (once per menu version) and for each tool call.
 */
import type { MessagePort } from 'node:worker_threads';
import { LRUCache } from 'lru-cache';
import type { CallContext, MenuEntry } from '../voice/call-context';
import type { ToolAnswer, ToolName } from '../voice/tool-types';
import type { Conversation, EngineTurn } from './engine-types';
import { rulesEngine } from './rules-engine';

/** What the worker asks the main thread during a turn: the menu, or to run one of the assistant's tools. */
type TurnAsk = { kind: 'menu' } | { kind: 'tool'; name: ToolName; args: Record<string, unknown> };
/** The worker's messages: that it took the turn up (the turn's time budget starts), then its questions. */
export type TurnRequest = { kind: 'started' } | (TurnAsk & { id: number });

/** The main thread's answer: the value asked for, or that it failed (the main thread keeps the error itself). */
export type TurnReply = { id: number; value: unknown } | { id: number; failed: true };

export interface TurnTask {
  /** The call's context without its menu, which the worker keeps by version. */
  ctx: Omit<CallContext, 'menu'>;
  conversation: Conversation;
  text: string;
  /** When the turn was asked for. */
  now: Date;
  port: MessagePort;
}

/** Thrown in the worker when the main thread could not answer; the turn ends and the main thread's error stands. */
class MainThreadFailed extends Error {}

/** Menus by restaurant and version, so a turn moves a menu between threads only after it changed. */
const menus = new LRUCache<string, readonly MenuEntry[]>({ max: 200 });

function asker(port: MessagePort) {
  let next = 0;
  const waiting = new Map<number, (reply: TurnReply) => void>();
  port.on('message', (reply: TurnReply) => {
    waiting.get(reply.id)?.(reply);
    waiting.delete(reply.id);
  });
  return function ask<T>(request: TurnAsk) {
    const id = ++next;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, (reply) =>
        'failed' in reply ? reject(new MainThreadFailed(`${request.kind} failed`)) : resolve(reply.value as T),
      );
      port.postMessage({ ...request, id } satisfies TurnRequest);
    });
  };
}

export default async function takeTurn({ ctx, conversation, text, now, port }: TurnTask): Promise<EngineTurn> {
  const ask = asker(port);
  port.postMessage({ kind: 'started' } satisfies TurnRequest);
  try {
    const key = `${ctx.restaurantId}\u0000${ctx.menuVersion}`;
    let menu = menus.get(key);
    if (!menu) {
      menu = await ask<readonly MenuEntry[]>({ kind: 'menu' });
      menus.set(key, menu);
    }
    return await rulesEngine.respond({
      ctx: { ...ctx, menu },
      conversation,
      text,
      now,
      tools: (name, args) => ask<ToolAnswer>({ kind: 'tool', name, args }),
    });
  } finally {
    port.close();
  }
}
