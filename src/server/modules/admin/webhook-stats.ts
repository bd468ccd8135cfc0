import type { MiddlewareHandler } from 'hono';
import { sql } from 'drizzle-orm';
import { WEBHOOK_PROVIDERS, type WebhookProvider, type WebhookStats } from '@shared/contracts/admin';
import type { Database } from '../../db/client';
import { webhookStats } from '../../db/schema';
import type { AppEnv } from '../../http/types';

const isWebhookProvider = (value: string | undefined): value is WebhookProvider =>
  (WEBHOOK_PROVIDERS as readonly string[]).includes(value ?? '');

/** The provider a webhook path names: the segment after 'webhooks' (/api/webhooks/twilio/status → 'twilio'). */
export function webhookProviderOf(path: string): WebhookProvider | null {
  const segments = path.split('/');
  const provider = segments[segments.indexOf('webhooks') + 1];
  return segments.includes('webhooks') && isWebhookProvider(provider) ? provider : null;
}

/**
 * Counts one delivery as it was answered: every one is received; a 4xx answer (bad signature or secret, a body that
 * is not the provider's, a provider this server is not connected to) is also a rejection. One atomic upsert, so
 * deliveries counted at the same time on several instances all count.
 */
export async function recordWebhookDelivery(
  db: Database,
  { provider, status, at = new Date() }: { provider: WebhookProvider; status: number; at?: Date },
) {
  const rejected = status >= 400 && status < 500;
  await db
    .insert(webhookStats)
    .values({
      provider,
      lastReceivedAt: at,
      receivedCount: 1,
      rejectedCount: rejected ? 1 : 0,
      lastRejectedAt: rejected ? at : null,
      lastRejectedStatus: rejected ? status : null,
    })
    .onConflictDoUpdate({
      target: webhookStats.provider,
      set: {
        lastReceivedAt: at,
        receivedCount: sql`${webhookStats.receivedCount} + 1`,
        ...(rejected
          ? {
              rejectedCount: sql`${webhookStats.rejectedCount} + 1`,
              lastRejectedAt: at,
              lastRejectedStatus: status,
            }
          : {}),
      },
    });
}

/**
 * Mounted on /webhooks/*: lets the webhook answer, then counts the delivery for the provider its path names (any
 * webhook added later under that path is counted too). Counting never changes the answer: a failure is logged, with
 * no part of the request in the log, and swallowed.
 */
export const countWebhookDeliveries: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const provider = webhookProviderOf(c.req.path);
  if (!provider) return;
  const { db, logger } = c.get('deps');
  try {
    await recordWebhookDelivery(db, { provider, status: c.res.status });
  } catch (error) {
    logger.warn({ err: error, provider, status: c.res.status }, 'could not count a webhook delivery');
  }
};

/** One entry per provider, zeros and nulls for a provider that has not called yet. */
export async function listWebhookStats(db: Database): Promise<WebhookStats[]> {
  const rows = await db.select().from(webhookStats);
  return WEBHOOK_PROVIDERS.map((provider) => {
    const row = rows.find((r) => r.provider === provider);
    return {
      provider,
      lastReceivedAt: row?.lastReceivedAt?.toISOString() ?? null,
      receivedCount: row?.receivedCount ?? 0,
      rejectedCount: row?.rejectedCount ?? 0,
      lastRejectedAt: row?.lastRejectedAt?.toISOString() ?? null,
      lastRejectedStatus: row?.lastRejectedStatus ?? null,
    };
  });
}
