import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { StartTestCallInput, StartTestCallResponse, TestCallTurn } from '@shared/contracts/test-calls';
import { CALL_ENDED_REASONS, isSilentTooLong } from '@shared/domain/calls';
import { calls } from '../../db/schema';
import { assertWithinCreationLimit, TooManyRequestsError } from '../../http/creation-limit';
import { HttpError, notFound } from '../../http/errors';
import type { TestCallLimits } from '../../http/types';
import type { LlmProvider } from '../../providers/llm/llm-provider';
import { withEvents } from '../../realtime/with-events';
import { loadCallContext } from '../voice/call-context';
import { callSummaryReturning, publishCallChange, publishWrittenCall } from '../voice/call-view';
import { endSilentCallsIn } from '../voice/calls.service';
import { appendToTranscript } from '../voice/transcript';
import { executeToolCall, type ToolDeps } from '../voice/tool-executor';
import { draftOf, newConversation, type Conversation, type ConversationEngine, type EngineTurn } from './engine-types';
import { createLlmEngine } from './llm-engine';
import { meteredModel, ModelRequestLimitError } from './model-usage';
import { rulesEngine } from './rules-engine';
import { TEST_CALL_LIMITS, tooManyTurns, TurnGate } from './test-call-limits';
import { respondOffThread } from './turn-runner';

export interface TestCallDeps extends ToolDeps {
  /** The configured language model; the built-in rules engine answers when it is absent or fails. */
  llm: LlmProvider | null;
  /** What one account may do with test calls; the product's limits unless set. */
  testCallLimits?: TestCallLimits;
  /** Model requests one account may make a day; past it the built-in assistant answers. */
  llmDailyRequestsPerAccount: number;
}

const limitsOf = (deps: TestCallDeps) => deps.testCallLimits ?? TEST_CALL_LIMITS;

/** The turn gate of each running app (one per process in production; tests run several apps side by side). */
const gates = new WeakMap<TestCallDeps, TurnGate>();
function gateOf(deps: TestCallDeps) {
  let gate = gates.get(deps);
  if (!gate) {
    gate = new TurnGate(limitsOf(deps));
    gates.set(deps, gate);
  }
  return gate;
}

/** The built-in assistant's turn runs on a worker thread; the language model's is a network request from here. */
function respond(deps: TestCallDeps, engine: ConversationEngine, input: Parameters<ConversationEngine['respond']>[0]) {
  return engine === rulesEngine
    ? respondOffThread(input, { logger: deps.logger, budgetMs: limitsOf(deps).turnBudgetMs })
    : engine.respond(input);
}

/** What a message to a test call left without a word for too long hears. */
export const TEST_CALL_IDLE_ENDED = 'This test call ended after 2 minutes without a message. Start a new one.';

const FALLBACK_NOTICE = 'The language model did not answer, so the built-in assistant took over this call.';

/** A number from the 555-01XX block, reserved for fiction, when the owner gives none. */
function fictionalCaller(): string {
  return `+1${randomInt(201, 990)}55501${String(randomInt(100)).padStart(2, '0')}`;
}

function engineFor(deps: TestCallDeps, conversation: Conversation, ownerId: string): ConversationEngine {
  return conversation.engine === 'llm' && deps.llm
    ? createLlmEngine(meteredModel(deps, deps.llm, ownerId))
    : rulesEngine;
}

function turnOf(conversation: Conversation, reply: string, ended: boolean, notice: string | null): TestCallTurn {
  return {
    reply,
    ended,
    orderId: conversation.orderId,
    transferred: conversation.transferred,
    draft: draftOf(conversation),
    engine: conversation.engine,
    notice,
  };
}

const transcriptLine = (who: 'Assistant' | 'Caller', text: string) => `${who}: ${text}`;

/**
 * Starts a test call: the owner talks to their own assistant, in the browser, through the same tools and rules as a
 * phone call. It is a real call in the call log, and an order placed in it is a real (simulator) order.
 */
export async function startTestCall(
  deps: TestCallDeps,
  ownerId: string,
  input: StartTestCallInput,
): Promise<StartTestCallResponse> {
  // Past the account's limit on calls started: 429 before anything is read or written.
  const limits = limitsOf(deps);
  await assertWithinCreationLimit(
    deps.db,
    { table: calls, createdAt: calls.startedAt, where: and(eq(calls.restaurantId, ownerId), eq(calls.kind, 'test')) },
    limits.calls,
  );
  const ctx = await loadCallContext(deps.db, ownerId);
  if (!ctx) throw notFound('Restaurant profile');
  const language = input.language ?? ctx.language;
  const callCtx = { ...ctx, language };
  const conversation = newConversation(language, deps.llm ? 'llm' : 'rules');
  const greeting = engineFor(deps, conversation, ownerId).greet(callCtx, conversation);

  const callId = await withEvents(deps.db, deps.hub, async (tx, events) => {
    const [call] = await tx
      .insert(calls)
      .values({
        providerCallId: `test_${randomUUID()}`,
        restaurantId: ownerId,
        kind: 'test',
        callerNumber: input.callerNumber ?? fictionalCaller(),
        language,
        status: 'in-progress',
        conversation: greeting.conversation,
        transcript: transcriptLine('Assistant', greeting.reply),
        // Heard from now, on the same clock as its turns: the idle rule measures from here.
        updatedAt: new Date(),
      })
      .returning({ id: calls.id });
    await publishCallChange(tx, events, ownerId, call!.id);
    return call!.id;
  });
  return { callId, language, ...turnOf(greeting.conversation, greeting.reply, greeting.ended, null) };
}

/** One turn of a test call: what the caller said (or typed), and the assistant's answer. */
export async function sendTestCallMessage(
  deps: TestCallDeps,
  ownerId: string,
  callId: string,
  text: string,
): Promise<TestCallTurn> {
  // Refused before any work: past the account's turn rate, or while this call's previous turn is being answered.
  const release = await gateOf(deps).enter(ownerId, callId);
  try {
    return await answerTurn(deps, ownerId, callId, text);
  } finally {
    release();
  }
}

async function answerTurn(deps: TestCallDeps, ownerId: string, callId: string, text: string): Promise<TestCallTurn> {
  const [call] = await deps.db
    .select({
      id: calls.id,
      kind: calls.kind,
      callerNumber: calls.callerNumber,
      status: calls.status,
      updatedAt: calls.updatedAt,
      conversation: calls.conversation,
      transcript: calls.transcript,
    })
    .from(calls)
    .where(and(eq(calls.id, callId), eq(calls.restaurantId, ownerId), eq(calls.kind, 'test')));
  if (!call || !call.conversation) throw notFound('Test call');
  if (call.status === 'ended') throw new HttpError(409, 'This test call has ended. Start a new one.');
  const startedAt = new Date();
  if (isSilentTooLong({ kind: 'test', status: call.status, lastMessageAt: call.updatedAt }, startedAt)) {
    // Left too long: it ends now as the sweep would have ended it, and this message is not taken.
    await withEvents(deps.db, deps.hub, (tx, events) => endSilentCallsIn(tx, events, startedAt, eq(calls.id, call.id)));
    throw new HttpError(409, TEST_CALL_IDLE_ENDED);
  }

  const stored = call.conversation as Conversation;
  const { turnsPerCall } = limitsOf(deps);
  if (stored.turn >= turnsPerCall) throw new TooManyRequestsError(tooManyTurns(turnsPerCall), 1);
  const ctx = await loadCallContext(deps.db, ownerId);
  if (!ctx) throw notFound('Restaurant profile');
  const callCtx = { ...ctx, language: stored.language };
  const conversation: Conversation = { ...stored, turn: stored.turn + 1 };
  const active = {
    id: call.id,
    restaurantId: ownerId,
    callerNumber: call.callerNumber,
    kind: call.kind,
    language: stored.language,
  };
  let toolCount = 0;
  const tools = (name: Parameters<typeof executeToolCall>[2]['name'], args: Record<string, unknown>) =>
    executeToolCall(deps, active, { id: `turn-${conversation.turn}-${++toolCount}`, name, args });

  const now = new Date();
  let turn: EngineTurn;
  let notice: string | null = null;
  try {
    turn = await respond(deps, engineFor(deps, conversation, ownerId), {
      ctx: callCtx,
      conversation,
      text,
      tools,
      now,
    });
  } catch (error) {
    // A refusal (a limit's 429) stands whichever engine answers; only the model's own failure hands over.
    if (conversation.engine !== 'llm' || error instanceof HttpError) throw error;
    if (error instanceof ModelRequestLimitError) {
      deps.logger.info(
        { callId, limit: error.limit },
        'model requests for today used up; the built-in assistant takes over',
      );
      notice = error.notice;
    } else {
      deps.logger.warn({ err: error, callId }, 'the language model failed; the built-in assistant takes over');
      notice = FALLBACK_NOTICE;
    }
    turn = await respond(deps, rulesEngine, {
      ctx: callCtx,
      conversation: { ...conversation, engine: 'rules' },
      text,
      tools,
      now,
    });
  }
  notice = turn.notice ?? notice;

  await withEvents(deps.db, deps.hub, async (tx, events) => {
    // One statement writes the turn (and, when the call ended, an outcome if it has none yet) and returns the call as
    // the log shows it: every turn pays for it on the thread that answers everyone.
    const [updated] = await tx
      .update(calls)
      .set({
        conversation: turn.conversation,
        transcript: appendToTranscript(call.transcript, [
          transcriptLine('Caller', text),
          transcriptLine('Assistant', turn.reply),
        ]),
        ...(turn.ended
          ? {
              status: 'ended' as const,
              endedAt: new Date(),
              endedReason: 'test-call-ended',
              outcome: sql`coalesce(${calls.outcome}, 'no_order')`,
            }
          : {}),
        updatedAt: new Date(),
      })
      // Two turns sent at once: only the first one that read this turn may write it. (Not updatedAt: the tools
      // themselves update the call row during the turn, e.g. its outcome or its order.)
      .where(
        and(
          eq(calls.id, call.id),
          eq(calls.restaurantId, ownerId),
          sql`(${calls.conversation}->>'turn')::int = ${stored.turn}`,
        ),
      )
      .returning(callSummaryReturning);
    if (!updated) throw new HttpError(409, 'Another message to this call was answered first. Try again.');
    await publishWrittenCall(events, ownerId, updated);
  });
  return turnOf(turn.conversation, turn.reply, turn.ended, notice);
}

/**
 * Hanging up: the call ends where it is (an order already placed stays placed, and the outcome says 'Ordered').
 * `left` is a page that closed or moved on with the call still on (its beacon). A call already left too long ends
 * as of its last message, as the sweep would end it. Hanging up twice is harmless.
 */
export async function endTestCall(
  deps: TestCallDeps,
  ownerId: string,
  callId: string,
  { left = false }: { left?: boolean } = {},
  now: Date = new Date(),
): Promise<void> {
  await withEvents(deps.db, deps.hub, async (tx, events) => {
    const owned = and(eq(calls.id, callId), eq(calls.restaurantId, ownerId), eq(calls.kind, 'test'));
    const [call] = await tx.select({ status: calls.status }).from(calls).where(owned);
    if (!call) throw notFound('Test call');
    if (call.status === 'ended') return;
    if ((await endSilentCallsIn(tx, events, now, owned)).length > 0) return;
    const conversationEnded = sql`jsonb_set(${calls.conversation}, '{stage}', '"ended"')`;
    await tx
      .update(calls)
      .set({
        status: 'ended',
        endedAt: now,
        endedReason: left ? CALL_ENDED_REASONS.testCallLeft : 'customer-ended-call',
        conversation: conversationEnded,
        updatedAt: now,
      })
      .where(and(owned, ne(calls.status, 'ended')));
    await tx
      .update(calls)
      .set({ outcome: 'no_order' })
      .where(and(owned, isNull(calls.outcome)));
    await publishCallChange(tx, events, ownerId, callId);
  });
}
