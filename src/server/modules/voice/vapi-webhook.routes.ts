import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../../http/types';
import { CONTROL_CHARACTER_MESSAGE, findControlCharacter } from '../../http/validate';
import { vapiBodySchema } from './vapi-messages';
import {
  answerAssistantRequest,
  answerToolCalls,
  answerTransferDestinationRequest,
  recordEndOfCallReport,
  recordStatusUpdate,
  type VapiWebhookDeps,
} from './vapi-webhook.service';

/** End-of-call reports carry the transcript and the message log; anything larger is not from a phone call. */
const MAX_BODY_BYTES = 1024 * 1024;

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Constant-time comparison of two secrets of any length (their digests always have the same length). */
function sameSecret(expected: string, given: string): boolean {
  return timingSafeEqual(digest(expected), digest(given));
}

/** The secrets a request presents: `X-Vapi-Secret` as it is, and `Authorization: Bearer …`. */
function presentedSecrets(c: Context<AppEnv>): string[] {
  const header = c.req.header('x-vapi-secret');
  const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization')?.trim() ?? '')?.[1]?.trim();
  return [header, bearer].filter((s): s is string => Boolean(s));
}

/**
 * Vapi's server messages for every call to our numbers (POST APP_URL/api/webhooks/vapi). The shared secret
 * (VAPI_WEBHOOK_SECRET) is checked before the body is read; without a configured secret every request is refused,
 * so a server that was never connected to Vapi accepts nothing.
 */
export const vapiWebhookRoutes = new Hono<AppEnv>().post(
  '/',
  async (c, next) => {
    const { env, logger } = c.get('deps');
    const secret = env.VAPI_WEBHOOK_SECRET;
    if (!secret) {
      logger.warn('Vapi webhook called but VAPI_WEBHOOK_SECRET is not set');
      return c.json({ error: 'Vapi webhooks are not configured on this server' }, 401);
    }
    // Every presented value is compared, so which header carried a wrong one cannot be told by timing either.
    const matches = presentedSecrets(c).map((given) => sameSecret(secret, given));
    if (!matches.includes(true)) {
      logger.warn({ path: c.req.path }, 'Vapi webhook with a missing or wrong secret');
      return c.json({ error: 'Missing or invalid webhook secret' }, 401);
    }
    await next();
  },
  bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ error: 'Request body too large' }, 413) }),
  async (c) => {
    const deps = c.get('deps');
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return c.json({ error: 'The body is not valid JSON' }, 400);
    }
    const parsed = vapiBodySchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? issue.path.join('.') : 'body';
      return c.json({ error: `Not a Vapi server message: ${where}: ${issue?.message ?? 'invalid'}` }, 400);
    }
    // Only what the message schema kept is read and stored; a control character there (a NUL) is no provider's text.
    const controlAt = findControlCharacter(parsed.data);
    if (controlAt !== null) {
      return c.json({ error: `Not a Vapi server message: ${controlAt || 'body'}: ${CONTROL_CHARACTER_MESSAGE}` }, 400);
    }
    const message = parsed.data.message;
    const webhook: VapiWebhookDeps = {
      ...deps,
      appUrl: deps.env.APP_URL,
      webhookSecret: deps.env.VAPI_WEBHOOK_SECRET ?? '',
    };
    switch (message.type) {
      case 'assistant-request':
        return c.json(await answerAssistantRequest(webhook, message));
      case 'tool-calls':
        return c.json(await answerToolCalls(webhook, message));
      case 'transfer-destination-request':
        return c.json(await answerTransferDestinationRequest(webhook, message));
      case 'status-update':
        await recordStatusUpdate(webhook, message);
        return c.json({});
      case 'end-of-call-report':
        await recordEndOfCallReport(webhook, message);
        return c.json({});
      default:
        // Informational messages (speech, transcripts, hang notices …): acknowledged, nothing to do.
        return c.json({});
    }
  },
);
