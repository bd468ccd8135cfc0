/** Where setting up a restaurant's voice agent and number stands: not_started → pending → active | failed. */
export const PHONE_PROVISIONING_STATUSES = ['not_started', 'pending', 'active', 'failed'] as const;

export type PhoneSystemStatus = (typeof PHONE_PROVISIONING_STATUSES)[number];
