import { formatCents } from '@shared/domain/money';
import { formatOrderNumber } from '@shared/domain/orders';
import type { LlmMessage } from '../../providers/llm/llm-provider';
import { PACKS } from '../language';
import { draftOf, type Conversation } from './engine-types';

/**
 * What one model request carries, in bytes of its messages as JSON. Every request resends the call's history, so
 * without a budget a long call costs more with each turn; past it, the oldest turns give way (fitHistory).
 */
export const MODEL_HISTORY_BUDGET_BYTES = 16 * 1024;

/**
 * Room earlier turns always get, even when the system prompt alone fills the budget (a menu of hundreds of dishes):
 * the model still needs the last exchange or two to understand a bare "yes".
 */
export const MIN_EARLIER_TURNS_BYTES = 4 * 1024;

/** Words a caller gave (a name, a note), kept to one short line in the prompt. */
function oneLine(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * The call's state as a section of the system prompt: the order once it is placed (so it is in every request, even
 * when the turns that placed it are left out), and whether earlier turns were left out. Null when there is nothing
 * to say: no order yet and the whole conversation sent.
 */
export function callStateSection(conversation: Conversation, hasLeftOut: boolean): string | null {
  const t = PACKS[conversation.language].prompt.callState;
  const isPlaced = conversation.orderId !== null || conversation.lines.length > 0 || conversation.customText !== null;
  if (!isPlaced && !hasLeftOut) return null;
  const facts: string[] = [];
  if (hasLeftOut) facts.push(t.turnsLeftOut);
  if (isPlaced) {
    const draft = draftOf(conversation);
    const items = draft.lines
      .map((line) => `${line.quantity} × ${oneLine(line.name, 100)}${line.notes ? ` (${oneLine(line.notes)})` : ''}`)
      .join(', ');
    const reference = {
      number: conversation.orderNumber ? formatOrderNumber(conversation.orderNumber) : null,
      name: draft.customerName ? oneLine(draft.customerName, 100) : null,
    };
    facts.push(t.orderPlaced(reference, items || '—', formatCents(draft.totalCents)));
    if (draft.customText) facts.push(t.specialRequest(oneLine(draft.customText, 500)));
  } else {
    facts.push(t.noOrderYet);
  }
  return `## ${t.title}\n${facts.map((fact) => `- ${fact}`).join('\n')}`;
}

const sizes = new WeakMap<LlmMessage, number>();

/** A message's size as it is sent: its JSON, in UTF-8 bytes. */
export function messageBytes(message: LlmMessage): number {
  let size = sizes.get(message);
  if (size === undefined) {
    size = Buffer.byteLength(JSON.stringify(message), 'utf8');
    sizes.set(message, size);
  }
  return size;
}

const bytesOf = (messages: readonly LlmMessage[]) => messages.reduce((sum, m) => sum + messageBytes(m), 0);

/**
 * The history in turns: the greeting (what the assistant said before the caller spoke), then one group per caller
 * message with the tool calls, tool answers and replies that followed it. A group is whole: an assistant message
 * asking for tools is never separated from the answers the API requires after it.
 */
function turnsOf(messages: readonly LlmMessage[]): LlmMessage[][] {
  const turns: LlmMessage[][] = [];
  for (const message of messages) {
    if (message.role === 'system') continue;
    if (message.role === 'user' || turns.length === 0) turns.push([message]);
    else turns[turns.length - 1]!.push(message);
  }
  return turns;
}

/** A turn as it was heard: the caller's words and what the assistant said, without the tool traffic in between. */
function heard(turn: readonly LlmMessage[]): LlmMessage[] {
  const caller = turn.filter((m) => m.role === 'user');
  const said = turn.flatMap((m) => (m.role === 'assistant' && m.content?.trim() ? [m.content.trim()] : [])).join(' ');
  return said ? [...caller, { role: 'assistant', content: said }] : caller;
}

export interface FittedHistory {
  /** What the request sends: the system prompt (with the call's state), the earlier turns that fit, this turn. */
  messages: LlmMessage[];
  /** The earlier turns as sent, to be stored for the next turn. */
  earlier: LlmMessage[];
  /** Whether any earlier turn was left out or shortened. */
  hasLeftOut: boolean;
}

/**
 * Fits one request into the budget. The system prompt, the call's state and the current turn (the caller's words and
 * this turn's tool rounds so far) always go; earlier turns fill the room left, newest first: whole while they fit,
 * then as they were heard (no tool traffic), and the rest are left out. The budget holds unless the prompt and the
 * current turn alone exceed it; earlier turns then still get MIN_EARLIER_TURNS_BYTES.
 */
export function fitHistory({
  systemPrompt,
  callState,
  earlier,
  current,
  budgetBytes = MODEL_HISTORY_BUDGET_BYTES,
}: {
  systemPrompt: string;
  /** The call's state as a prompt section (callStateSection), given whether earlier turns are left out. */
  callState: (hasLeftOut: boolean) => string | null;
  earlier: readonly LlmMessage[];
  current: readonly LlmMessage[];
  budgetBytes?: number;
}): FittedHistory {
  const system = (hasLeftOut: boolean): LlmMessage => {
    const state = callState(hasLeftOut);
    return { role: 'system', content: state ? `${systemPrompt}\n\n${state}` : systemPrompt };
  };
  const turns = turnsOf(earlier);
  const whole = turns.flat();
  const complete = system(false);
  if (messageBytes(complete) + bytesOf(whole) + bytesOf(current) <= budgetBytes) {
    return { messages: [complete, ...whole, ...current], earlier: whole, hasLeftOut: false };
  }

  const shortened = system(true);
  let room = Math.max(budgetBytes - messageBytes(shortened) - bytesOf(current), MIN_EARLIER_TURNS_BYTES);
  const kept: LlmMessage[][] = [];
  let isWhole = true;
  for (let i = turns.length - 1; i >= 0; i--) {
    const turn = turns[i]!;
    const full = isWhole && bytesOf(turn) <= room ? turn : null;
    const fitted = full ?? heard(turn);
    if (!full) isWhole = false;
    if (bytesOf(fitted) > room) break;
    room -= bytesOf(fitted);
    kept.unshift(fitted);
  }
  const sent = kept.flat();
  // With a long prompt, the floor may still hold every turn whole.
  const hasLeftOut = kept.length < turns.length || !isWhole;
  return { messages: [hasLeftOut ? shortened : complete, ...sent, ...current], earlier: sent, hasLeftOut };
}
