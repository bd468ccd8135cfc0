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
