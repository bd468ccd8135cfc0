import { z } from 'zod';

/**
 * Text is text. Every string a person types is one of two kinds, the same in the browser's forms and on the server:
 * - a single line (an <input>: a name, an address line, a search): nothing that breaks or jumps along a line;
 * - multi-line text (a <textarea>: a description, a custom order, a greeting): line breaks and tabs are kept.
 * Neither holds a control character: NUL (which PostgreSQL text cannot store), another C0 control, or DEL. Both are
 * trimmed at their ends first, so a stray newline after a pasted name is not a mistake.
 */

/** C0 controls and DEL, except tab, newline and carriage return (the whitespace multi-line text may carry). */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Tab, newline, carriage return and Unicode's own line ends (NEL, line and paragraph separators). */
const LINE_BREAK_OR_TAB = /[\t\n\r\u0085\u2028\u2029]/;

export const CONTROL_CHARACTER_MESSAGE = 'Remove the control character (such as a NUL) from this text';
export const SINGLE_LINE_MESSAGE = 'Use a single line of text, without line breaks or tabs';

export const hasControlCharacter = (text: string): boolean => CONTROL_CHARACTER.test(text);
export const isSingleLine = (text: string): boolean => !LINE_BREAK_OR_TAB.test(text);

/**
 * One line of text, trimmed. Chain the field's own rules after it (`.min(1, …)`, `.max(n, …)`); `notText` is the
 * message for a value that is not a string at all.
 */
export function singleLineText(notText?: string) {
  return z
    .string(notText)
    .trim()
    .refine((text) => !hasControlCharacter(text), CONTROL_CHARACTER_MESSAGE)
    .refine(isSingleLine, SINGLE_LINE_MESSAGE);
}

/** Text of any number of lines, trimmed; tabs and line breaks inside are kept. */
export function multiLineText(notText?: string) {
  return z
    .string(notText)
    .trim()
    .refine((text) => !hasControlCharacter(text), CONTROL_CHARACTER_MESSAGE);
}

/** A required field with the house messages: '{label} is required', '{label} must be at most {max} characters'. */
export function requiredText(label: string, max: number, { multiLine = false }: { multiLine?: boolean } = {}) {
  return (multiLine ? multiLineText(`${label} is required`) : singleLineText(`${label} is required`))
    .min(1, `${label} is required`)
    .max(max, tooLong(label, max));
}

/** '{label} must be at most {max} characters': the one wording for every length limit. */
export const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;
