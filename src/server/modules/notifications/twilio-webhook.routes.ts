import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../../http/types';
import { applyDeliveryReport } from './notifications.service';

/**
 * Delivery reports from the SMS provider (Twilio posts its status callbacks here). The provider's adapter checks the
 * signature on the raw request before anything in it is used and turns its statuses into ours; the report is then
 * matched to the outbox by the message id the provider gave us at send time.
 */
export const twilioWebhookRoutes = new Hono<AppEnv>().post(
  '/status',
  bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.json({ error: 'Request body too large' }, 413) }),
  async (c) => {
    const deps = c.get('deps');
    if (!deps.sms.readDeliveryReport) return c.json({ error: 'Twilio is not configured on this server' }, 404);

    const report = await deps.sms.readDeliveryReport(c.req.raw, deps.env.APP_URL);
    switch (report.kind) {
      case 'unauthorized':
        deps.logger.warn({ path: c.req.path }, 'Twilio status callback with a missing or invalid signature');
        return c.json({ error: 'Invalid Twilio signature' }, 403);
      case 'invalid':
        return c.json({ error: report.reason }, 400);
      case 'ignored':
        return c.body(null, 204);
    }
    const matched = await applyDeliveryReport(deps, report);
    // Twilio does not retry a callback for an answer it got, so there is nothing to gain from an error status here.
    if (!matched)
      deps.logger.info({ providerMessageId: report.providerMessageId }, 'delivery report for a text not in the outbox');
    return c.body(null, 204);
  },
);
