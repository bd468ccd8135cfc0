import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import {
  checkoutRequestSchema,
  subscriptionActionSchema,
  testCardSchema,
  type TestCheckoutView,
} from '@shared/contracts/billing';
import { PRO_PLAN } from '@shared/product';
import type { AppEnv } from '../../http/types';
import { requireSession } from '../../http/session';
import { validate } from '../../http/validate';
import { HttpError, notFound } from '../../http/errors';
import { BillingDeclinedError } from '../../providers/billing/billing-provider';
import { CheckoutClosedError, type LocalBillingProvider } from '../../providers/billing/local-billing-provider';
import {
  getBilling,
  openPortal,
  setCancelAtPeriodEnd,
  startCheckout,
  syncSubscription,
  type BillingDeps,
} from './billing.service';
import { handleStripeEvent } from './stripe-webhook.service';

function billingDeps(c: Context<AppEnv>): BillingDeps {
  const { db, hub, billing, logger, env } = c.get('deps');
  return { db, hub, billing, logger, appUrl: env.APP_URL };
}

const checkoutIdParam = z.object({ id: z.string().min(1).max(200) });

/** The test-mode checkout of the signed-in owner, or 404 (unknown, another owner's, or not in test mode). */
async function ownedCheckout(c: Context<AppEnv>, id: string): Promise<{ local: LocalBillingProvider }> {
  const local = c.get('deps').localBilling;
  if (!local) throw notFound('Checkout');
  const checkout = await local.getCheckout(id);
  if (!checkout || checkout.userId !== c.get('user').id) throw notFound('Checkout');
  return { local };
}

/** The owner's plan (the spec's stripe-checkout, cancel-subscription and reactivate-subscription among them). */
export const billingRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .get('/', async (c) =>
    c.json(await getBilling(billingDeps(c), c.get('user').id, { testMode: c.get('deps').billing.name === 'local' })),
  )
  .post('/checkout', validate('json', checkoutRequestSchema), async (c) =>
    c.json(await startCheckout(billingDeps(c), c.get('user').id, { priceId: c.req.valid('json').price_id })),
  )
  .post('/sync', async (c) => c.json({ plan: await syncSubscription(billingDeps(c), c.get('user').id) }))
  .post('/cancel-subscription', validate('json', subscriptionActionSchema), async (c) =>
    c.json({
      plan: await setCancelAtPeriodEnd(billingDeps(c), c.get('user').id, {
        subscriptionId: c.req.valid('json').subscription_id,
        cancel: true,
      }),
    }),
  )
  .post('/reactivate-subscription', validate('json', subscriptionActionSchema), async (c) =>
    c.json({
      plan: await setCancelAtPeriodEnd(billingDeps(c), c.get('user').id, {
        subscriptionId: c.req.valid('json').subscription_id,
        cancel: false,
      }),
    }),
  )
  .post('/portal', async (c) => c.json(await openPortal(billingDeps(c), c.get('user').id)))
  .get('/test-checkout/:id', validate('param', checkoutIdParam), async (c) => {
    const { id } = c.req.valid('param');
    const { local } = await ownedCheckout(c, id);
    const checkout = (await local.getCheckout(id))!;
    const firstChargeAt =
      checkout.purpose === 'subscribe' && checkout.trialEnd && checkout.trialEnd.getTime() > Date.now()
        ? checkout.trialEnd.toISOString()
        : null;
    const view: TestCheckoutView = {
      id: checkout.id,
      purpose: checkout.purpose,
      status: checkout.status,
      planName: PRO_PLAN.name,
      amountCents: PRO_PLAN.priceCents,
      interval: PRO_PLAN.interval,
      firstChargeAt,
      email: checkout.email,
      cancelUrl: checkout.cancelUrl,
    };
    return c.json(view);
  })
  .post('/test-checkout/:id/pay', validate('param', checkoutIdParam), validate('json', testCardSchema), async (c) => {
    const { id } = c.req.valid('param');
    const card = c.req.valid('json');
    const { local } = await ownedCheckout(c, id);
    const [month, year] = card.expiry.split('/').map((part) => Number(part.trim()));
    try {
      const paid = await local.payCheckout(id, {
        number: card.cardNumber,
        expMonth: month!,
        expYear: year!,
        cvc: card.cvc,
      });
      // The same path a Stripe webhook takes: re-read the subscription from the provider and store it.
      await syncSubscription(billingDeps(c), c.get('user').id);
      return c.json({ url: paid.successUrl });
    } catch (error) {
      if (error instanceof BillingDeclinedError) throw new HttpError(402, error.message);
      if (error instanceof CheckoutClosedError) throw new HttpError(409, error.message);
      throw error;
    }
  });

/** Stripe's webhook endpoint. The signature is checked on the raw body before anything in it is used. */
export const stripeWebhookRoutes = new Hono<AppEnv>().post(
  '/',
  bodyLimit({ maxSize: 512 * 1024, onError: (c) => c.json({ error: 'Request body too large' }, 413) }),
  async (c) => {
    const deps = c.get('deps');
    if (!deps.billing.readWebhook) return c.json({ error: 'Stripe is not configured on this server' }, 404);
    const read = deps.billing.readWebhook(await c.req.text(), c.req.header('stripe-signature'));
    if (read.kind === 'unauthorized') {
      deps.logger.warn({ reason: read.reason }, 'Stripe webhook with a missing or invalid signature');
      return c.json({ error: `Invalid Stripe signature: ${read.reason}` }, 400);
    }
    const outcome = await handleStripeEvent(billingDeps(c), read);
    return c.json({ received: true, outcome });
  },
);
