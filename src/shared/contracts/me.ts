import type { OrderStatus } from '../domain/orders';

export type SubscriptionStatus = 'trial' | 'active' | 'none';

/** What the signed-in person's browser needs to route and render the protected area. */
export interface MeResponse {
  user: { id: string; name: string; email: string };
  isAdmin: boolean;
  /** True while any provider (voice, texts, payments) runs in local test mode: nothing real is called or charged. */
  testMode: boolean;
  /** Where customer texts go: the in-app outbox only ('local'), or out through Twilio. */
  smsProvider: 'local' | 'twilio';
  restaurant: {
    restaurantName: string | null;
    hasCompletedOnboarding: boolean;
    onboardingStep: number;
    subscriptionStatus: SubscriptionStatus;
    trialEndsAt: string | null;
  };
}

export interface OrderSummary {
  id: string;
  item: string;
  quantity: number;
  phoneNumber: string;
  customerName: string | null;
  status: OrderStatus;
  isCustomOrder: boolean;
  customOrderText: string | null;
  readyInMinutes: number | null;
  total: number | null;
  createdAt: string;
}

export interface ApiError {
  error: string;
  field?: string;
}
