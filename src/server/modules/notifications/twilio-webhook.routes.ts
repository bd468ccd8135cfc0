import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../../http/types';
import { applyDeliveryReport, TWILIO_STATUS_CALLBACK_PATH } from './notifications.service';

/** Where Twilio posts message status callbacks; the same address the send job gives Twilio as StatusCallback. */

type DeliveryStatus = 'sent' | 'delivered' | 'failed';

/** Twilio's message statuses that say something about our texts; others (read, receiving, …) are ignored. */
const DELIVERY_STATUS: Partial<Record<string, DeliveryStatus>> = {
  accepted: 'sent',
  queued: 'sent',
  sending: 'sent',
  sent: 'sent',
  delivered: 'delivered',
  undelivered: 'failed',
  failed: 'failed',
};

/** SMS status callbacks carry ErrorCode but usually no ErrorMessage, so the common codes get Twilio's title here. */
const ERROR_TITLES: Partial<Record<string, string>> = {
  '30001': 'Queue overflow',
  '30002': 'Account suspended',
  '30003': 'Unreachable destination handset',
  '30004': 'Message blocked',
  '30005': 'Unknown destination handset',
  '30006': 'Landline or unreachable carrier',
  '30007': 'Message filtered by the carrier',
  '30008': 'Unknown error',
  '30034': 'Message from an unregistered number (A2P 10DLC)',
};

/**
 * Twilio's delivery reports. The signature (X-Twilio-Signature, an HMAC of our public URL and the posted form fields
 * with our auth token) is checked before anything in the body is used. The report is matched to the outbox by the
 * message SID Twilio gave us at send time.
 */
export const twilioWebhookRoutes = new Hono<AppEnv>().post(
  '/status',
  bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.json({ error: 'Request body too large' }, 413) }),
  async (c) => {
    const deps = c.get('deps');
    if (!deps.sms.verifyWebhook) return c.json({ error: 'Twilio is not configured on this server' }, 404);

    const params = Object.fromEntries(new URLSearchParams(await c.req.text()));
    const url = `${deps.env.APP_URL}${TWILIO_STATUS_CALLBACK_PATH}`;
    if (!deps.sms.verifyWebhook(c.req.header('x-twilio-signature'), url, params)) {
      deps.logger.warn({ url }, 'Twilio status callback with a missing or invalid signature');
      return c.json({ error: 'Invalid Twilio signature' }, 403);
    }

    const { MessageSid: messageSid, MessageStatus: messageStatus } = params;
    if (!messageSid || !messageStatus) return c.json({ error: 'MessageSid and MessageStatus are required' }, 400);
    const status = DELIVERY_STATUS[messageStatus];
    if (!status) return c.body(null, 204);

    const matched = await applyDeliveryReport(deps, {
      providerMessageId: messageSid,
      status,
      error: status === 'failed' ? failureReason(params) : undefined,
    });
    // Twilio does not retry a callback for an answer it got, so there is nothing to gain from an error status here.
    if (!matched)
      deps.logger.info({ messageSid, messageStatus }, 'Twilio status callback for a text not in the outbox');
    return c.body(null, 204);
  },
);

function failureReason({ ErrorCode: code, ErrorMessage: message }: Record<string, string>) {
  if (!code) return message || undefined;
  return `${code}: ${message || ERROR_TITLES[code] || 'The carrier could not deliver the message'}`;
}
