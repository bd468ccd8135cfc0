import { Link } from 'react-router';
import clsx from 'clsx';
import { CircleCheck, ExternalLink, PhoneOff } from 'lucide-react';
import type { PhoneSystemResponse } from '@shared/contracts/restaurant';
import { formatPhoneDisplay } from '@shared/domain/phone';
import { Spinner } from '@web/components/button';
import { usePhoneSystem } from '@web/lib/queries/phone-system';

/** Active only with both an agent and a number; anything else is still being set up. */
export function PhoneCard({ className }: { className?: string }) {
  const query = usePhoneSystem();
  return (
    <section
      aria-labelledby="phone-card-title"
      className={clsx(
        'flex min-w-0 flex-col gap-1 rounded-xl border border-stone-200 bg-white px-4 py-3 shadow-sm',
        className,
      )}
    >
      {query.isPending ? (
        <p id="phone-card-title" className="flex items-center gap-2 text-sm text-stone-600" role="status">
          <Spinner className="size-4" /> Checking your phone system…
        </p>
      ) : query.isError ? (
        <>
          <h2 id="phone-card-title" className="font-semibold text-stone-900">
            Phone system
          </h2>
          <p className="text-sm text-red-700">Could not load the phone system status.</p>
        </>
      ) : (
        <PhoneStatus phone={query.data} />
      )}
    </section>
  );
}

function PhoneStatus({ phone }: { phone: PhoneSystemResponse }) {
  const isActive = Boolean(phone.agentId && phone.phoneNumber);
  const isTestMode = phone.provider === 'local';
  if (!isActive) {
    return (
      <>
        <h2 id="phone-card-title" className="flex items-center gap-2 font-semibold text-stone-900">
          <PhoneOff className="size-4 shrink-0 text-amber-600" aria-hidden="true" />
          Phone System Setup Pending
        </h2>
        <p className="text-sm text-stone-600">
          {phone.status === 'pending'
            ? 'We are setting up your assistant and phone number. This usually takes a minute.'
            : phone.status === 'failed'
              ? 'Setting up your phone system did not finish. Our team will contact you, or you can retry from Settings.'
              : 'Your assistant does not have a phone number yet.'}{' '}
          <Link to="/settings?tab=phone" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            Go to phone setup
          </Link>
        </p>
      </>
    );
  }
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h2 id="phone-card-title" className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold text-stone-900">
          <span className="inline-flex items-center gap-1.5">
            <CircleCheck className="size-4 shrink-0 text-emerald-600" aria-hidden="true" />
            Phone system
          </span>
          <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200 ring-inset">
            Active
          </span>
        </h2>
        {phone.agentDashboardUrl && (
          <a
            href={phone.agentDashboardUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            View agent dashboard
            <ExternalLink className="size-3.5" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        )}
      </div>
      <p className="text-sm text-stone-600">
        Callers reach your assistant at{' '}
        <a
          href={`tel:${phone.phoneNumber}`}
          className="font-semibold whitespace-nowrap text-stone-900 underline-offset-2 hover:underline"
        >
          {formatPhoneDisplay(phone.phoneNumber)}
        </a>
        .
      </p>
      {isTestMode && (
        <p className="text-xs text-stone-500">
          Test mode: the number is not connected to the phone network; use Simulate Test Order.
        </p>
      )}
    </>
  );
}
