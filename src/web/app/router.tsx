import { createBrowserRouter, useRouteError } from 'react-router';
import { useEffect } from 'react';
import { LandingPage } from '@web/features/landing/landing-page';
import { PricingPage } from '@web/features/pricing/pricing-page';
import { PaymentSuccessPage } from '@web/features/payment/payment-success-page';
import { PaymentCanceledPage } from '@web/features/payment/payment-canceled-page';
import { ErrorContent, ErrorPage } from '@web/features/errors/error-page';
import { NotFoundPage } from '@web/features/errors/not-found-page';
import { AdminRoute, OnboardingRoute, ProtectedRoute } from './guards';

// Everything behind sign-in loads on demand, so the public pages stay small.
const authPage = () => import('@web/features/auth/auth-page').then((m) => ({ Component: m.AuthPage }));
const onboardingIndex = () =>
  import('@web/features/setup/onboarding/onboarding-layout').then((m) => ({ Component: m.OnboardingIndex }));
const onboardingLayout = () =>
  import('@web/features/setup/onboarding/onboarding-layout').then((m) => ({ Component: m.OnboardingLayout }));
const appLayout = () => import('./layouts/app-layout').then((m) => ({ Component: m.AppLayout }));
const dashboardPage = () =>
  import('@web/features/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage }));
const outboxPage = () => import('@web/features/outbox/outbox-page').then((m) => ({ Component: m.OutboxPage }));
const callsPage = () => import('@web/features/calls/calls-page').then((m) => ({ Component: m.CallsPage }));
const testCallPage = () =>
  import('@web/features/test-call/test-call-page').then((m) => ({ Component: m.TestCallPage }));
const settingsPage = () =>
  import('@web/features/setup/settings/settings-page').then((m) => ({ Component: m.SettingsPage }));
const billingPage = () => import('@web/features/billing/billing-page').then((m) => ({ Component: m.BillingPage }));
const testCheckoutPage = () =>
  import('@web/features/billing/test-checkout-page').then((m) => ({ Component: m.TestCheckoutPage }));
const adminPage = () => import('@web/features/admin/admin-page').then((m) => ({ Component: m.AdminPage }));

/** A render error in any route shows the error page in place, with Retry and Go to Home. */
function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route error:', error);
  }, [error]);
  return <ErrorContent onRetry={() => window.location.reload()} />;
}

export function createRouter() {
  return createBrowserRouter([
    {
      errorElement: <RouteError />,
      children: [
        { path: '/', element: <LandingPage /> },
        { path: '/pricing', element: <PricingPage /> },
        { path: '/payment/success', element: <PaymentSuccessPage /> },
        { path: '/payment/canceled', element: <PaymentCanceledPage /> },
        { path: '/login', lazy: authPage },
        { path: '/signup', lazy: authPage },
        { path: '/error', element: <ErrorPage /> },
        { path: '/404', element: <NotFoundPage /> },
        {
          path: '/onboarding',
          element: <OnboardingRoute />,
          children: [
            { index: true, lazy: onboardingIndex },
            { path: ':step', lazy: onboardingLayout },
          ],
        },
        {
          element: <ProtectedRoute />,
          children: [
            {
              lazy: appLayout,
              children: [
                { path: '/dashboard', lazy: dashboardPage },
                { path: '/calls', lazy: callsPage },
                { path: '/outbox', lazy: outboxPage },
                { path: '/test-call', lazy: testCallPage },
                { path: '/settings', lazy: settingsPage },
                { path: '/account/billing', lazy: billingPage },
                { path: '/admin', element: <AdminRoute />, children: [{ index: true, lazy: adminPage }] },
              ],
            },
            // The local test mode's checkout stands alone, like the provider's hosted page it replaces.
            { path: '/billing/test-checkout/:id', lazy: testCheckoutPage },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
