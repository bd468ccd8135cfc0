import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { CreditCard, FileText, FlaskConical, RotateCw, TriangleAlert } from 'lucide-react';
import type { BillingInvoice, BillingResponse } from '@shared/contracts/billing';
import { formatCents } from '@shared/domain/money';
import { BILLING_STATUS_LABELS, type BillingStatus, type InvoiceStatus } from '@shared/domain/subscription';
import { pluralDays, trialDaysLeft } from '@shared/domain/trial';
import { MSG } from '@shared/messages';
import { formatPrice, PRO_PLAN } from '@shared/product';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { useDocumentTitle } from '@web/components/document-title';
import {
  applyPlanUpdate,
  formatPlanDate,
  useBilling,
  useCancelSubscription,
  useOpenBillingPortal,
  useReactivateSubscription,
  useStartCheckout,
} from '@web/lib/queries/billing';
import { useRealtimeEvents } from '@web/lib/realtime';

/** What cancelling means, said before it is done: the date access ends, and that nothing more is charged. */
export function cancelConfirmation(billing: Pick<BillingResponse, 'providerStatus' | 'currentPeriodEnd'>): string {
  const until = billing.currentPeriodEnd ? formatPlanDate(billing.currentPeriodEnd) : null;
  if (billing.providerStatus === 'trialing') {
    return until
      ? `You keep ${PRO_PLAN.name} until your free trial ends on ${until}, and your card will not be charged.`
      : `You keep ${PRO_PLAN.name} until your free trial ends, and your card will not be charged.`;
  }
  return until
    ? `You keep access until ${until}, the end of the current billing period, and you will not be charged again.`
    : 'You keep access until the end of the current billing period, and you will not be charged again.';
}

/** A trial converted to the plan ('trialing'): nothing charged yet, the first charge at the period's end. */
function isConvertedTrial(billing: Pick<BillingResponse, 'providerStatus' | 'status'>): boolean {
  return billing.status === 'active' && billing.providerStatus === 'trialing';
}

export function BillingPage() {
  useDocumentTitle('Billing');
  const billing = useBilling();
  useBillingRealtime();

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Billing</h1>
        <p className="text-sm text-stone-600">Your plan, your payment method and your invoices.</p>
      </div>
      {billing.isPending ? (
        <BillingSkeleton />
      ) : billing.isError ? (
        <LoadFailedPanel onRetry={() => void billing.refetch()} isRetrying={billing.isFetching} />
      ) : (
        <BillingDetails billing={billing.data} />
      )}
    </div>
  );
}

/** The page follows plan changes made elsewhere: another tab, the payment provider's webhook, an admin. */
function useBillingRealtime() {
  const queryClient = useQueryClient();
  useRealtimeEvents({
    onEvent: (event) => {
      if (event.type === 'plan.updated') applyPlanUpdate(queryClient, event.plan);
      return event.type === 'resync';
    },
    refresh: () => applyPlanUpdate(queryClient),
  });
}

function BillingSkeleton() {
  return (
    <div role="status" aria-label="Loading billing" className="flex flex-col gap-6">
      {['h-44', 'h-24', 'h-32'].map((height) => (
        <div
          key={height}
          className={clsx('animate-pulse rounded-xl border border-stone-200 bg-white p-5 shadow-sm', height)}
        >
          <div className="h-4 w-1/3 rounded bg-stone-200" />
          <div className="mt-3 h-3 w-1/2 rounded bg-stone-100" />
        </div>
      ))}
    </div>
  );
}

function LoadFailedPanel({ onRetry, isRetrying }: { onRetry: () => void; isRetrying: boolean }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
    >
      <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">{MSG.billingLoadFailed}</p>
        <p className="mt-1">Your plan is not affected. Please try again in a moment.</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry} isLoading={isRetrying}>
          {!isRetrying && <RotateCw className="size-4" aria-hidden="true" />}
          Retry
        </Button>
      </div>
    </div>
  );
}

function BillingDetails({ billing }: { billing: BillingResponse }) {
  return (
    <>
      {billing.testMode && (
        <p className="flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            <strong className="font-semibold">TEST MODE.</strong> Payments are simulated: no card is charged. The test
            card 4242 4242 4242 4242 always succeeds.
          </span>
        </p>
      )}
      <SubscriptionSection billing={billing} />
      <PaymentMethodSection billing={billing} />
      <HistorySection invoices={billing.invoices} />
    </>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-stone-200 bg-white shadow-sm">
      <h2 id={id} className="border-b border-stone-200 px-5 py-3 font-semibold text-stone-900">
        {title}
      </h2>
      <div className="p-5">{children}</div>
    </section>
  );
}

const statusBadgeClasses: Record<BillingStatus, string> = {
  trial: 'bg-brand-100 text-brand-800 ring-brand-200',
  active: 'bg-emerald-100 text-emerald-800 ring-emerald-200',
  canceling: 'bg-amber-100 text-amber-900 ring-amber-200',
  past_due: 'bg-red-100 text-red-800 ring-red-200',
  canceled: 'bg-stone-100 text-stone-700 ring-stone-200',
};

function StatusBadge({ status }: { status: BillingStatus }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        statusBadgeClasses[status],
      )}
    >
      {BILLING_STATUS_LABELS[status]}
    </span>
  );
}

/** The one line that says where the plan stands in time. */
function periodLine(billing: BillingResponse, now = new Date()): string | null {
  const { status, currentPeriodEnd, trialEndsAt } = billing;
  const trialRuns = trialEndsAt !== null && new Date(trialEndsAt) > now;
  switch (status) {
    case 'trial':
      if (!trialEndsAt) return null;
      return trialRuns
        ? `Free trial ends on ${formatPlanDate(trialEndsAt)}`
        : `Free trial ended on ${formatPlanDate(trialEndsAt)}`;
    case 'active':
      if (!currentPeriodEnd) return null;
      if (isConvertedTrial(billing)) {
        const daysLeft = Math.max(1, trialDaysLeft(currentPeriodEnd, now));
        return `Free trial: ${pluralDays(daysLeft)} left. Nothing has been charged yet; the first charge of ${formatPrice(billing.plan.priceCents)} is on ${formatPlanDate(currentPeriodEnd)}.`;
      }
      return `Next billing date: ${formatPlanDate(currentPeriodEnd)}`;
    case 'canceling':
      return currentPeriodEnd ? `Access until: ${formatPlanDate(currentPeriodEnd)}` : null;
    case 'past_due':
      return 'Your last payment did not go through. Update your payment method to keep access.';
    case 'canceled': {
      const ended = currentPeriodEnd ? `Ended on ${formatPlanDate(currentPeriodEnd)}.` : null;
      // An administrator may have given a new trial since: it is what gives access now.
      const trial = trialRuns ? `Free trial until ${formatPlanDate(trialEndsAt)}.` : null;
      return [ended, trial].filter(Boolean).join(' ') || null;
    }
  }
}

function SubscriptionSection({ billing }: { billing: BillingResponse }) {
  const { plan, status } = billing;
  const period = periodLine(billing);
  return (
    <Section title="Subscription" id="billing-subscription">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-lg font-semibold text-stone-900">{plan.name}</p>
            <StatusBadge status={status} />
            {isConvertedTrial(billing) && <TrialBadge />}
          </div>
          <p className="mt-1 text-stone-900">
            <span className="text-2xl font-bold tracking-tight">{formatPrice(plan.priceCents)}</span>
            <span className="text-sm text-stone-500"> per {plan.interval}</span>
          </p>
          <p className="mt-2 text-sm text-stone-600">{plan.description}</p>
          {period && (
            <p className={clsx('mt-3 text-sm font-medium', status === 'past_due' ? 'text-red-700' : 'text-stone-800')}>
              {period}
            </p>
          )}
        </div>
        <div className="flex shrink-0 flex-col gap-2 sm:items-end">
          <SubscriptionAction billing={billing} />
        </div>
      </div>
    </Section>
  );
}

function TrialBadge() {
  return (
    <span className="inline-flex items-center rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-brand-800 ring-1 ring-brand-200 ring-inset">
      Free trial
    </span>
  );
}

function SubscriptionAction({ billing }: { billing: BillingResponse }) {
  const checkout = useStartCheckout();
  const cancel = useCancelSubscription();
  const reactivate = useReactivateSubscription();
  const [isConfirmingCancel, setConfirmingCancel] = useState(false);

  switch (billing.status) {
    case 'trial':
    case 'canceled':
      return (
        <Button onClick={checkout.start} isLoading={checkout.isRedirecting}>
          {checkout.isRedirecting ? 'Redirecting to checkout…' : 'Subscribe'}
        </Button>
      );
    case 'canceling':
      return (
        <Button onClick={() => reactivate.mutate(billing.subscriptionId)} isLoading={reactivate.isPending}>
          Reactivate Subscription
        </Button>
      );
    case 'active':
    case 'past_due':
      return (
        <>
          <Button
            variant="secondary"
            className="text-red-700"
            isLoading={cancel.isPending}
            onClick={() => setConfirmingCancel(true)}
          >
            Cancel Subscription
          </Button>
          <ConfirmDialog
            open={isConfirmingCancel}
            title="Cancel your subscription?"
            description={<p>{cancelConfirmation(billing)}</p>}
            cancelLabel="Keep Subscription"
            confirmLabel="Cancel Subscription"
            tone="danger"
            isConfirming={cancel.isPending}
            onConfirm={() => cancel.mutate(billing.subscriptionId, { onSettled: () => setConfirmingCancel(false) })}
            onCancel={() => {
              if (!cancel.isPending) setConfirmingCancel(false);
            }}
          />
        </>
      );
  }
}

/** Card brands as the provider spells them ('visa', 'amex'), as people say them. */
const CARD_BRANDS: Record<string, string> = {
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

function cardBrandName(brand: string): string {
  return CARD_BRANDS[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

function PaymentMethodSection({ billing }: { billing: BillingResponse }) {
  const portal = useOpenBillingPortal();
  const { paymentMethod } = billing;
  // The portal belongs to a customer, and the owner becomes one by subscribing.
  const hasCustomer = paymentMethod !== null || billing.subscriptionId !== null;
  return (
    <Section title="Payment method" id="billing-payment-method">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-stone-100 text-stone-600">
            <CreditCard className="size-5" aria-hidden="true" />
          </span>
          {paymentMethod ? (
            <p className="text-stone-900">
              <span className="font-semibold">{cardBrandName(paymentMethod.brand)}</span> ending in{' '}
              <span className="font-semibold tabular-nums">{paymentMethod.last4}</span>
            </p>
          ) : (
            <p className="text-stone-600">No card on file</p>
          )}
        </div>
        {hasCustomer && (
          <Button variant="secondary" onClick={portal.open} isLoading={portal.isRedirecting}>
            Update Payment Method
          </Button>
        )}
      </div>
    </Section>
  );
}

const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  open: 'Open',
  paid: 'Paid',
  uncollectible: 'Uncollectible',
  void: 'Void',
};

const invoiceStatusClasses: Record<InvoiceStatus, string> = {
  draft: 'text-stone-600',
  open: 'text-amber-800',
  paid: 'text-emerald-700',
  uncollectible: 'text-red-700',
  void: 'text-stone-500',
};

function formatAmount(invoice: BillingInvoice): string {
  const amount = formatCents(invoice.amountCents);
  return invoice.currency.toLowerCase() === 'usd' ? amount : `${amount} ${invoice.currency.toUpperCase()}`;
}

function HistorySection({ invoices }: { invoices: BillingInvoice[] }) {
  return (
    <Section title="Billing history" id="billing-history">
      {invoices.length === 0 ? (
        <p className="py-4 text-center text-sm text-stone-600">{MSG.noBillingHistory}</p>
      ) : (
        // `relative`: the header's sr-only text (absolutely placed) stays inside this scroller, not beside the page.
        <div className="relative -mx-5 -my-5 overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="bg-stone-50 text-stone-600">
              <tr>
                <th scope="col" className="px-5 py-2.5 font-medium">
                  Date
                </th>
                <th scope="col" className="px-5 py-2.5 font-medium">
                  Invoice
                </th>
                <th scope="col" className="px-5 py-2.5 text-right font-medium">
                  Amount
                </th>
                <th scope="col" className="px-5 py-2.5 font-medium">
                  Status
                </th>
                <th scope="col" className="px-5 py-2.5 text-right font-medium">
                  <span className="sr-only">Download</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {invoices.map((invoice) => (
                <tr key={invoice.id}>
                  <td className="px-5 py-3 whitespace-nowrap text-stone-900">{formatPlanDate(invoice.createdAt)}</td>
                  <td className="px-5 py-3 whitespace-nowrap text-stone-600">{invoice.number ?? '—'}</td>
                  <td className="px-5 py-3 text-right whitespace-nowrap text-stone-900 tabular-nums">
                    {formatAmount(invoice)}
                  </td>
                  <td className={clsx('px-5 py-3 font-medium', invoiceStatusClasses[invoice.status])}>
                    {INVOICE_STATUS_LABELS[invoice.status]}
                  </td>
                  <td className="px-5 py-3 text-right whitespace-nowrap">
                    {invoice.pdfUrl ? (
                      <a
                        href={invoice.pdfUrl}
                        target="_blank"
                        rel="noreferrer"
                        className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
                        aria-label={`Download invoice ${invoice.number ?? formatPlanDate(invoice.createdAt)} (PDF)`}
                      >
                        <FileText className="size-4" aria-hidden="true" />
                        PDF
                      </a>
                    ) : (
                      <span className="text-stone-400">—</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}
