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

export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;
}
