import {
  Bot,
  Check,
  ChefHat,
  LayoutDashboard,
  MessageSquareText,
  PhoneIncoming,
  Sparkles,
  type LucideIcon,
} from 'lucide-react';
import { PRODUCT_NAME, PRO_PLAN, TRIAL_DAYS, formatPrice } from '@shared/product';
import { ButtonLink } from '@web/components/button';
import { useDocumentTitle } from '@web/components/document-title';
import { PlanCard } from '@web/components/plan-card';
import { PublicHeader } from '@web/components/public-header';
import { SiteFooter } from '@web/components/site-footer';

const PRICE = formatPrice(PRO_PLAN.priceCents);
const TRIAL_CTA = `Start free ${TRIAL_DAYS}-day trial`;

const FEATURES: { title: string; body: string; icon: LucideIcon }[] = [
  {
    title: 'AI phone assistant',
    body: 'Answers every call in a natural voice, knows your menu and opening hours, and tells callers when the kitchen is too busy to take more orders.',
    icon: Bot,
  },
  {
    title: 'Live order dashboard',
    body: 'Orders appear the moment a call ends. Set a prep time, mark an order ready, then complete it, all from one screen.',
    icon: LayoutDashboard,
  },
  {
    title: 'Automatic SMS updates',
    body: 'Customers get a text when their order is confirmed and again when it is ready, so nobody waits at the counter wondering.',
    icon: MessageSquareText,
  },
];

export function LandingPage() {
  useDocumentTitle();

  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <PublicHeader />
      <main className="flex-1">
        <Hero />
        <Stats />
        <Features />
        <Plan />
        <ClosingCallToAction />
      </main>
      <SiteFooter />
    </div>
  );
}

function Hero() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden bg-linear-to-b from-brand-50 via-white to-white"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 right-0 size-[32rem] rounded-full bg-brand-100/60 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pt-14 pb-16 sm:px-6 sm:pt-20 lg:grid-cols-[1.15fr_1fr] lg:gap-16 lg:px-8 lg:pt-24 lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white px-3 py-1 text-sm font-medium text-brand-800 shadow-sm">
            <Sparkles className="size-4" aria-hidden="true" />
            AI phone ordering for restaurants
          </p>
          <h1
            id="hero-heading"
            className="mt-6 text-4xl font-bold tracking-tight text-balance text-stone-900 sm:text-5xl xl:text-[3.5rem] xl:leading-[1.1]"
          >
            Never miss a <span className="whitespace-nowrap text-brand-700">phone order</span> again.
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-pretty text-stone-600">
            An AI voice assistant answers every call. It knows your menu, your hours and whether the kitchen is slammed,
            puts each order on a live dashboard, and texts the customer when it&rsquo;s ready.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to="/signup" size="lg">
              {TRIAL_CTA}
            </ButtonLink>
            <ButtonLink to="/pricing" size="lg" variant="secondary">
              See pricing
            </ButtonLink>
          </div>
          <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm text-stone-600">
            {['No card required', `${TRIAL_DAYS} days free`, 'Cancel anytime'].map((point) => (
              <li key={point} className="flex items-center gap-1.5">
                <Check className="size-4 text-brand-700" strokeWidth={3} aria-hidden="true" />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <CallToOrderIllustration />
      </div>
    </section>
  );
}

/** A drawn example of the product's flow: a call, the order it creates, and the text the customer gets. */
function CallToOrderIllustration() {
  return (
    <div
      role="img"
      aria-label="Example: the assistant takes an order by phone, the order appears on the dashboard, and the customer gets a text when it is ready."
      className="relative mx-auto w-full max-w-md lg:max-w-none"
    >
      <div className="rounded-2xl border border-stone-200 bg-white p-5 shadow-xl shadow-stone-900/5">
        <div className="flex items-center gap-3">
          <span className="grid size-10 place-items-center rounded-full bg-brand-100 text-brand-700">
            <PhoneIncoming className="size-5" />
          </span>
          <div className="min-w-0">
            <p className="text-sm font-semibold text-stone-900">Incoming call</p>
            <p className="text-xs text-stone-500">Answered on the first ring</p>
          </div>
          <span className="ml-auto inline-flex items-center gap-1.5 rounded-full bg-green-50 px-2.5 py-1 text-xs font-medium text-green-700">
            <span className="size-1.5 rounded-full bg-green-500" />
            Live
          </span>
        </div>
        <div className="mt-4 space-y-2 text-sm">
          <p className="w-fit max-w-[85%] rounded-2xl rounded-tl-sm bg-stone-100 px-3.5 py-2 text-stone-800">
            Thanks for calling Rosa&rsquo;s Kitchen! What can I get started for you?
          </p>
          <p className="ml-auto w-fit max-w-[85%] rounded-2xl rounded-tr-sm bg-brand-700 px-3.5 py-2 text-white">
            Two margherita pizzas for pickup, please.
          </p>
          <p className="w-fit max-w-[85%] rounded-2xl rounded-tl-sm bg-stone-100 px-3.5 py-2 text-stone-800">
            Got it. They&rsquo;ll be ready in about 20 minutes.
          </p>
        </div>
      </div>

      <div className="relative mt-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-xl shadow-stone-900/5 sm:ml-10">
        <div className="flex items-center justify-between gap-3">
          <span className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-800 ring-1 ring-brand-200">
            <ChefHat className="size-3.5" />
            Preparing
          </span>
          <span className="text-xs text-stone-500">Ready in 20 min</span>
        </div>
        <p className="mt-3 font-semibold text-stone-900">2 &times; Margherita pizza</p>
        <p className="text-sm text-stone-500">Maria &middot; (555) 014-2288</p>
        <div className="mt-4 h-1.5 overflow-hidden rounded-full bg-stone-100">
          <div className="h-full w-2/3 rounded-full bg-brand-500" />
        </div>
      </div>

      <div className="relative mt-4 flex items-start gap-3 rounded-2xl bg-stone-900 p-4 text-sm text-white shadow-xl sm:mr-10">
        <MessageSquareText className="mt-0.5 size-4 shrink-0 text-brand-200" />
        <p>
          <span className="font-semibold">Rosa&rsquo;s Kitchen:</span> Your order is ready for pickup. See you soon!
        </p>
      </div>
    </div>
  );
}

function Stats() {
  const stats = [
    { value: '99.9%', label: 'uptime' },
    { value: `${TRIAL_DAYS} days`, label: 'free trial, no card required' },
    { value: PRICE, label: 'per month, unlimited orders' },
  ];
  return (
    <section aria-label="At a glance" className="border-y border-stone-200 bg-stone-50">
      <dl className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-center sm:grid-cols-3 sm:px-6 lg:px-8">
        {stats.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse gap-1">
            <dt className="text-sm text-stone-600">{stat.label}</dt>
            <dd className="text-3xl font-bold tracking-tight text-stone-900">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Features() {
  return (
    <section id="features" aria-labelledby="features-heading" className="py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2
            id="features-heading"
            className="text-3xl font-bold tracking-tight text-balance text-stone-900 sm:text-4xl"
          >
            From the first ring to pickup, handled
          </h2>
          <p className="mt-4 text-lg text-pretty text-stone-600">
            Your staff keep cooking. {PRODUCT_NAME} takes the call, writes the ticket and keeps the customer in the
            loop.
          </p>
        </div>
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {FEATURES.map(({ title, body, icon: Icon }) => (
            <li key={title} className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
              <span className="grid size-11 place-items-center rounded-xl bg-brand-700 text-white shadow-sm">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-stone-900">{title}</h3>
              <p className="mt-2 leading-7 text-stone-600">{body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Plan() {
  return (
    <section id="pricing" aria-labelledby="plan-heading" className="bg-stone-50 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="plan-heading" className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">
            One plan, everything included
          </h2>
          <p className="mt-4 text-lg text-stone-600">
            Try it free for {TRIAL_DAYS} days with no card required. Then {PRICE} per month.
          </p>
        </div>
        <div className="mt-12">
          <PlanCard
            action={
              <ButtonLink to="/signup" size="lg" className="w-full">
                Start free trial
              </ButtonLink>
            }
          />
        </div>
      </div>
    </section>
  );
}

function ClosingCallToAction() {
  return (
    <section aria-labelledby="closing-heading" className="py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="relative overflow-hidden rounded-3xl bg-stone-900 px-6 py-14 text-center sm:px-12">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -bottom-24 left-1/2 size-96 -translate-x-1/2 rounded-full bg-brand-700/30 blur-3xl"
          />
          <div className="relative">
            <h2 id="closing-heading" className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
              Ready to stop missing orders?
            </h2>
            <p className="mx-auto mt-4 max-w-xl text-lg text-pretty text-stone-300">
              Set up your restaurant in minutes and let every call turn into a pickup order.
            </p>
            <ButtonLink to="/signup" size="lg" className="mt-8">
              {TRIAL_CTA}
            </ButtonLink>
          </div>
        </div>
      </div>
    </section>
  );
}
