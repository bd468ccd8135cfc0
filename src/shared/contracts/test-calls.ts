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
  lines: { name: string; quantity: number; notes: string | null; unitPriceCents: Cents }[];
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
