import { createAuthClient } from 'better-auth/react';

export const authClient = createAuthClient({ basePath: '/api/auth' });

/**
 * What the auth client returns for a refused request: better-auth's own `{code, message}`, or the server's
 * `{error, field}` when its check of the body refused it first (server/http/auth-input.ts).
 */
export interface AuthRefusal {
  status: number;
  code?: string;
  message?: string;
  error?: string;
  field?: string;
}

/** The server's reason for refusing one field of an auth request, without the field's name before it. */
export function fieldRefusal(refusal: AuthRefusal, field: string): string | undefined {
  if (refusal.field !== field || !refusal.error) return undefined;
  const prefix = `${field}: `;
  return refusal.error.startsWith(prefix) ? refusal.error.slice(prefix.length) : refusal.error;
}
