/**
 * The typed PickupLine API client. Paths, inputs (`json`, `query`, `param`) and response types all come from the
 * server's routes (`ApiRoutes`), so renaming a route or changing what it answers breaks the web's typecheck.
 *
 * This is the one file in src/web that may refer to src/server, and only for a type: the import below disappears
 * from the bundle (see "Layers and the dependency rule" in docs/ARCHITECTURE.md).
 */
import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { ApiRoutes } from '@server/app';
import { ApiError } from './api';

const UNREACHABLE = 'Could not reach PickupLine. Check your connection and try again.';

/** `fetch` as it is when called (tests stub it), with a network failure turned into an ApiError with status 0. */
async function fetchOrThrow(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch {
    throw new ApiError(0, UNREACHABLE);
  }
}

/** Where the server mounts `ApiRoutes`. */
const API_BASE = '/api';

export const apiClient = hc<ApiRoutes>(API_BASE, { fetch: fetchOrThrow, init: { credentials: 'same-origin' } });

/** The URL of a route used outside the client (an EventSource): `apiUrl(apiClient.events.$path())`. */
export const apiUrl = (path: string) => `${API_BASE}${path}`;

/** The body of the successful (2xx) answers a client call can get; a route's error answers are left out. */
export type ApiSuccess<R> =
  R extends ClientResponse<infer Body, infer Status, infer _Format>
    ? Status extends SuccessStatusCode
      ? Body
      : never
    : never;

/**
 * Awaits a client call and returns its parsed JSON body, or throws an ApiError carrying the server's
 * `{error, field}` (with the HTTP status) when the answer is not 2xx. An empty body (204) gives null, as the route
 * declares with `c.body(null, 204)`.
 *
 *     const { orders } = await call(apiClient.orders.$get({ query }));
 */
export async function call<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R>,
): Promise<ApiSuccess<R>> {
  const response = await request;
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!response.ok) {
    const payload = (data ?? {}) as { error?: string; field?: string };
    throw new ApiError(response.status, payload.error ?? `Request failed (${response.status})`, payload.field);
  }
  // The one place a parsed body meets its type: the route that produced it declared that type.
  return data as ApiSuccess<R>;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
