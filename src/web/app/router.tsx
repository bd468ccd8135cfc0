import { createBrowserRouter, Navigate, useRouteError, type RouteObject } from 'react-router';
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
const forgotPasswordPage = () =>
  import('@web/features/auth/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage }));
const resetPasswordPage = () =>
  import('@web/features/auth/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage }));
const emailConfirmedPage = () =>
  import('@web/features/account-verification/email-confirmed-page').then((m) => ({
    Component: m.EmailConfirmedPage,
  }));
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
const adminLayout = () => import('@web/features/admin/admin-layout').then((m) => ({ Component: m.AdminLayout }));
const adminPage = () => import('@web/features/admin/admin-page').then((m) => ({ Component: m.AdminPage }));
const adminUsersPage = () => import('@web/features/admin/users-page').then((m) => ({ Component: m.UsersPage }));
const adminSettingsPage = () =>
  import('@web/features/admin/settings-page').then((m) => ({ Component: m.AdminSettingsPage }));

/** A render error in any route shows the error page in place, with Retry and Go to Home. */
function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route error:', error);
  }, [error]);
  return <ErrorContent onRetry={() => window.location.reload()} />;
}

/** Every page of the app; the browser's router and the build's prerendering (prerender.tsx) share them. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/pricing', element: <PricingPage /> },
      { path: '/payment/success', element: <PaymentSuccessPage /> },
      { path: '/payment/canceled', element: <PaymentCanceledPage /> },
      { path: '/login', lazy: authPage },
      { path: '/signup', lazy: authPage },
      { path: '/forgot-password', lazy: forgotPasswordPage },
      { path: '/reset-password', lazy: resetPasswordPage },
      { path: '/email-confirmed', lazy: emailConfirmedPage },
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
              {
                // The guard wraps every /admin path, unknown ones too: a non-admin never learns what is there.
                path: '/admin',
                element: <AdminRoute />,
                children: [
                  {
                    lazy: adminLayout,
                    children: [
                      { index: true, lazy: adminPage },
                      { path: 'users', lazy: adminUsersPage },
                      { path: 'settings', lazy: adminSettingsPage },
                    ],
                  },
                  { path: '*', element: <Navigate to="/404" replace /> },
                ],
              },
            ],
          },
          // The local test mode's checkout stands alone, like the provider's hosted page it replaces.
          { path: '/billing/test-checkout/:id', lazy: testCheckoutPage },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createRouter(): AppRouter {
  return createBrowserRouter(routes);
}

/**
 * Resolves once the router has loaded the code of the page it starts on (its lazy route modules), so that the app's
 * first render is that page and not an empty frame.
 */
export function whenRouterReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
