import type { ZodError } from 'zod';
import { ApiError } from '@web/lib/api';

/** Field path ('hours.2.closeTime') → the first message for it. */
export type FieldErrors = Record<string, string>;

export function zodFieldErrors(error: ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) errors[issue.path.join('.') || '_form'] ??= issue.message;
  return errors;
}

/** The server names the bad field; show its message next to that field. */
export function apiFieldErrors(error: unknown): FieldErrors {
  if (error instanceof ApiError && error.field) {
    const prefix = `${error.field}: `;
    return { [error.field]: error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message };
  }
  return {};
}

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
