import type { CallKind, CallOutcome } from '@shared/domain/calls';
import type { Language } from '@shared/domain/languages';

/** The assistant's tools, as the voice provider and the test call name them. */
export const TOOL_NAMES = ['get_menu', 'check_hours', 'place_order', 'get_order_status', 'transfer_to_staff'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

/** The call a tool runs in: our calls row, its restaurant and the caller ID (never a number heard in speech). */
export interface ActiveCall {
  /** calls.id */
  id: string;
  restaurantId: string;
  /** E.164 from caller ID, or null when withheld. */
  callerNumber: string | null;
  kind: CallKind;
  /**
   * The language the call is held in, when the caller of the tool already read it from the call row (null: the
   * restaurant's); left out, the tool reads it.
   */
  language?: Language | null;
}

/** One tool invocation, already parsed from whichever payload shape carried it. */
export interface ToolInvocation {
  /** The provider's toolCallId: the same id delivered twice gets the same answer. */
  id: string;
  name: string;
  /** The arguments as an object (a JSON string is parsed before it gets here). */
  args: Record<string, unknown>;
}

/** A tool's answer: one short, speakable, single-line sentence or two, plus what happened, for the call log. */
export interface ToolAnswer {
  result: string;
  /** Set when the tool refused or failed in a way the caller hears as an apology (still HTTP 200 to the provider). */
  isError?: boolean;
  orderId?: string | null;
  /** The order's number for the day (#12), said to the caller when the order is placed. */
  orderNumber?: number | null;
  /** The number to transfer the caller to, when the tool decided on a transfer. */
  transferTo?: string | null;
  /** The outcome this tool call gives the call (busy, closed, expired, ordered, transferred …), if any. */
  outcome?: CallOutcome;
}
