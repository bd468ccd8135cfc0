import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { compress } from 'hono/compress';
import { serveStatic } from '@hono/node-server/serve-static';
import type { HttpBindings } from '@hono/node-server';
import { CLIENT_IP_HEADER, trustedOriginsFor } from './auth/auth';
import { bodyLimits } from './http/body-limits';
import { TooManyRequestsError } from './http/creation-limit';
import { HttpError } from './http/errors';
import { checkAuthInput } from './http/auth-input';
import { sameOrigin } from './http/same-origin';
import {
  securityHeaders,
  servePageSetupScript,
  PAGE_SETUP_SCRIPT_PATH,
  toastStyleNonce,
} from './http/security-headers';
import type { AppDeps, AppEnv } from './http/types';
import { seoRoutes } from './http/seo';
import { adminRoutes } from './modules/admin/admin.routes';
import { countWebhookDeliveries } from './modules/admin/webhook-stats';
import { meRoutes } from './modules/me/me.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { menuCategoryRoutes, menuItemRoutes, restaurantRoutes } from './modules/restaurants/restaurant.routes';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes';
import { phoneSystemRoutes } from './modules/phone-system/phone-system.routes';
import { phoneVerificationRoutes } from './modules/phone-verification/phone-verification.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { twilioWebhookRoutes } from './modules/notifications/twilio-webhook.routes';
import { vapiWebhookRoutes } from './modules/voice/vapi-webhook.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { testCallsRoutes } from './modules/test-calls/test-calls.routes';
import { callsRoutes } from './modules/voice/calls.routes';
import { billingRoutes, stripeWebhookRoutes } from './modules/billing/billing.routes';

/** The client's address for rate limiting: the socket's, or the address our trusted proxy saw. */
function clientIp(request: Request, bindings: Partial<HttpBindings> | undefined, trustProxy: boolean) {
  if (trustProxy) {
    // The last hop is the one our proxy appended; earlier entries are whatever the client sent.
    const forwarded = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return bindings?.incoming?.socket?.remoteAddress;
}

const apiRoutes = new Hono<AppEnv>()
  .use('/webhooks/*', countWebhookDeliveries)
  .get('/health', (c) => c.json({ ok: true }))
  .route('/me', meRoutes)
  .route('/orders', ordersRoutes)
  .route('/calls', callsRoutes)
  .route('/restaurant', restaurantRoutes)
  .route('/menu-items', menuItemRoutes)
  .route('/menu-categories', menuCategoryRoutes)
  .route('/onboarding', onboardingRoutes)
  .route('/phone-system', phoneSystemRoutes)
  .route('/phone-verifications', phoneVerificationRoutes)
  .route('/admin', adminRoutes)
  .route('/notifications', notificationsRoutes)
  .route('/webhooks/twilio', twilioWebhookRoutes)
  .route('/webhooks/vapi', vapiWebhookRoutes)
  .route('/webhooks/stripe', stripeWebhookRoutes)
  .route('/billing', billingRoutes)
  .route('/events', eventsRoutes)
  .route('/test-calls', testCallsRoutes);

export type ApiRoutes = typeof apiRoutes;

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use(securityHeaders());

  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      const status = error.status;
      if (status >= 500) deps.logger.error({ err: error }, 'request failed');
      const field = error instanceof HttpError ? error.field : undefined;
      if (error instanceof TooManyRequestsError) c.header('Retry-After', String(error.retryAfterSeconds));
      return c.json({ error: error.message || 'Request failed', field }, status);
    }
    deps.logger.error({ err: error, path: c.req.path }, 'unhandled error');
    return c.json({ error: 'Something went wrong on our side. Please try again.' }, 500);
  });

  // Before anything reads a body or a session: no request body past its limit is ever held (http/body-limits.ts).
  app.use('/api/*', bodyLimits());
  // Before every API handler, better-auth's included: a state-changing request from another origin is refused unread.
  app.use('/api/*', sameOrigin({ allowedOrigins: trustedOriginsFor(deps.env.APP_URL), logger: deps.logger }));

  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    // better-auth stores what it is sent as it is: its bodies meet the shared contracts first (http/auth-input.ts).
    const checked = await checkAuthInput(c.req.raw);
    if (!checked.ok) return c.json(checked.refusal, 400);
    const headers = new Headers(checked.request.headers);
    headers.delete(CLIENT_IP_HEADER);
    const ip = clientIp(c.req.raw, c.env as Partial<HttpBindings> | undefined, deps.env.TRUST_PROXY);
    if (ip) headers.set(CLIENT_IP_HEADER, ip);
    return deps.auth.handler(new Request(checked.request, { headers }));
  });

  app.route('/api', apiRoutes);

  app.all('/api/*', (c) => c.json({ error: `No API route for ${c.req.method} ${c.req.path}` }, 404));

  if (deps.webRoot && existsSync(path.join(deps.webRoot, 'index.html'))) {
    mountWebApp(app, deps.webRoot);
  }

  return app;
}

/** Hashed assets are cached for a year; every other GET gets the SPA shell, which routes on the client. */
function mountWebApp(app: Hono<AppEnv>, webRoot: string) {
  const indexHtml = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  // Registered after the API, so it never touches API responses (nor the SSE stream, which must not be buffered).
  app.use('*', compress());
  app.use('*', toastStyleNonce);
  app.get(PAGE_SETUP_SCRIPT_PATH, servePageSetupScript);
  app.route('/', seoRoutes(webRoot)); // robots.txt, sitemap.xml and the prerendered public pages (http/seo.ts)
  app.use(
    '/assets/*',
    serveStatic({
      root: path.relative(process.cwd(), webRoot),
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  // A file the build did not put in /assets (a source map, an old hash) is missing, not a page of the app.
  app.get('/assets/*', (c) => c.text('Not found', 404));
  app.use(
    '*',
    serveStatic({
      root: path.relative(process.cwd(), webRoot),
      onFound: (_path, c) => c.header('Cache-Control', 'no-cache'),
    }),
  );
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
}
