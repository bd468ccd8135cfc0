import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Thrown by services for an outcome the caller caused; becomes `{error}` with this status. */
export class HttpError extends HTTPException {
  constructor(status: ContentfulStatusCode, message: string) {
    super(status, { message });
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);
