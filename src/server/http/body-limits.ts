import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/** The largest JSON body any of the app's own routes takes: a whole menu item with options fits many times over. */
export const APP_BODY_LIMIT_BYTES = 64 * 1024;
/**
 * Provider webhooks: Stripe events and Vapi end-of-call reports (with their transcripts) are the largest bodies sent
 * to us, well under a megabyte.
 */
export const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

const WEBHOOK_PATH = /^\/api\/webhooks\//;

function tooLarge(limitBytes: number): MiddlewareHandler {
  const limit = `${Math.round(limitBytes / 1024)} KB`;
  return bodyLimit({
    maxSize: limitBytes,
    // The rest of the body is never read: the client is told at once, and the connection is not kept for more.
    onError: (c) => {
      c.header('Connection', 'close');
      return c.json({ error: `The request body is too large (the limit is ${limit})` }, 413);
    },
  });
}

/**
 * Caps every API request body before anything reads it (sign-in and better-auth's routes included): by its declared
 * Content-Length at once, and, for a body sent without one, while it streams in — never more than the limit is held.
 * Node's parser never hands over more bytes than a Content-Length declares, so a header that lies gains nothing.
 */
export function bodyLimits({
  appBytes = APP_BODY_LIMIT_BYTES,
  webhookBytes = WEBHOOK_BODY_LIMIT_BYTES,
}: { appBytes?: number; webhookBytes?: number } = {}): MiddlewareHandler {
  const app = tooLarge(appBytes);
  const webhooks = tooLarge(webhookBytes);
  return (c, next) => (WEBHOOK_PATH.test(c.req.path) ? webhooks(c, next) : app(c, next));
}
