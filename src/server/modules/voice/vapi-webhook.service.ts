import { toE164 } from '@shared/domain/phone';
import { withEvents } from '../../realtime/with-events';
import { VAPI_WEBHOOK_PATH } from '../../providers/voice/vapi-voice-provider';
import { buildAssistant, notInServiceAssistant, type VapiAssistant } from './assistant';
import { findRestaurantByNumber, loadCallContext } from './call-context';
import { PACKS } from '../language';
import {
  applyEndOfCallReport,
  applyStatusUpdate,
  findPhoneCall,
  notePhoneCallHeard,
  setCallOutcome,
  startCall,
  type CallRow,
} from './calls.service';
import { PHRASES } from '../language/speech';
import { executeToolCall, type ToolDeps } from './tool-executor';
import type { ActiveCall } from './tool-types';
import {
  callRef,
  readEndOfCallReport,
  readStatusUpdate,
  readToolCalls,
  singleLine,
  type VapiMessage,
} from './vapi-messages';

/**
 * What the Vapi webhook does with each server message, once the route has authenticated and parsed it. Every
 * handler tolerates a repeat of the same message and messages arriving out of order (see calls.service.ts). A call
 * begins with its `assistant-request`, which records it; every later message acts only on a call recorded that way.
 * A message about a number or call we do not know is logged and answered as Vapi expects, and writes nothing.
 */

export interface VapiWebhookDeps extends ToolDeps {
  /** The public URL (APP_URL); the assistant's events come back to APP_URL + VAPI_WEBHOOK_PATH. */
  appUrl: string;
  /** VAPI_WEBHOOK_SECRET, which the assistant's server settings carry back to the webhook. */
  webhookSecret: string;
}

export async function answerAssistantRequest(
  deps: VapiWebhookDeps,
  message: VapiMessage,
  now: Date = new Date(),
): Promise<{ assistant: VapiAssistant }> {
  const ref = callRef(message);
  const restaurantId = await findRestaurantByNumber(deps.db, {
    phoneNumberId: ref.phoneNumberId,
    phoneNumber: ref.phoneNumber,
  });
  if (!restaurantId) {
    deps.logger.warn(
      { phoneNumberId: ref.phoneNumberId, phoneNumber: ref.phoneNumber, providerCallId: ref.providerCallId },
      'assistant request for a number no restaurant has',
    );
    return { assistant: notInServiceAssistant() };
  }
  if (!ref.providerCallId) {
    deps.logger.warn({ restaurantId }, 'assistant request without a call id; call not recorded');
  }
  // Vapi gives up after 7.5 s: reading the settings and recording the call go side by side. A call that could not
  // be recorded is not answered (the error reaches Vapi as a 500): its later messages would find no call to act on.
  const [ctx] = await Promise.all([
    loadCallContext(deps.db, restaurantId, now),
    ref.providerCallId
      ? startCall(deps, {
          providerCallId: ref.providerCallId,
          restaurantId,
          callerNumber: ref.callerNumber,
          kind: 'phone',
        })
      : null,
  ]);
  if (!ctx) return { assistant: notInServiceAssistant() };
  return {
    assistant: buildAssistant(ctx, {
      serverUrl: `${deps.appUrl}${VAPI_WEBHOOK_PATH}`,
      now,
      serverAuth: { secret: deps.webhookSecret },
    }),
  };
}

/** One entry of the answer to `tool-calls`; Vapi's ToolCallResult requires both toolCallId and name. */
export type ToolCallResult =
  { toolCallId: string; name: string; result: string } | { toolCallId: string; name: string; error: string };

const UNKNOWN_CALL = 'This call is not known to the restaurant, so nothing can be done on it.';
const FAILED = 'Something went wrong on our side. Apologise to the caller and offer to transfer them to the staff.';

/**
 * Runs each tool call of the message, in order, through the tool executor (which stores each answer under the call
 * and the tool call id, so a repeated delivery gets the same answer and changes nothing). One answer per tool call,
 * in the same order, as single-line text; a refusal or failure is an `error`, never an HTTP error.
 */
export async function answerToolCalls(
  deps: VapiWebhookDeps,
  message: VapiMessage,
): Promise<{ results: ToolCallResult[] }> {
  const items = readToolCalls(message);
  if (items.length === 0) return { results: [] };
  let row: CallRow | null;
  try {
    row = await findPhoneCall(deps, callRef(message));
  } catch (error) {
    // Still HTTP 200: Vapi ignores any other status and the caller would hear nothing at all.
    deps.logger.error({ err: error, providerCallId: message.call?.id ?? null }, 'tool calls: call not read');
    return { results: items.map((item) => ({ toolCallId: idOf(item), name: nameOf(item), error: FAILED })) };
  }
  if (!row) {
    deps.logger.warn({ providerCallId: message.call?.id ?? null }, 'tool calls for an unknown call; nothing done');
    return { results: items.map((item) => ({ toolCallId: idOf(item), name: nameOf(item), error: UNKNOWN_CALL })) };
  }
  const call = activeCall(row);
  // The sweep measures a phone call's silence from its last message; tool calls are most of what a call sends.
  await notePhoneCallHeard(deps.db, call.id).catch((error: unknown) =>
    deps.logger.warn({ err: error, callId: call.id }, 'tool calls: could not note the call as heard'),
  );
  const results: ToolCallResult[] = [];
  for (const item of items) {
    if (!item.ok) {
      deps.logger.warn({ callId: call.id, tool: item.name, reason: item.reason }, 'unreadable tool call arguments');
      results.push({
        toolCallId: item.id,
        name: item.name,
        error: `${item.reason} Call ${item.name || 'the tool'} again with its arguments as a JSON object.`,
      });
      continue;
    }
    const { invocation } = item;
    try {
      const answer = await executeToolCall(deps, call, invocation);
      const text = singleLine(answer.result);
      results.push(
        answer.isError
          ? { toolCallId: invocation.id, name: invocation.name, error: text }
          : { toolCallId: invocation.id, name: invocation.name, result: text },
      );
    } catch (error) {
      deps.logger.error({ err: error, callId: call.id, tool: invocation.name }, 'tool call failed');
      results.push({ toolCallId: invocation.id, name: invocation.name, error: FAILED });
    }
  }
  return { results };
}

const idOf = (item: ReturnType<typeof readToolCalls>[number]) => (item.ok ? item.invocation.id : item.id);
const nameOf = (item: ReturnType<typeof readToolCalls>[number]) => (item.ok ? item.invocation.name : item.name);

function activeCall(row: CallRow): ActiveCall {
  return {
    id: row.id,
    restaurantId: row.restaurantId,
    callerNumber: row.callerNumber,
    kind: row.kind,
    language: row.language,
  };
}

export async function recordStatusUpdate(deps: VapiWebhookDeps, message: VapiMessage): Promise<void> {
  const update = readStatusUpdate(message);
  if (!update) return;
  const row = await findPhoneCall(deps, callRef(message));
  if (!row) {
    deps.logger.info({ providerCallId: message.call?.id ?? null }, 'status update for an unknown call; ignored');
    return;
  }
  await applyStatusUpdate(deps, { callId: row.id, restaurantId: row.restaurantId, ...update });
}

export async function recordEndOfCallReport(deps: VapiWebhookDeps, message: VapiMessage): Promise<void> {
  const report = readEndOfCallReport(message);
  const row = await findPhoneCall(deps, callRef(message));
  if (!row) {
    deps.logger.info({ providerCallId: message.call?.id ?? null }, 'end-of-call report for an unknown call; ignored');
    return;
  }
  await applyEndOfCallReport(deps, { callId: row.id, restaurantId: row.restaurantId, ...report });
}

export type TransferAnswer = { destination: { type: 'number'; number: string; message: string } } | { error: string };

/**
 * Where the transferCall tool sends the caller: the restaurant's staff line as it is now, or a spoken refusal when
 * none is set. A transfer marks the call 'transferred' (an order placed earlier in the call keeps it 'ordered').
 */
export async function answerTransferDestinationRequest(
  deps: VapiWebhookDeps,
  message: VapiMessage,
): Promise<TransferAnswer> {
  const row = await findPhoneCall(deps, callRef(message));
  const ctx = row ? await loadCallContext(deps.db, row.restaurantId) : null;
  if (!row || !ctx) {
    deps.logger.warn({ providerCallId: message.call?.id ?? null }, 'transfer request for an unknown call');
    return { error: PHRASES.en.noStaffLine };
  }
  const number = ctx.forwardingPhone ? (toE164(ctx.forwardingPhone) ?? ctx.forwardingPhone) : null;
  if (!number) return { error: PHRASES[ctx.language].noStaffLine };
  await withEvents(deps.db, deps.hub, (tx, events) =>
    setCallOutcome(tx, events, { restaurantId: row.restaurantId, callId: row.id, outcome: 'transferred' }),
  );
  return { destination: { type: 'number', number, message: PACKS[ctx.language].call.connecting } };
}
