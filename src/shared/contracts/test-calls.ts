import { z } from 'zod';
import { singleLineText } from './text';
import { LANGUAGE_CODES } from '../domain/languages';
import type { Cents } from '../domain/money';

export const startTestCallSchema = z.object({
  language: z.enum(LANGUAGE_CODES, 'Choose English, Spanish, French or Chinese').optional(),
  callerNumber: z
    .string()
    .trim()
    .regex(/^\+[1-9]\d{7,14}$/, 'Give the caller number in E.164 form, like +14155550123')
    .optional(),
});
export type StartTestCallInput = z.infer<typeof startTestCallSchema>;

export const testCallMessageSchema = z.object({
  text: singleLineText().min(1, 'Say or type something first').max(1000, 'That is too long for one turn'),
});

/** What the assistant has understood so far, for the call page's side panel. */
export interface TestCallDraft {
  lines: {
    /** The dish with its options, as the ticket reads: 'Pizza (Large, Ham)'. */
    name: string;
    /** The dish alone, as the menu names it: 'Pizza'. */
    dish: string;
    quantity: number;
    /** Each chosen option by its group: [{ group: 'Size', choice: 'Large' }, { group: 'Toppings', choice: 'Ham' }]. */
    options: { group: string; choice: string }[];
    /** What the caller does not want on it: ['olives'] (the notes say 'no olives'). */
    exclusions: string[];
    notes: string | null;
    unitPriceCents: Cents;
  }[];
  customText: string | null;
  customerName: string | null;
  totalCents: Cents;
}

export interface TestCallTurn {
  reply: string;
  ended: boolean;
  orderId: string | null;
  transferred: boolean;
  draft: TestCallDraft;
  /** Which engine answered: the built-in rules, or the configured language model. */
  engine: 'rules' | 'llm';
  /** Said when something the owner should know happened, e.g. the model failed and the built-in engine took over. */
  notice: string | null;
}

export interface StartTestCallResponse extends TestCallTurn {
  callId: string;
  language: (typeof LANGUAGE_CODES)[number];
}
