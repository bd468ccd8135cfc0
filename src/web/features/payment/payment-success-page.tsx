import { useEffect, useRef, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { ArrowRight, Check, CircleCheck } from 'lucide-react';
import type { PlanSummary } from '@shared/contracts/billing';
import { formatPrice, PRO_PLAN } from '@shared/product';
import { apiClient, call } from '@web/lib/api-client';
import { applyPlanUpdate, formatPlanDate, isSubscribed } from '@web/lib/queries/billing';
import { useSession } from '@web/lib/session';
import { ButtonLink, Spinner } from '@web/components/button';
import { useDocumentTitle } from '@web/components/document-title';
import { Logo } from '@web/components/logo';

/**
 * What the heading may claim: a payment only when one was taken. A trial converted to the plan ('trialing') charged
 * nothing; before the provider has confirmed anything, the owner is thanked and nothing more is claimed.
 */
function headingFor(plan: PlanSummary | undefined): string {
  if (plan && isSubscribed(plan))
    return plan.providerStatus === 'trialing' ? 'Your plan is set up' : 'Payment successful';
  return 'Thank you for subscribing';
}

export function PaymentSuccessPage() {
  const { me } = useSession();
  const sync = useSyncPlanOnArrival(me !== null);
  const heading = headingFor(sync.data?.plan);
  useDocumentTitle(heading);

  return (
    <div className="flex min-h-dvh flex-col items-center bg-stone-50 px-4 py-10 sm:py-16">
      <header>
        <Logo />
      </header>
      <main className="flex w-full flex-1 items-center justify-center py-10">
        <section className="w-full max-w-md rounded-2xl border border-stone-200 bg-white p-8 text-center shadow-xl shadow-stone-900/5 sm:p-10">
          <span className="mx-auto grid size-14 place-items-center rounded-full bg-green-100 text-green-700">
            <CircleCheck className="size-7" aria-hidden="true" />
          </span>
          <h1 className="mt-6 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{heading}</h1>
          <p className="mt-3 leading-7 text-stone-600">Welcome to {PRO_PLAN.name}!</p>
          {me && <PlanState sync={sync} />}
          <ul className="mt-6 space-y-2 rounded-xl bg-stone-50 p-4 text-left text-sm text-stone-700">
            {PRO_PLAN.features.map((feature) => (
              <li key={feature} className="flex items-center gap-2.5">
                <Check className="size-4 shrink-0 text-brand-700" strokeWidth={3} aria-hidden="true" />
                {feature}
              </li>
            ))}
          </ul>
          <ButtonLink to="/dashboard" size="lg" className="mt-8 w-full">
            Go to Dashboard
            <ArrowRight className="size-4" aria-hidden="true" />
          </ButtonLink>
        </section>
      </main>
    </div>
  );
}

/**
 * The payment provider tells the server about the new subscription on its own schedule; a signed-in owner's arrival
 * here asks the server to read it now (once), so the banner and dashboard show the plan straight away.
 */
function useSyncPlanOnArrival(isSignedIn: boolean) {
  const queryClient = useQueryClient();
  const sync = useMutation({
    mutationFn: () => call(apiClient.billing.sync.$post()),
    onSettled: (data) => applyPlanUpdate(queryClient, data?.plan),
  });
  const hasSynced = useRef(false);
  const { mutate } = sync;
  useEffect(() => {
    if (!isSignedIn || hasSynced.current) return;
    hasSynced.current = true;
    mutate();
  }, [isSignedIn, mutate]);
  return sync;
}

function PlanState({ sync }: { sync: ReturnType<typeof useSyncPlanOnArrival> }) {
  const plan = sync.data?.plan;
  let text: ReactNode;
  if (sync.isIdle || sync.isPending) {
    text = (
      <span className="inline-flex items-center gap-2">
        <Spinner className="size-4 text-brand-700" /> Confirming your subscription…
      </span>
    );
  } else if (plan && isSubscribed(plan) && plan.providerStatus === 'trialing') {
    text = (
      <>
        <strong className="font-semibold">Nothing has been charged today.</strong> {PRO_PLAN.name} is yours now, and
        your free trial continues
        {plan.currentPeriodEnd
          ? `: your card is first charged ${formatPrice(PRO_PLAN.priceCents)} on ${formatPlanDate(plan.currentPeriodEnd)}, when the trial ends.`
          : ' until it ends; then your card is charged each month.'}
      </>
    );
  } else if (plan && isSubscribed(plan)) {
    text = (
      <>
        <strong className="font-semibold">{PRO_PLAN.name} is active.</strong>
        {plan.currentPeriodEnd && ` Next billing date: ${formatPlanDate(plan.currentPeriodEnd)}.`}
      </>
    );
  } else {
    // The provider has not confirmed the payment yet: the plan appears as soon as it does (a live update).
    text = 'We are still confirming your payment with the card provider. Your plan will show as active in a moment.';
  }
  return (
    <p
      role="status"
      className={clsx(
        'mt-4 rounded-lg px-4 py-3 text-sm ring-1',
        plan && isSubscribed(plan)
          ? 'bg-green-50 text-green-900 ring-green-200'
          : 'bg-stone-50 text-stone-700 ring-stone-200',
      )}
    >
      {text}
    </p>
  );
}
