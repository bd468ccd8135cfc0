import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import clsx from 'clsx';
import { CircleCheck, Mail } from 'lucide-react';
import { PRO_PLAN, SALES_EMAIL, TRIAL_DAYS, formatPrice } from '@shared/product';
import { Button, ButtonLink } from '@web/components/button';
import { useDocumentTitle } from '@web/components/document-title';
import { PlanCard } from '@web/components/plan-card';
import { PublicHeader } from '@web/components/public-header';
import { SiteFooter } from '@web/components/site-footer';
import { isSubscribed, useStartCheckout } from '@web/lib/queries/billing';
import { useSession } from '@web/lib/session';

const PRICE = formatPrice(PRO_PLAN.priceCents);

const FAQ = [
  {
    question: 'How long is the free trial?',
    answer: `${TRIAL_DAYS} days, with every feature included. No card is required to start.`,
  },
  {
    question: 'Can I cancel anytime?',
    answer:
      'Yes. Cancel from your billing page whenever you like; you keep access until the end of the period you have already paid for.',
  },
  {
    question: 'What happens when my trial ends?',
    answer: `You’ll be asked to upgrade to ${PRO_PLAN.name} for ${PRICE} per month to keep using all features. Nothing is charged automatically, because we never asked for a card.`,
  },
];

export function PricingPage() {
  useDocumentTitle('Pricing');

  return (
    <div className="flex min-h-dvh flex-col bg-stone-50">
      <PublicHeader />
      <main className="flex-1">
        <section aria-labelledby="pricing-heading" className="px-4 pt-16 pb-12 sm:px-6 sm:pt-20 lg:px-8">
          <div className="mx-auto max-w-2xl text-center">
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Pricing</p>
            <h1
              id="pricing-heading"
              className="mt-3 text-4xl font-bold tracking-tight text-balance text-stone-900 sm:text-5xl"
            >
              Simple pricing for busy kitchens
            </h1>
            <p className="mt-5 text-lg text-pretty text-stone-600">
              One plan with everything in it. Start with a {TRIAL_DAYS}-day free trial, no card required, then pay{' '}
              {PRICE} per month.
            </p>
          </div>
          <div className="mt-12">
            <PlanCard action={<PlanAction />} headingLevel="h2" />
          </div>
          <p className="mt-8 text-center text-sm text-stone-600">
            Questions before you sign up?{' '}
            <a
              href={`mailto:${SALES_EMAIL}`}
              className="inline-flex items-center gap-1.5 rounded-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline"
            >
              <Mail className="size-4" aria-hidden="true" />
              Contact Sales
            </a>
          </p>
        </section>

        <section aria-labelledby="faq-heading" className="px-4 pt-8 pb-20 sm:px-6 sm:pb-24 lg:px-8">
          <div className="mx-auto max-w-3xl">
            <h2 id="faq-heading" className="text-center text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
              Frequently asked questions
            </h2>
            <dl className="mt-10 divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white shadow-sm">
              {FAQ.map(({ question, answer }) => (
                <div key={question} className="p-6">
                  <dt className="font-semibold text-stone-900">{question}</dt>
                  <dd className="mt-2 leading-7 text-stone-600">{answer}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}

/** Where a visitor's Subscribe Now leads: sign up, then straight back here to check out. */
export const SIGN_UP_TO_SUBSCRIBE = `/signup?redirect=${encodeURIComponent('/pricing?subscribe=1')}`;

function PlanAction() {
  const { me, isLoading } = useSession();
  const checkout = useStartCheckout();
  const [params, setParams] = useSearchParams();
  const wantsCheckout = params.get('subscribe') === '1';
  const isOwnerSubscribed = me ? isSubscribed(me.plan) : false;

  // Back from sign-up (or login) with ?subscribe=1: check out once, and drop the flag so Back from the payment
  // page does not start another checkout.
  const { start } = checkout;
  const hasAutoStarted = useRef(false);
  useEffect(() => {
    if (!me || !wantsCheckout || hasAutoStarted.current) return;
    hasAutoStarted.current = true;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('subscribe');
        return next;
      },
      { replace: true },
    );
    if (!isOwnerSubscribed) start();
  }, [me, wantsCheckout, isOwnerSubscribed, setParams, start]);

  // While the session loads, the visitor's button holds its space unseen, so the card does not jump once the session
  // is known (the prerendered page's script reveals it: data-session-pending).
  if (isLoading || !me) {
    return (
      <ButtonLink
        to={SIGN_UP_TO_SUBSCRIBE}
        size="lg"
        className={clsx('w-full', isLoading && 'invisible')}
        data-session-pending={isLoading || undefined}
      >
        Subscribe Now
      </ButtonLink>
    );
  }

  if (isOwnerSubscribed) {
    return (
      <div className="space-y-3">
        <p className="flex h-12 items-center justify-center gap-2 rounded-lg bg-green-50 font-semibold text-green-800 ring-1 ring-green-200">
          <CircleCheck className="size-5" aria-hidden="true" />
          Currently Subscribed
        </p>
        <ButtonLink to="/account/billing" variant="secondary" className="w-full">
          Manage Subscription
        </ButtonLink>
      </div>
    );
  }

  return (
    <Button size="lg" className="w-full" onClick={checkout.start} isLoading={checkout.isRedirecting}>
      {checkout.isRedirecting ? 'Redirecting to checkout…' : 'Subscribe Now'}
    </Button>
  );
}
