import { and, eq, isNull } from 'drizzle-orm';
import type { BillingResponse, PlanSummary, RedirectResponse } from '@shared/contracts/billing';
import { isPaidStatus, profileStatusFor } from '@shared/domain/subscription';
import { MSG } from '@shared/messages';
import { PRO_PLAN } from '@shared/product';
import type { Database } from '../../db/client';
import { restaurantProfiles, subscriptions, user as users } from '../../db/schema';
import type { Logger } from '../../logger';
import type { RealtimeHub } from '../../realtime/realtime-hub';
import { withEvents } from '../../realtime/with-events';
import {
  BillingDeclinedError,
  BillingProviderError,
  type BillingProvider,
  type ProviderSubscription,
} from '../../providers/billing/billing-provider';
import type { LocalBillingProvider } from '../../providers/billing/local-billing-provider';
import { HttpError, notFound } from '../../http/errors';
import { planSummaryOf, readSubscription } from './plan-view';
import { withOwnerLock } from './owner-lock';

export interface BillingDeps {
  db: Database;
  hub: Pick<RealtimeHub, 'deliver'>;
  billing: BillingProvider;
  logger: Logger;
  appUrl: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Stripe Checkout wants a trial end at least 48 hours away; a shorter rest of the trial is not carried over. */
const MIN_CARRIED_TRIAL_MS = 2 * DAY_MS + 60 * 60 * 1000;
/** An open checkout older than this is replaced, so its trial end and prices are never stale. */
const CHECKOUT_REUSE_MS = 60 * 60 * 1000;
const INVOICES_SHOWN = 24;

export const successUrl = (appUrl: string) => `${appUrl}/payment/success`;
export const cancelUrl = (appUrl: string) => `${appUrl}/payment/canceled`;
export const billingPageUrl = (appUrl: string) => `${appUrl}/account/billing`;

/** A provider failure as the owner sees it: the provider's own words for a declined card, ours otherwise. */
function providerFailure(error: unknown, message: string, logger: Logger): never {
  if (error instanceof BillingDeclinedError) throw new HttpError(402, error.message);
  if (error instanceof HttpError) throw error;
  logger.error({ err: error }, message);
  throw new HttpError(502, message);
}

/**
 * Re-reads the owner's subscription from the provider and stores it: the one way our copy changes, used by the
 * webhook, the success page, the billing page and the local test mode alike. Events may arrive twice or out of
 * order; reading the provider's current state each time makes that harmless. The profile's plan status follows.
 */
export async function syncSubscription(deps: BillingDeps, userId: string): Promise<PlanSummary> {
  return withOwnerLock(userId, async () => {
    const row = await readSubscription(deps.db, userId);
    if (!row?.customerId) return planSummaryOf(row);
    let latest: ProviderSubscription | null;
    try {
      latest = await deps.billing.latestSubscription(row.customerId);
    } catch (error) {
      providerFailure(error, MSG.fetchSubscriptionFailed, deps.logger);
    }
    return storeSubscription(deps, userId, latest);
  });
}

/** Writes the provider's subscription (or its absence) to our copy and the profile, telling open dashboards. */
async function storeSubscription(
  deps: BillingDeps,
  userId: string,
  latest: ProviderSubscription | null,
  now: Date = new Date(),
): Promise<PlanSummary> {
  return withEvents(deps.db, deps.hub, async (tx, events) => {
    const [before] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update');
    const [after] = await tx
      .update(subscriptions)
      .set({
        subscriptionId: latest?.id ?? null,
        status: latest?.status ?? null,
        priceId: latest?.priceId ?? null,
        currentPeriodEnd: latest?.currentPeriodEnd ?? null,
        cancelAtPeriodEnd: latest?.cancelAtPeriodEnd ?? false,
        paymentMethodBrand: latest?.paymentMethod?.brand ?? null,
        paymentMethodLast4: latest?.paymentMethod?.last4 ?? null,
        updatedAt: now,
      })
      .where(eq(subscriptions.userId, userId))
      .returning();
    const plan = planSummaryOf(after);

    const [profile] = await tx
      .select({ status: restaurantProfiles.subscriptionStatus, trialEndsAt: restaurantProfiles.trialEndsAt })
      .from(restaurantProfiles)
      .where(eq(restaurantProfiles.id, userId))
      .for('update');
    let profileChanged = false;
    if (profile) {
      const status = profileStatusFor({ trialEndsAt: profile.trialEndsAt, plan }, now);
      if (status !== profile.status) {
        await tx
          .update(restaurantProfiles)
          .set({ subscriptionStatus: status })
          .where(eq(restaurantProfiles.id, userId));
        profileChanged = true;
      }
    }
    if (
      profileChanged ||
      JSON.stringify(planSummaryOf(before)) !== JSON.stringify(plan) ||
      paymentChanged(before, after)
    ) {
      await events.record(userId, { type: 'plan.updated', plan });
    }
    return plan;
  });
}

function paymentChanged(
  before: typeof subscriptions.$inferSelect | undefined,
  after: typeof subscriptions.$inferSelect | undefined,
) {
  return (
    before?.paymentMethodLast4 !== after?.paymentMethodLast4 || before?.paymentMethodBrand !== after?.paymentMethodBrand
  );
}

/** The owner's provider customer, created once and remembered (a retried create returns the same one). */
async function ensureCustomer(deps: BillingDeps, userId: string): Promise<string> {
  const row = await readSubscription(deps.db, userId);
  if (row?.customerId) return row.customerId;
  const [owner] = await deps.db
    .select({ email: users.email, name: users.name, restaurantName: restaurantProfiles.restaurantName })
    .from(users)
    .leftJoin(restaurantProfiles, eq(restaurantProfiles.id, users.id))
    .where(eq(users.id, userId));
  if (!owner) throw notFound('Account');
  const { customerId } = await deps.billing.createCustomer({
    userId,
    email: owner.email,
    name: owner.restaurantName || owner.name,
  });
  await deps.db
    .insert(subscriptions)
    .values({ userId, provider: deps.billing.name, customerId })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { customerId, provider: deps.billing.name } });
  return customerId;
}

/**
 * The spec's stripe-checkout: a checkout for the one plan, or the billing page for an owner who already pays. One
 * owner has at most one open checkout: a second tab or click gets the same one, so two subscriptions can never start.
 */
export async function startCheckout(
  deps: BillingDeps,
  userId: string,
  { priceId }: { priceId?: string },
  now: Date = new Date(),
): Promise<RedirectResponse> {
  if (priceId !== undefined && priceId !== deps.billing.priceId) {
    throw new HttpError(400, `Unknown plan: ${PRO_PLAN.name} is the only plan`, 'price_id');
  }
  return withOwnerLock(userId, async () => {
    try {
      const row = await readSubscription(deps.db, userId);
      if (row?.status && isPaidStatus(row.status)) return { url: billingPageUrl(deps.appUrl) };

      const customerId = await ensureCustomer(deps, userId);
      if (row?.checkoutSessionId) {
        const previous = await deps.billing.getCheckoutSession(row.checkoutSessionId);
        if (previous?.status === 'complete') {
          // Paid already; the webhook has not told us yet.
          const latest = await deps.billing.latestSubscription(customerId);
          if (latest && isPaidStatus(latest.status)) {
            await storeSubscription(deps, userId, latest, now);
            return { url: billingPageUrl(deps.appUrl) };
          }
        }
        if (previous?.status === 'open' && previous.url) {
          if (now.getTime() - row.updatedAt.getTime() < CHECKOUT_REUSE_MS) return { url: previous.url };
          await deps.billing.expireCheckoutSession(previous.id);
        }
      }

      const [profile] = await deps.db
        .select({ trialEndsAt: restaurantProfiles.trialEndsAt })
        .from(restaurantProfiles)
        .where(eq(restaurantProfiles.id, userId));
      const trialEnd =
        profile?.trialEndsAt && profile.trialEndsAt.getTime() - now.getTime() >= MIN_CARRIED_TRIAL_MS
          ? profile.trialEndsAt
          : null;
      const session = await deps.billing.createCheckoutSession({
        customerId,
        userId,
        priceId: deps.billing.priceId,
        successUrl: successUrl(deps.appUrl),
        cancelUrl: cancelUrl(deps.appUrl),
        trialEnd,
        // Two instances racing for the same owner make the same session; a new one only once this one is gone.
        idempotencyKey: `pickupline-checkout-${userId}-${row?.checkoutSessionId ?? 'first'}`,
      });
      if (!session.url) throw new BillingProviderError('checkout session has no url');
      await deps.db
        .update(subscriptions)
        .set({ checkoutSessionId: session.id, updatedAt: now })
        .where(eq(subscriptions.userId, userId));
      return { url: session.url };
    } catch (error) {
      providerFailure(error, MSG.checkoutFailed, deps.logger);
    }
  });
}

/** Cancel (at the period's end, keeping access until then) or undo that. Owner-scoped: another id is a 404. */
export async function setCancelAtPeriodEnd(
  deps: BillingDeps,
  userId: string,
  { subscriptionId, cancel }: { subscriptionId?: string; cancel: boolean },
): Promise<PlanSummary> {
  const failure = cancel ? MSG.cancelFailed : MSG.reactivateFailed;
  return withOwnerLock(userId, async () => {
    const row = await readSubscription(deps.db, userId);
    if (subscriptionId !== undefined && subscriptionId !== row?.subscriptionId) throw notFound('Subscription');
    if (!row?.subscriptionId || !row.status || !isPaidStatus(row.status)) {
      throw new HttpError(
        409,
        cancel
          ? 'There is no active subscription to cancel.'
          : 'This subscription has ended. Subscribe again from the pricing page.',
      );
    }
    if (row.cancelAtPeriodEnd === cancel) return planSummaryOf(row);
    try {
      const updated = await deps.billing.setCancelAtPeriodEnd(row.subscriptionId, cancel);
      return await storeSubscription(deps, userId, updated);
    } catch (error) {
      providerFailure(error, failure, deps.logger);
    }
  });
}

/** The provider's page for changing the card on file; back to the billing page afterwards. */
export async function openPortal(deps: BillingDeps, userId: string): Promise<RedirectResponse> {
  const row = await readSubscription(deps.db, userId);
  if (!row?.customerId || !row.subscriptionId) {
    throw new HttpError(409, 'There is no payment method on file yet. Subscribe first.');
  }
  try {
    return await deps.billing.createPortalSession({
      customerId: row.customerId,
      returnUrl: billingPageUrl(deps.appUrl),
    });
  } catch (error) {
    providerFailure(error, 'Failed to open the billing portal. Please try again.', deps.logger);
  }
}

/** The billing page: the plan, read fresh from the provider, with the invoices. */
export async function getBilling(
  deps: BillingDeps,
  userId: string,
  { testMode }: { testMode: boolean },
): Promise<BillingResponse> {
  const row = await readSubscription(deps.db, userId);
  let plan = planSummaryOf(row);
  let invoices: BillingResponse['invoices'] = [];
  if (row?.customerId) {
    const customerId = row.customerId;
    try {
      [plan, invoices] = await Promise.all([
        syncSubscription(deps, userId),
        deps.billing.listInvoices(customerId, INVOICES_SHOWN),
      ]);
    } catch (error) {
      providerFailure(error, MSG.billingLoadFailed, deps.logger);
    }
  }
  const [fresh] = await deps.db
    .select({ subscription: subscriptions, trialEndsAt: restaurantProfiles.trialEndsAt })
    .from(restaurantProfiles)
    .leftJoin(subscriptions, eq(subscriptions.userId, restaurantProfiles.id))
    .where(eq(restaurantProfiles.id, userId));
  if (!fresh) throw notFound('Restaurant profile');
  const brand = fresh.subscription?.paymentMethodBrand;
  const last4 = fresh.subscription?.paymentMethodLast4;
  return {
    plan: {
      id: PRO_PLAN.id,
      name: PRO_PLAN.name,
      description: PRO_PLAN.description,
      priceCents: PRO_PLAN.priceCents,
      interval: PRO_PLAN.interval,
      mode: PRO_PLAN.mode,
      priceId: deps.billing.priceId,
    },
    testMode,
    ...plan,
    trialEndsAt: fresh.trialEndsAt?.toISOString() ?? null,
    paymentMethod: plan.subscriptionId && brand && last4 ? { brand, last4 } : null,
    invoices,
  };
}

/** The owner a provider customer belongs to, or null for a customer this app did not make. */
export async function ownerOfCustomer(db: Database, customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.customerId, customerId));
  return row?.userId ?? null;
}

/**
 * Adopts a customer the provider made itself (a checkout without one of ours), for an owner who has none yet.
 * Returns false when the owner does not exist.
 */
export async function adoptCustomer(deps: BillingDeps, userId: string, customerId: string): Promise<boolean> {
  const [owner] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!owner) return false;
  await deps.db
    .insert(subscriptions)
    .values({ userId, provider: deps.billing.name, customerId })
    .onConflictDoNothing({ target: subscriptions.userId });
  await deps.db
    .update(subscriptions)
    .set({ customerId })
    .where(and(eq(subscriptions.userId, userId), isNull(subscriptions.customerId)));
  return true;
}

/**
 * The local test mode's clock: subscriptions whose period has ended are renewed or end at the provider, and each
 * owner's copy is re-read, as a Stripe webhook would make happen. Returns how many owners were synced.
 */
export async function advanceLocalBilling(
  deps: BillingDeps,
  local: Pick<LocalBillingProvider, 'advanceTo'>,
  now: Date = new Date(),
): Promise<number> {
  const customers = await local.advanceTo(now);
  let synced = 0;
  for (const customerId of customers) {
    const owner = await ownerOfCustomer(deps.db, customerId);
    if (!owner) continue;
    await syncSubscription(deps, owner);
    synced++;
  }
  return synced;
}
