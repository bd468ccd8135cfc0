import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import toast from 'react-hot-toast';
import { MSG } from '@shared/messages';
import { mustOnboardBefore, newUserFlag, useSession } from '@web/lib/session';
import { planAccessOf } from '@web/lib/plan-access';
import { LoadingScreen } from '@web/components/loading-screen';
import { ErrorContent } from '@web/features/errors/error-page';

function useLoginRedirect() {
  const location = useLocation();
  return `/login?redirect=${encodeURIComponent(location.pathname + location.search)}`;
}

/** Signed-in owners who finished onboarding. Everyone else is sent where they belong. */
export function ProtectedRoute() {
  const { me, isLoading, isError, refetch } = useSession();
  const loginRedirect = useLoginRedirect();
  const { pathname } = useLocation();
  const trialExpired = me ? planAccessOf(me) === 'expired' : false;

  useEffect(() => {
    if (trialExpired) toast.error(MSG.trialExpired, { id: 'trial-expired', duration: 10_000 });
  }, [trialExpired]);

  if (isLoading) return <LoadingScreen />;
  if (isError) return <ErrorContent onRetry={() => void refetch()} />;
  if (!me) return <Navigate to={loginRedirect} replace />;
  if (mustOnboardBefore(me, pathname)) return <Navigate to="/onboarding" replace />;
  return <Outlet />;
}

export function AdminRoute() {
  const { me } = useSession();
  if (!me?.isAdmin) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/** The wizard: signed-out people log in first; owners who already finished go to the dashboard. */
export function OnboardingRoute() {
  const { me, isLoading, isError, refetch } = useSession();
  const loginRedirect = useLoginRedirect();
  const isComplete = me?.restaurant.hasCompletedOnboarding ?? false;

  useEffect(() => {
    if (isComplete) newUserFlag.clear();
  }, [isComplete]);

  if (isLoading) return <LoadingScreen />;
  if (isError) return <ErrorContent onRetry={() => void refetch()} />;
  if (!me) return <Navigate to={loginRedirect} replace />;
  if (isComplete) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
