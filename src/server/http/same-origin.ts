import type { MiddlewareHandler } from 'hono';
import { PRODUCT_NAME } from '@shared/product';
import type { Logger } from '../logger';

/** Methods that only read: the wall lets them through. Every other method may change something. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Provider webhooks live here: their signature or shared secret is their authentication, not the caller's origin. */
export const WEBHOOKS_PATH = '/api/webhooks';

export const CROSS_ORIGIN_REFUSED = `Cross-origin request refused: this request must come from the ${PRODUCT_NAME} app itself.`;

function isWebhook(path: string) {
  return path === WEBHOOKS_PATH || path.startsWith(`${WEBHOOKS_PATH}/`);
}

/** The origin a Referer names, or null when it is missing or is not a URL. */
function refererOrigin(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    const origin = new URL(referer).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The cross-origin wall: every state-changing request under /api must say it comes from one of the app's own
 * origins, by its `Origin` header or, when a client sends none, the origin of its `Referer`. Anything else (a foreign
 * origin, `Origin: null`, neither header) is answered 403 before any handler runs, so nothing is written. Provider
 * webhooks are exempt. A session cookie alone never authorises a write, whatever the browser does with SameSite.
 */
export function sameOrigin({ allowedOrigins, logger }: { allowedOrigins: readonly string[]; logger: Logger }) {
  const allowed = new Set(allowedOrigins);
  const handler: MiddlewareHandler = async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || isWebhook(c.req.path)) return next();
    const origin = c.req.header('origin');
    // A present Origin decides alone (a browser's Origin: null included); only its absence falls back to Referer.
    const claimed = origin !== undefined ? origin : refererOrigin(c.req.header('referer'));
    if (claimed !== null && allowed.has(claimed)) return next();
    logger.warn({ method: c.req.method, path: c.req.path, origin: claimed ?? 'none' }, 'cross-origin request refused');
    return c.json({ error: CROSS_ORIGIN_REFUSED }, 403);
  };
  return handler;
}
