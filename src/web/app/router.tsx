import { createBrowserRouter, useRouteError } from 'react-router';
import { useEffect } from 'react';
import { LandingPage } from '@web/features/landing/landing-page';
import { PricingPage } from '@web/features/pricing/pricing-page';
import { PaymentSuccessPage } from '@web/features/payment/payment-success-page';
import { PaymentCanceledPage } from '@web/features/payment/payment-canceled-page';
import { AuthPage } from '@web/features/auth/auth-page';
import { ErrorContent, ErrorPage } from '@web/features/errors/error-page';
import { NotFoundPage } from '@web/features/errors/not-found-page';
import { OnboardingIndex, OnboardingLayout } from '@web/features/setup/onboarding/onboarding-layout';
import { SettingsPage } from '@web/features/setup/settings/settings-page';
import { DashboardPage } from '@web/features/dashboard/dashboard-page';
import { AdminPage } from '@web/features/admin/admin-page';
import { AppLayout } from './layouts/app-layout';
import { AdminRoute, OnboardingRoute, ProtectedRoute } from './guards';

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
        { path: '/login', element: <AuthPage /> },
        { path: '/signup', element: <AuthPage /> },
        { path: '/error', element: <ErrorPage /> },
        { path: '/404', element: <NotFoundPage /> },
        {
          path: '/onboarding',
          element: <OnboardingRoute />,
          children: [
            { index: true, element: <OnboardingIndex /> },
            { path: ':step', element: <OnboardingLayout /> },
          ],
        },
        {
          element: <ProtectedRoute />,
          children: [
            {
              element: <AppLayout />,
              children: [
                { path: '/dashboard', element: <DashboardPage /> },
                { path: '/settings', element: <SettingsPage /> },
                { path: '/admin', element: <AdminRoute />, children: [{ index: true, element: <AdminPage /> }] },
              ],
            },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
