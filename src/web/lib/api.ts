/**
 * A failed API call (see `call()` in api-client.ts), carrying the server's `{error}` text so it can be shown to the
 * person as it is, and the `field` it names, if any. Status 0: the server could not be reached.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The message to show for a call refused as too frequent (429): the server's own words, which say when to try
 * again. Any other failure keeps the caller's message.
 */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status === 429 ? error.message : fallback;
}
