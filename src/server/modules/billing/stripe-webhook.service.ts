import { and, eq, isNotNull } from 'drizzle-orm';
import { webhookEvents } from '../../db/schema';
import type { WebhookReadResult } from '../../providers/billing/billing-provider';
import { adoptCustomer, ownerOfCustomer, syncSubscription, type BillingDeps } from './billing.service';

/** The events that can change a subscription; every other type is acknowledged and ignored. */
export const HANDLED_STRIPE_EVENTS: ReadonlySet<string> = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
]);

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored' | 'unknown-customer';

/**
 * A verified Stripe event. It is only a trigger: whichever event it is, the owner's subscription is re-read from
 * Stripe and stored, so duplicates and events out of order all converge on Stripe's current state. An event id is
 * processed once; if syncing fails the error propagates (Stripe retries) and the event stays unprocessed.
 */
export async function handleStripeEvent(
  deps: BillingDeps,
  event: Extract<WebhookReadResult, { kind: 'event' }>,
): Promise<WebhookOutcome> {
  const [done] = await deps.db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.provider, 'stripe'),
        eq(webhookEvents.eventId, event.id),
        isNotNull(webhookEvents.processedAt),
      ),
    );
  if (done) return 'duplicate';
  await deps.db
    .insert(webhookEvents)
    .values({ provider: 'stripe', eventId: event.id })
    .onConflictDoNothing({ target: [webhookEvents.provider, webhookEvents.eventId] });

  const outcome = await process(deps, event);
  await deps.db
    .update(webhookEvents)
    .set({ processedAt: new Date() })
    .where(and(eq(webhookEvents.provider, 'stripe'), eq(webhookEvents.eventId, event.id)));
  return outcome;
}

async function process(
  deps: BillingDeps,
  event: Extract<WebhookReadResult, { kind: 'event' }>,
): Promise<WebhookOutcome> {
  if (!HANDLED_STRIPE_EVENTS.has(event.type) || !event.customerId) return 'ignored';
  let owner = await ownerOfCustomer(deps.db, event.customerId);
  if (!owner && event.userId && (await adoptCustomer(deps, event.userId, event.customerId))) {
    owner = await ownerOfCustomer(deps.db, event.customerId);
  }
  if (!owner) {
    deps.logger.warn({ eventId: event.id, type: event.type }, 'Stripe event for a customer this app does not know');
    return 'unknown-customer';
  }
  await syncSubscription(deps, owner);
  return 'processed';
}
