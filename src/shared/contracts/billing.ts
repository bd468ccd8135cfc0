import { z } from 'zod';
import { singleLineText, tooLong } from './text';
import type { BillingStatus, InvoiceStatus, ProviderSubscriptionStatus } from '../domain/subscription';
import type { Cents } from '../domain/money';

/** The one plan, as the billing page shows it. Name and price come from PRO_PLAN; priceId from the provider. */
export interface BillingPlan {
  id: string;
  name: string;
  description: string;
  priceCents: Cents;
  interval: 'month';
  mode: 'subscription';
  priceId: string;
}

export interface PaymentMethod {
  brand: string;
  last4: string;
}

/** One line of billing history: a provider invoice. */
export interface BillingInvoice {
  id: string;
  /** The provider's invoice number, e.g. 'PL-0001'; null for a draft. */
  number: string | null;
  createdAt: string;
  amountCents: Cents;
  /** ISO 4217, lower case as the provider gives it ('usd'). */
  currency: string;
  status: InvoiceStatus;
  pdfUrl: string | null;
  hostedUrl: string | null;
}

/** GET /api/billing: the owner's plan, read fresh from the payment provider. */
export interface BillingResponse {
  plan: BillingPlan;
  /** True when payments run in local test mode: nothing is charged. */
  testMode: boolean;
  status: BillingStatus;
  /** The provider's own status: 'trialing' is a trial converted to the plan, first charged at currentPeriodEnd. */
  providerStatus: ProviderSubscriptionStatus | null;
  subscriptionId: string | null;
  /** End of the paid (or provider trial) period: the next billing date, or the last day of access when canceling. */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** The account's own trial end (null for accounts without one). */
  trialEndsAt: string | null;
  paymentMethod: PaymentMethod | null;
  invoices: BillingInvoice[];
}

/**
 * The plan summary every signed-in page needs for the subscription banner (part of GET /api/me), and with the trial's
 * end, for planAccess.
 */
export interface PlanSummary {
  status: BillingStatus;
  /** The provider's own status, which planAccess reads (billing 'past_due' covers both past_due and unpaid). */
  providerStatus: ProviderSubscriptionStatus | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  subscriptionId: string | null;
}

/**
 * POST /api/billing/checkout (the spec's stripe-checkout). Both fields are optional: the plan is the catalogue's one
 * plan, and a different price id is refused. Success and cancel pages are this app's own, set by the server.
 */
export const checkoutRequestSchema = z
  .object({
    price_id: z.string().max(200).optional(),
    mode: z.literal('subscription', { error: "Only mode 'subscription' is offered" }).optional(),
  })
  .strict();

/** Where to send the browser: the provider's checkout page, or /account/billing for an owner already subscribed. */
export interface RedirectResponse {
  url: string;
}

/** Cancel and reactivate (the spec's cancel-subscription, reactivate-subscription). */
export const subscriptionActionSchema = z.object({ subscription_id: z.string().min(1).max(200).optional() }).strict();

/** What the local test-mode checkout page shows. */
export interface TestCheckoutView {
  id: string;
  /** 'subscribe' starts the plan; 'update_card' replaces the card on file (the local billing portal). */
  purpose: 'subscribe' | 'update_card';
  status: 'open' | 'complete' | 'expired';
  planName: string;
  amountCents: Cents;
  interval: 'month';
  /** When a subscription started now is first charged (the rest of the trial), or null: charged today. */
  firstChargeAt: string | null;
  email: string;
  cancelUrl: string;
}

export const testCardSchema = z.object({
  cardNumber: z
    .string()
    .trim()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Your card number is incomplete.')),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/, "Your card's expiration date is incomplete."),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
  name: singleLineText().min(1, 'Enter the name on the card.').max(120, tooLong('Name on card', 120)),
});
export type TestCardInput = z.input<typeof testCardSchema>;

/** The outcome of paying on the test checkout page: where to go next. */
export interface TestCheckoutResult {
  url: string;
}
