import { ArrowRight, Check, CircleCheck } from 'lucide-react';
import { PRO_PLAN } from '@shared/product';
import { ButtonLink } from '@web/components/button';
import { useDocumentTitle } from '@web/components/document-title';
import { Logo } from '@web/components/logo';

export function PaymentSuccessPage() {
  useDocumentTitle('Payment successful');

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
          <h1 className="mt-6 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Payment successful</h1>
          <p className="mt-3 leading-7 text-stone-600">Welcome to {PRO_PLAN.name}! Thank you for subscribing.</p>
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
