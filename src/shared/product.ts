import { formatCents, type Cents } from './domain/money';

/** The product's name and its one plan. Every screen and the billing code read these; nothing else spells them. */
export const PRODUCT_NAME = 'PickupLine';

export const PRO_PLAN = {
  id: 'pro',
  name: `${PRODUCT_NAME} Pro`,
  description: 'Unlimited orders, automated SMS notifications and priority support.',
  priceCents: 3900,
  interval: 'month',
  mode: 'subscription',
  features: ['Unlimited orders', 'Automated SMS notifications', 'Priority support'],
} as const;

export const TRIAL_DAYS = 7;

export const SALES_EMAIL = 'sales@pickupline.app';
export const SUPPORT_EMAIL = 'support@pickupline.app';

/** The plan price as marketing shows it: '$39' for whole dollars, '$39.50' otherwise. */
export function formatPrice(cents: Cents): string {
  return formatCents(cents, { omitZeroCents: true });
}
