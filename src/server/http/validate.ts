import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';

/** Validates a request part with a shared contract; a failure is a 400 naming the first bad field. */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue?.path.join('.') || undefined;
      const message = issue ? (field ? `${field}: ${issue.message}` : issue.message) : 'Invalid request';
      return c.json({ error: message, field }, 400);
    }
  });
}
