import { CircleX } from 'lucide-react';
import { ButtonLink } from '@web/components/button';
import { useDocumentTitle } from '@web/components/document-title';
import { Logo } from '@web/components/logo';

export function PaymentCanceledPage() {
  useDocumentTitle('Payment canceled');

  return (
    <div className="flex min-h-dvh flex-col items-center bg-stone-50 px-4 py-10 sm:py-16">
      <header>
        <Logo />
      </header>
      <main className="flex w-full flex-1 items-center justify-center py-10">
        <section className="w-full max-w-md rounded-2xl border border-stone-200 bg-white p-8 text-center shadow-xl shadow-stone-900/5 sm:p-10">
          <span className="mx-auto grid size-14 place-items-center rounded-full bg-stone-100 text-stone-600">
            <CircleX className="size-7" aria-hidden="true" />
          </span>
          <h1 className="mt-6 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Payment canceled</h1>
          <p className="mt-3 leading-7 text-stone-600">
            Your payment was canceled and no charge was made. You can subscribe whenever you&rsquo;re ready.
          </p>
          <div className="mt-8 flex flex-col gap-3">
            <ButtonLink to="/dashboard" size="lg" className="w-full">
              Return to Dashboard
            </ButtonLink>
            <ButtonLink to="/pricing" variant="ghost" className="w-full">
              View pricing
            </ButtonLink>
          </div>
        </section>
      </main>
    </div>
  );
}
