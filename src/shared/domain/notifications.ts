/** The customer texts an order can get, one of each at most. */
export const NOTIFICATION_KINDS = ['confirmed', 'preparing', 'ready', 'cancelled'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Where one text stands in the outbox: queued → sending → sent → delivered, or failed with a reason. */
export const NOTIFICATION_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'failed'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];
