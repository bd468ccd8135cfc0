import { useEffect } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { PlanSummary } from '@shared/contracts/billing';
import type { MeResponse } from '@shared/contracts/me';
import type { BillingStatus } from '@shared/domain/subscription';
import { MSG } from '@shared/messages';
import { ApiError } from '../api';
import { apiClient, call } from '../api-client';
import { leaveAppFor } from '../leave-app';
import { meQueryKey } from '../session';

/**
 * The owner's plan, payment method and invoices (/account/billing), read fresh from the payment provider. The
 * banner, pricing page and dashboard read the plan summary in /api/me instead; every change refreshes both.
 */
export const billingQuery = queryOptions({
  queryKey: ['billing'] as const,
  queryFn: () => call(apiClient.billing.$get()),
});

export const useBilling = () => useQuery(billingQuery);

/** Statuses with a subscription that is still paid for: the owner is "Currently Subscribed". */
const SUBSCRIBED_STATUSES: ReadonlySet<BillingStatus> = new Set(['active', 'canceling', 'past_due']);

export function isSubscribed(plan: Pick<PlanSummary, 'status'>): boolean {
  return SUBSCRIBED_STATUSES.has(plan.status);
}

/** A plan date in the owner's own locale, written out: 'June 5, 2026' for en-US. */
export function formatPlanDate(value: string | Date): string {
  return new Date(value).toLocaleDateString(undefined, { dateStyle: 'long' });
}

/**
 * A changed plan (an action's answer or a live `plan.updated`): the banner shows it at once, then the session (which
 * also carries the account's subscription status) and the billing page are re-read.
 */
export function applyPlanUpdate(queryClient: QueryClient, plan?: PlanSummary) {
  if (plan) queryClient.setQueryData<MeResponse | null>(meQueryKey, (me) => (me ? { ...me, plan } : me));
  void queryClient.invalidateQueries({ queryKey: meQueryKey });
  void queryClient.invalidateQueries({ queryKey: billingQuery.queryKey });
}

/** `call()` words an answer without `{error}` like this; such an answer has no message worth showing. */
const NO_SERVER_MESSAGE = /^Request failed \(\d+\)$/;

/** The server's own `{error}` text when it sent one, otherwise the fallback. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && !NO_SERVER_MESSAGE.test(error.message) ? error.message : fallback;
}

/**
 * A page restored from the back-forward cache (the owner came back from the provider with Back) is shown as it was
 * left, mid-redirect: make its button usable again.
 */
function useResetWhenShownAgain(reset: () => void) {
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);
}

/**
 * Subscribe: asks the server for a checkout and leaves for it (or for /account/billing when the owner is already
 * subscribed). `isRedirecting` stays true once the answer came, while the browser is on its way.
 */
export function useStartCheckout() {
  const mutation = useMutation({
    mutationFn: () => call(apiClient.billing.checkout.$post({ json: {} })),
    onSuccess: ({ url }) => leaveAppFor(url),
    onError: (error) => {
      toast.error(serverMessageOr(error, MSG.checkoutFailed), { id: 'checkout' });
    },
  });
  useResetWhenShownAgain(mutation.reset);
  return {
    start: () => {
      if (!mutation.isPending && !mutation.isSuccess) mutation.mutate();
    },
    isRedirecting: mutation.isPending || mutation.isSuccess,
  };
}

/** Cancel at the end of the period. The caller asks for the browser confirmation first. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscriptionId: string | null) =>
      call(
        apiClient.billing['cancel-subscription'].$post({
          json: subscriptionId ? { subscription_id: subscriptionId } : {},
        }),
      ),
    onSuccess: ({ plan }) => {
      applyPlanUpdate(queryClient, plan);
      toast.success(MSG.subscriptionCanceled);
    },
    onError: () => {
      toast.error(MSG.cancelFailed);
    },
  });
}

/** Undo a pending cancellation (Renew Subscription, Reactivate). */
export function useReactivateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscriptionId: string | null) =>
      call(
        apiClient.billing['reactivate-subscription'].$post({
          json: subscriptionId ? { subscription_id: subscriptionId } : {},
        }),
      ),
    onSuccess: ({ plan }) => {
      applyPlanUpdate(queryClient, plan);
      toast.success(MSG.subscriptionReactivated);
    },
    onError: () => {
      toast.error(MSG.reactivateFailed);
    },
  });
}

const PORTAL_FAILED = 'Could not open the payment method page. Please try again.';

/** Update Payment Method: leaves for the provider's billing portal. */
export function useOpenBillingPortal() {
  const mutation = useMutation({
    mutationFn: () => call(apiClient.billing.portal.$post()),
    onSuccess: ({ url }) => leaveAppFor(url),
    onError: (error) => {
      toast.error(serverMessageOr(error, PORTAL_FAILED), { id: 'billing-portal' });
    },
  });
  useResetWhenShownAgain(mutation.reset);
  return {
    open: () => {
      if (!mutation.isPending && !mutation.isSuccess) mutation.mutate();
    },
    isRedirecting: mutation.isPending || mutation.isSuccess,
  };
}
