import type { Env } from '../../env';
import type { Logger } from '../../logger';
import type { BillingProvider } from './billing-provider';
import { createStripeBillingProvider } from './stripe-billing-provider';

const STRIPE_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID'] as const;

/**
 * Chosen once at start-up: Stripe when its secret key, webhook secret and price are all set; the local test mode
 * otherwise. Half a Stripe configuration is reported and not used, since checkouts would succeed at Stripe while their
 * webhooks are refused (or the other way round).
 */
export function createBillingProvider(
  env: Pick<Env, (typeof STRIPE_VARIABLES)[number]>,
  logger: Logger,
  local: () => BillingProvider,
): BillingProvider {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_PRICE_ID: priceId } = env;
  if (secretKey && webhookSecret && priceId) {
    logger.info({ priceId, livemode: /^[rs]k_live_/.test(secretKey) }, 'payments go through Stripe');
    return createStripeBillingProvider({ secretKey, webhookSecret, priceId });
  }
  const missing = STRIPE_VARIABLES.filter((name) => !env[name]);
  if (missing.length < STRIPE_VARIABLES.length) {
    logger.warn(
      { missing },
      'Stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID; payments stay in local test mode',
    );
  }
  return local();
}
