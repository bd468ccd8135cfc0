import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, lte } from 'drizzle-orm';
import type { BillingInvoice } from '@shared/contracts/billing';
import { isPaidStatus, PAID_STATUSES } from '@shared/domain/subscription';
import type { Cents } from '@shared/domain/money';
import type { Database, Transaction } from '../../db/client';
import {
  localBillingCheckouts,
  localBillingCustomers,
  localBillingInvoices,
  localBillingSubscriptions,
} from '../../db/schema';
import {
  BillingDeclinedError,
  type BillingProvider,
  type CheckoutSession,
  type ProviderSubscription,
} from './billing-provider';

/** The local test mode's price id, in place of STRIPE_PRICE_ID. */
export const LOCAL_PRICE_ID = 'price_local_pro_monthly';

/** Where the test-mode checkout page lives in the web app; the session id follows. */
export const LOCAL_CHECKOUT_PATH = '/billing/test-checkout/';

/**
 * Stripe's test cards and what they do, so the local test mode behaves as a Stripe sandbox would. Any other number
 * that passes the Luhn check is refused as Stripe refuses real cards in test mode.
 */
const TEST_CARDS: Record<string, { brand: string } | { decline: string }> = {
  '4242424242424242': { brand: 'visa' },
  '4000056655665556': { brand: 'visa' },
  '5555555555554444': { brand: 'mastercard' },
  '2223003122003222': { brand: 'mastercard' },
  '378282246310005': { brand: 'amex' },
  '6011111111111117': { brand: 'discover' },
  '4000000000000002': { decline: 'Your card was declined.' },
  '4000000000009995': { decline: 'Your card has insufficient funds.' },
  '4000000000009987': { decline: 'Your card was declined.' },
  '4000000000000069': { decline: 'Your card has expired.' },
  '4000000000000127': { decline: "Your card's security code is incorrect." },
  '4000000000000119': { decline: 'An error occurred while processing your card. Try again in a little bit.' },
};

export interface TestCard {
  /** Digits only. */
  number: string;
  expMonth: number;
  /** Two-digit year, as typed. */
  expYear: number;
  cvc: string;
}

/** A checkout as the test-mode page shows it, with whose it is. */
export interface LocalCheckout {
  id: string;
  userId: string;
  email: string;
  purpose: 'subscribe' | 'update_card';
  status: 'open' | 'complete' | 'expired';
  trialEnd: Date | null;
  successUrl: string;
  cancelUrl: string;
}

/** The checkout was completed or expired before this payment. */
export class CheckoutClosedError extends Error {
  constructor(readonly status: 'complete' | 'expired') {
    super(status === 'complete' ? 'This checkout has already been completed.' : 'This checkout has expired.');
    this.name = 'CheckoutClosedError';
  }
}

export interface LocalBillingProvider extends BillingProvider {
  readonly name: 'local';
  readonly livemode: false;
  getCheckout(sessionId: string): Promise<LocalCheckout | null>;
  /** Pays on the test checkout page: checks the card as Stripe's sandbox would, then subscribes or updates the card. */
  payCheckout(sessionId: string, card: TestCard): Promise<LocalCheckout>;
  /**
   * Moves every subscription whose period has ended to its next state, as time passing does at Stripe: renewed with
   * a paid invoice, or canceled when it was set to end. Returns the customers whose subscription changed.
   */
  advanceTo(now: Date): Promise<string[]>;
}

const newId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;

/** Adds calendar months in UTC, keeping the day where the month has it (Jan 31 + 1 month = Feb 28/29). */
export function addMonthsUtc(date: Date, months: number): Date {
  const result = new Date(date);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The card's brand when the test card is accepted; a BillingDeclinedError with Stripe's wording otherwise. */
export function checkTestCard(card: TestCard, now: Date): { brand: string; last4: string } {
  if (!luhnValid(card.number)) throw new BillingDeclinedError('Your card number is incorrect.');
  const expiresAfter = new Date(Date.UTC(2000 + card.expYear, card.expMonth, 1));
  if (expiresAfter.getTime() <= now.getTime())
    throw new BillingDeclinedError("Your card's expiration date is in the past.");
  const known = TEST_CARDS[card.number];
  if (!known) {
    throw new BillingDeclinedError(
      'Your card was declined. This is test mode: use a test card such as 4242 4242 4242 4242.',
    );
  }
  if ('decline' in known) throw new BillingDeclinedError(known.decline);
  return { brand: known.brand, last4: card.number.slice(-4) };
}

/**
 * The local test mode's payment provider: a checkout page of ours, subscriptions, invoices and renewals kept in the
 * database, and the same BillingProvider contract as Stripe, so the app syncs from it exactly as it does from Stripe.
 * Nothing is charged.
 */
export function createLocalBillingProvider({
  db,
  appUrl,
  priceCents,
  now = () => new Date(),
}: {
  db: Database;
  appUrl: string;
  priceCents: Cents;
  /** The provider's clock (tests move it). */
  now?: () => Date;
}): LocalBillingProvider {
  const checkoutUrl = (id: string) => `${appUrl}${LOCAL_CHECKOUT_PATH}${id}`;

  async function subscriptionOf(customerId: string): Promise<ProviderSubscription | null> {
    const [row] = await db
      .select()
      .from(localBillingSubscriptions)
      .where(eq(localBillingSubscriptions.customerId, customerId))
      .orderBy(desc(localBillingSubscriptions.createdAt))
      .limit(1);
    return row ? toProviderSubscription(row) : null;
  }

  async function sessionOf(sessionId: string): Promise<CheckoutSession | null> {
    const [row] = await db.select().from(localBillingCheckouts).where(eq(localBillingCheckouts.id, sessionId));
    if (!row) return null;
    return { id: row.id, status: row.status, url: row.status === 'open' ? checkoutUrl(row.id) : null };
  }

  return {
    name: 'local',
    livemode: false,
    priceId: LOCAL_PRICE_ID,

    async createCustomer({ userId, email, name }) {
      const [created] = await db
        .insert(localBillingCustomers)
        .values({ id: newId('cus'), userId, email, name })
        .onConflictDoNothing({ target: localBillingCustomers.userId })
        .returning({ id: localBillingCustomers.id });
      if (created) return { customerId: created.id };
      const [existing] = await db
        .select({ id: localBillingCustomers.id })
        .from(localBillingCustomers)
        .where(eq(localBillingCustomers.userId, userId));
      return { customerId: existing!.id };
    },

    async createCheckoutSession(input) {
      const [created] = await db
        .insert(localBillingCheckouts)
        .values({
          id: newId('cs'),
          customerId: input.customerId,
          purpose: 'subscribe',
          priceId: input.priceId,
          successUrl: input.successUrl,
          cancelUrl: input.cancelUrl,
          trialEnd: input.trialEnd,
          idempotencyKey: input.idempotencyKey,
        })
        .onConflictDoNothing({ target: localBillingCheckouts.idempotencyKey })
        .returning({ id: localBillingCheckouts.id });
      const id =
        created?.id ??
        (
          await db
            .select({ id: localBillingCheckouts.id })
            .from(localBillingCheckouts)
            .where(eq(localBillingCheckouts.idempotencyKey, input.idempotencyKey))
        )[0]!.id;
      return (await sessionOf(id))!;
    },

    getCheckoutSession: sessionOf,

    async expireCheckoutSession(sessionId) {
      await db
        .update(localBillingCheckouts)
        .set({ status: 'expired' })
        .where(and(eq(localBillingCheckouts.id, sessionId), eq(localBillingCheckouts.status, 'open')));
    },

    async createPortalSession({ customerId, returnUrl }) {
      const id = newId('cs');
      await db.insert(localBillingCheckouts).values({
        id,
        customerId,
        purpose: 'update_card',
        successUrl: returnUrl,
        cancelUrl: returnUrl,
      });
      return { url: checkoutUrl(id) };
    },

    latestSubscription: subscriptionOf,

    async setCancelAtPeriodEnd(subscriptionId, cancelAtPeriodEnd) {
      const [row] = await db
        .update(localBillingSubscriptions)
        .set({ cancelAtPeriodEnd })
        .where(eq(localBillingSubscriptions.id, subscriptionId))
        .returning();
      if (!row) throw new BillingDeclinedError('No such subscription.');
      return toProviderSubscription(row);
    },

    async listInvoices(customerId, limit) {
      const rows = await db
        .select()
        .from(localBillingInvoices)
        .where(eq(localBillingInvoices.customerId, customerId))
        .orderBy(desc(localBillingInvoices.createdAt), desc(localBillingInvoices.number))
        .limit(limit);
      return rows.map((row): BillingInvoice => ({
        id: row.id,
        number: row.number,
        createdAt: row.createdAt.toISOString(),
        amountCents: row.amountCents,
        currency: 'usd',
        status: row.status,
        pdfUrl: null,
        hostedUrl: null,
      }));
    },

    async getCheckout(sessionId) {
      const [row] = await db
        .select({ checkout: localBillingCheckouts, customer: localBillingCustomers })
        .from(localBillingCheckouts)
        .innerJoin(localBillingCustomers, eq(localBillingCustomers.id, localBillingCheckouts.customerId))
        .where(eq(localBillingCheckouts.id, sessionId));
      return row ? toLocalCheckout(row.checkout, row.customer) : null;
    },

    async payCheckout(sessionId, card) {
      const at = now();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ checkout: localBillingCheckouts, customer: localBillingCustomers })
          .from(localBillingCheckouts)
          .innerJoin(localBillingCustomers, eq(localBillingCustomers.id, localBillingCheckouts.customerId))
          .where(eq(localBillingCheckouts.id, sessionId))
          .for('update', { of: localBillingCheckouts });
        if (!row) throw new BillingDeclinedError('No such checkout session.');
        const { checkout, customer } = row;
        if (checkout.status !== 'open') throw new CheckoutClosedError(checkout.status);
        const { brand, last4 } = checkTestCard(card, at);

        let subscriptionId: string | null = null;
        if (checkout.purpose === 'subscribe') {
          const trialing = checkout.trialEnd !== null && checkout.trialEnd.getTime() > at.getTime();
          subscriptionId = newId('sub');
          await tx.insert(localBillingSubscriptions).values({
            id: subscriptionId,
            customerId: customer.id,
            priceId: checkout.priceId ?? LOCAL_PRICE_ID,
            status: trialing ? 'trialing' : 'active',
            currentPeriodEnd: trialing ? checkout.trialEnd! : addMonthsUtc(at, 1),
            cardBrand: brand,
            cardLast4: last4,
            createdAt: at,
          });
          // Stripe invoices the trial at $0 and the first month at once when there is no trial.
          await insertInvoice(tx, customer.id, subscriptionId, trialing ? 0 : priceCents, at);
        } else {
          const [latest] = await tx
            .select({ id: localBillingSubscriptions.id })
            .from(localBillingSubscriptions)
            .where(eq(localBillingSubscriptions.customerId, customer.id))
            .orderBy(desc(localBillingSubscriptions.createdAt))
            .limit(1);
          if (latest) {
            await tx
              .update(localBillingSubscriptions)
              .set({ cardBrand: brand, cardLast4: last4 })
              .where(eq(localBillingSubscriptions.id, latest.id));
          }
        }
        await tx
          .update(localBillingCheckouts)
          .set({ status: 'complete', subscriptionId })
          .where(eq(localBillingCheckouts.id, checkout.id));
        return toLocalCheckout({ ...checkout, status: 'complete' }, customer);
      });
    },

    async advanceTo(at) {
      const due = await db
        .select()
        .from(localBillingSubscriptions)
        .where(
          and(
            inArray(localBillingSubscriptions.status, [...PAID_STATUSES]),
            lte(localBillingSubscriptions.currentPeriodEnd, at),
          ),
        );
      const changed = new Set<string>();
      for (const subscription of due) {
        await db.transaction(async (tx) => {
          let { currentPeriodEnd } = subscription;
          if (subscription.cancelAtPeriodEnd) {
            await tx
              .update(localBillingSubscriptions)
              .set({ status: 'canceled' })
              .where(eq(localBillingSubscriptions.id, subscription.id));
            return;
          }
          while (currentPeriodEnd.getTime() <= at.getTime()) {
            await insertInvoice(tx, subscription.customerId, subscription.id, priceCents, currentPeriodEnd);
            currentPeriodEnd = addMonthsUtc(currentPeriodEnd, 1);
          }
          await tx
            .update(localBillingSubscriptions)
            .set({ status: 'active', currentPeriodEnd })
            .where(eq(localBillingSubscriptions.id, subscription.id));
        });
        changed.add(subscription.customerId);
      }
      return [...changed];
    },
  };
}

/** A paid invoice for the period starting at `periodStart`; made once per period (a repeat is ignored). */
async function insertInvoice(
  tx: Transaction,
  customerId: string,
  subscriptionId: string,
  amountCents: Cents,
  periodStart: Date,
) {
  const [{ n } = { n: 0 }] = await tx
    .select({ n: count() })
    .from(localBillingInvoices)
    .where(eq(localBillingInvoices.customerId, customerId));
  await tx
    .insert(localBillingInvoices)
    .values({
      id: newId('in'),
      number: `${customerId.slice(-8).toUpperCase()}-${String(n + 1).padStart(4, '0')}`,
      customerId,
      subscriptionId,
      amountCents,
      status: 'paid',
      periodStart,
      createdAt: periodStart,
    })
    .onConflictDoNothing({ target: [localBillingInvoices.subscriptionId, localBillingInvoices.periodStart] });
}

function toProviderSubscription(row: typeof localBillingSubscriptions.$inferSelect): ProviderSubscription {
  return {
    id: row.id,
    customerId: row.customerId,
    status: row.status,
    priceId: row.priceId,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: isPaidStatus(row.status) ? row.cancelAtPeriodEnd : false,
    paymentMethod: { brand: row.cardBrand, last4: row.cardLast4 },
  };
}

function toLocalCheckout(
  checkout: typeof localBillingCheckouts.$inferSelect,
  customer: typeof localBillingCustomers.$inferSelect,
): LocalCheckout {
  return {
    id: checkout.id,
    userId: customer.userId,
    email: customer.email,
    purpose: checkout.purpose,
    status: checkout.status,
    trialEnd: checkout.trialEnd,
    successUrl: checkout.successUrl,
    cancelUrl: checkout.cancelUrl,
  };
}
