import type { ProviderSubscriptionStatus } from '@shared/domain/subscription';
import type { BillingInvoice, PaymentMethod } from '@shared/contracts/billing';

/**
 * What the product needs from a payment provider: Stripe when its keys are set, the local test mode otherwise. The
 * provider is the source of truth for a subscription; the app keeps a copy, re-read whenever something may have
 * changed (a webhook, the success page, the billing page).
 */
export interface BillingProvider {
  readonly name: 'local' | 'stripe';
  /** Whether charges are real: a Stripe live key. Stripe test keys and the local test mode charge nobody. */
  readonly livemode: boolean;
  /** The plan's price at the provider (STRIPE_PRICE_ID, or the local test price). */
  readonly priceId: string;

  /** One customer per owner; the idempotency key makes a retried create return the first one. */
  createCustomer(input: { userId: string; email: string; name: string }): Promise<{ customerId: string }>;

  createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession>;
  /** Null when the provider does not know the session. */
  getCheckoutSession(sessionId: string): Promise<CheckoutSession | null>;
  /** Makes an open session unusable, so at most one checkout per owner can ever complete. */
  expireCheckoutSession(sessionId: string): Promise<void>;

  /** The provider's page where the owner changes the card on file. */
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;

  /** The customer's most recent subscription, whatever its status, or null when there has never been one. */
  latestSubscription(customerId: string): Promise<ProviderSubscription | null>;
  setCancelAtPeriodEnd(subscriptionId: string, cancelAtPeriodEnd: boolean): Promise<ProviderSubscription>;

  /** Newest first. */
  listInvoices(customerId: string, limit: number): Promise<BillingInvoice[]>;

  /**
   * Reads a provider webhook: the signature is checked on the raw body before anything in it is used. Providers
   * without webhooks (the local test mode) leave this out.
   */
  readWebhook?(rawBody: string, signature: string | undefined): WebhookReadResult;
}

export interface CheckoutSessionInput {
  customerId: string;
  userId: string;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
  /** End of the owner's remaining trial, when long enough for the provider to honour; first charge then. */
  trialEnd: Date | null;
  /** The same key returns the same session (two tabs, a double click, a retry). */
  idempotencyKey: string;
}

export interface CheckoutSession {
  id: string;
  url: string | null;
  status: 'open' | 'complete' | 'expired';
}

export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: ProviderSubscriptionStatus;
  priceId: string | null;
  /** End of the current period (the trial's end while trialing). */
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  paymentMethod: PaymentMethod | null;
}

export type WebhookReadResult =
  | { kind: 'unauthorized'; reason: string }
  | {
      kind: 'event';
      id: string;
      type: string;
      /** The customer the event is about, when it names one. */
      customerId: string | null;
      /** Our owner id, when the event carries it (checkout's client_reference_id). */
      userId: string | null;
    };

/** A provider's refusal the owner can act on (a declined card); its message is safe to show. */
export class BillingDeclinedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BillingDeclinedError';
  }
}

/** The provider could not be reached or failed; the message is for the log, not the owner. */
export class BillingProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BillingProviderError';
  }
}
