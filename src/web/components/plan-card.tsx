import type { ReactNode } from 'react';
import { Check } from 'lucide-react';
import { PRO_PLAN, formatPrice } from '@shared/product';

/** The one plan, as shown on the landing and pricing pages; the caller decides what the button does. */
export function PlanCard({ action, headingLevel = 'h3' }: { action: ReactNode; headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  return (
    <article
      aria-labelledby="plan-card-name"
      className="relative mx-auto w-full max-w-md overflow-hidden rounded-2xl border border-stone-200 bg-white p-8 shadow-xl shadow-stone-900/5 ring-1 ring-stone-900/5"
    >
      <div aria-hidden="true" className="absolute inset-x-0 top-0 h-1.5 bg-linear-to-r from-brand-500 to-brand-700" />
      <Heading id="plan-card-name" className="text-lg font-semibold text-brand-700">
        {PRO_PLAN.name}
      </Heading>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-5xl font-bold tracking-tight text-stone-900">{formatPrice(PRO_PLAN.priceCents)}</span>
        <span className="text-base font-medium text-stone-500">/{PRO_PLAN.interval}</span>
      </p>
      <p className="mt-4 text-sm leading-6 text-stone-600">{PRO_PLAN.description}</p>
      <ul className="mt-6 space-y-3 border-t border-stone-100 pt-6 text-sm text-stone-700">
        {PRO_PLAN.features.map((feature) => (
          <li key={feature} className="flex items-center gap-3">
            <span className="grid size-5 shrink-0 place-items-center rounded-full bg-brand-100 text-brand-700">
              <Check className="size-3.5" strokeWidth={3} aria-hidden="true" />
            </span>
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-8">{action}</div>
    </article>
  );
}
