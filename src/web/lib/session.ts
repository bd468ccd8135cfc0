import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { MeResponse } from '@shared/contracts/me';
import { MSG } from '@shared/messages';
import { ApiError } from './api';
import { apiClient, call } from './api-client';
import { clearAllDrafts } from './drafts';
import { useLiveSessionEnded } from './realtime';

export const SESSION_RECHECK_MS = 10 * 60 * 1000;
export const meQueryKey = ['me'] as const;

const NEW_USER_KEY = 'pickupline.isNewUser';

/** Set after sign-up so the first visit goes to onboarding; cleared on sign-in and sign-out. */
export const newUserFlag = {
  get: () => localStorage.getItem(NEW_USER_KEY) === 'true',
  set: () => localStorage.setItem(NEW_USER_KEY, 'true'),
  clear: () => localStorage.removeItem(NEW_USER_KEY),
};

/**
 * GET /api/me/session: the same person GET /api/me answers with, or null with 200 for a visitor, so a public page
 * that only asks whether anyone is signed in logs no failed request (GET /api/me answers 401 when signed out).
 */
async function fetchMe(): Promise<MeResponse | null> {
  const { me } = await call(apiClient.me.session.$get());
  return me;
}

/**
 * The signed-in person, or null. Re-checked every 10 minutes, whenever the tab regains focus, and when the server
 * ends the tab's live stream because its session is gone, so a session revoked elsewhere signs this tab out.
 */
export function useSession() {
  const query = useQuery({
    queryKey: meQueryKey,
    queryFn: fetchMe,
    staleTime: 30_000,
    refetchInterval: SESSION_RECHECK_MS,
    refetchOnWindowFocus: 'always',
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  // The server ends a live stream the moment its session goes (signed out or revoked elsewhere): check at once.
  useLiveSessionEnded(() => void query.refetch());
  return {
    me: query.data ?? null,
    isLoading: query.isPending,
    isError: query.isError && query.data === undefined,
    refetch: query.refetch,
  };
}

export function needsOnboarding(me: MeResponse): boolean {
  return newUserFlag.get() || !me.restaurant.hasCompletedOnboarding;
}

/** The administrator's own pages: /admin and below. */
export function isAdminPath(path: string): boolean {
  return path === '/admin' || path.startsWith('/admin/') || path.startsWith('/admin?');
}

/**
 * Whether this page must wait for restaurant onboarding. The admin pages never do for an administrator: overseeing
 * accounts needs no restaurant, so an administrator without one opens /admin at once (and onboards only to run one).
 */
export function mustOnboardBefore(me: MeResponse, path: string): boolean {
  return needsOnboarding(me) && !(me.isAdmin && isAdminPath(path));
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      const { authClient } = await import('./auth-client');
      await authClient.signOut();
    } finally {
      newUserFlag.clear();
      clearAllDrafts();
      queryClient.setQueryData(meQueryKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] });
      toast.success(MSG.signedOut);
    }
  }, [queryClient]);
}

/** Only same-site paths are followed after login, so a crafted link cannot send someone elsewhere. */
export function safeRedirect(target: string | null, fallback = '/dashboard'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return target;
}
