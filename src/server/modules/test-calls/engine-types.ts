import type { TestCallDraft } from '@shared/contracts/test-calls';
import type { Language } from '@shared/domain/languages';
import type { Cents } from '@shared/domain/money';
import { nameWithOptions, orderTotal, type ChosenOption } from '@shared/domain/menu-options';
import type { CallContext } from '../voice/call-context';
import type { ToolAnswer, ToolName } from '../voice/tool-types';
import type { LlmMessage } from '../../providers/llm/llm-provider';

/** One line of the order being taken, matched to the menu. */
export interface DraftLine {
  menuItemId: string;
  name: string;
  quantity: number;
  notes: string | null;
  /** With the chosen options' price changes. */
  unitPriceCents: Cents;
  /** Sizes and extras chosen; absent in conversations stored before options. */
  options?: ChosenOption[];
  /** What the caller does not want on it ("olives"), also in the notes as the ticket says it ("no olives"). */
  exclusions?: string[];
}

/** Everything a test call remembers between the caller's turns; stored as JSON on the call row. */
export interface Conversation {
  language: Language;
  /** 'ordering' until the read-back, 'confirming' while waiting for yes/no, then 'placed' or 'ended'. */
  stage: 'ordering' | 'confirming' | 'placed' | 'ended';
  lines: DraftLine[];
  customText: string | null;
  customerName: string | null;
  /** What the engine asked last, so a short answer ("two", "yes", "Dana") can be understood. */
  awaiting: 'name' | 'quantity' | 'confirmation' | 'anything_else' | null;
  /** The line a bare quantity answer applies to. */
  pendingItemId: string | null;
  orderId: string | null;
  /** The placed order's number for the day (#12); absent in conversations stored before numbers. */
  orderNumber?: number | null;
  /** The later pickup time the caller asked for and the kitchen can keep (ISO 8601); absent for as soon as possible. */
  pickupTime?: string | null;
  transferred: boolean;
  /** Turn counter: tool-call ids are derived from it, so a repeated request never places twice. */
  turn: number;
  engine: 'rules' | 'llm';
  /** The language-model engine's history. */
  messages: LlmMessage[];
}

/** Runs one of the assistant's tools through the shared tool executor, within this call. */
export type ToolRunner = (name: ToolName, args: Record<string, unknown>) => Promise<ToolAnswer>;

export interface EngineTurn {
  reply: string;
  conversation: Conversation;
  ended: boolean;
  notice?: string | null;
}

/** A conversation engine: the built-in rules, or an OpenAI-compatible model. Both use the same tools. */
export interface ConversationEngine {
  readonly name: 'rules' | 'llm';
  greet(ctx: CallContext, conversation: Conversation): EngineTurn;
  respond(input: {
    ctx: CallContext;
    conversation: Conversation;
    text: string;
    tools: ToolRunner;
    /** The turn's moment (now unless set): a turn answered on another thread is judged at the time it was asked. */
    now?: Date;
  }): Promise<EngineTurn>;
}

export function newConversation(language: Language, engine: 'rules' | 'llm'): Conversation {
  return {
    language,
    stage: 'ordering',
    lines: [],
    customText: null,
    customerName: null,
    awaiting: null,
    pendingItemId: null,
    orderId: null,
    transferred: false,
    turn: 0,
    engine,
    messages: [],
  };
}

export function draftOf(conversation: Conversation): TestCallDraft {
  return {
    lines: conversation.lines.map(({ name, quantity, notes, unitPriceCents, options = [], exclusions = [] }) => ({
      name: nameWithOptions(name, options),
      dish: name,
      quantity,
      options: options.map(({ group, choice }) => ({ group, choice })),
      exclusions,
      notes,
      unitPriceCents,
    })),
    customText: conversation.customText,
    customerName: conversation.customerName,
    totalCents: orderTotal(conversation.lines),
  };
}
