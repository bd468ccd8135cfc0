import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Thrown by services for an outcome the caller caused; becomes `{error, field?}` with this status. */
export class HttpError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    message: string,
    readonly field?: string,
  ) {
    super(status, { message: field ? `${field}: ${message}` : message });
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);
