import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from '@shared/contracts/text';

export { CONTROL_CHARACTER_MESSAGE };

/** The body of a 400 for bad input: the reason, led by the field it is about, and that field's path. */
export interface InputRefusal {
  error: string;
  field?: string;
}

/**
 * The path of the first string (or object key) in a value that holds a control character (shared/contracts/text.ts:
 * tab, newline and carriage return are not), or null when there is none. '' names the value itself.
 */
export function findControlCharacter(value: unknown, at: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return hasControlCharacter(value) ? at.join('.') : null;
  // Parsed JSON nests as deep as it was sent; past this depth no contract reads anything.
  if (!value || typeof value !== 'object' || depth > 64) return null;
  for (const [key, child] of Object.entries(value)) {
    const path = [...at, key];
    if (hasControlCharacter(key)) return path.join('.');
    const found = findControlCharacter(child, path, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** What a failed parse reports, zod's own error or the validator's. */
interface Issues {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

/** The refusal for a contract's first problem. */
export function issueRefusal(error: Issues): InputRefusal {
  const issue = error.issues[0];
  const field = issue?.path.join('.') || undefined;
  return { error: issue ? (field ? `${field}: ${issue.message}` : issue.message) : 'Invalid request', field };
}

/** The refusal for a control character at `path` ('' for the value itself). */
export function controlCharacterRefusal(path: string): InputRefusal {
  const field = path || undefined;
  return { error: field ? `${field}: ${CONTROL_CHARACTER_MESSAGE}` : CONTROL_CHARACTER_MESSAGE, field };
}

/**
 * Validates a request part with a shared contract; a failure is a 400 naming the first bad field. Every string the
 * contract lets through is also checked for control characters, so none reaches a query or a log, whether or not its
 * schema was built from the text helpers.
 */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) return c.json(issueRefusal(result.error), 400);
    const bad = findControlCharacter(result.data);
    if (bad !== null) return c.json(controlCharacterRefusal(bad), 400);
  });
}
