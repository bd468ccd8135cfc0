/** An account's plan state as the restaurant profile records it (SPEC §3): on the trial, paying, or neither. */
export const SUBSCRIPTION_STATUSES = ['trial', 'active', 'none'] as const;

export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
