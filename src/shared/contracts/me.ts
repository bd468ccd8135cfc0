import type { SubscriptionStatus } from '../domain/subscription';
import type { PlanSummary } from './billing';

/** What the signed-in person's browser needs to route and render the protected area. */
export interface MeResponse {
  user: { id: string; name: string; email: string };
  isAdmin: boolean;
  /** Whether the owner has opened the link e-mailed to confirm the address; the app asks until then. */
  emailVerified: boolean;
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
    /** The IANA zone every time on the owner's screens is shown in: the restaurant's, UTC until one is set. */
    timeZone: string;
  };
  /** The paid plan, for the subscription banner; status 'trial' when the owner has not subscribed. */
  plan: PlanSummary;
}

export interface ApiError {
  error: string;
  field?: string;
}
