import { CheckCircle2, Clock, ExternalLink, PhoneOff, XCircle } from 'lucide-react';
import type { PhoneSystemResponse } from '@shared/contracts/restaurant';
import { formatPhoneDisplay } from '@shared/domain/phone';
import { usePhoneSystem } from '@web/lib/queries/phone-system';
import { Button } from '@web/components/button';
import { useProvisionPhoneSystem } from '../setup-api';
import { WithData } from '../load-state';
import { OwnNumberForm } from './own-number-form';

export function PhoneSystemPanel() {
  const query = usePhoneSystem();
  const provision = useProvisionPhoneSystem();

  return (
    <WithData query={query}>
      {(phone) => (
        <div className="flex flex-col gap-4">
          <StatusLine phone={phone} />
          {phone.status === 'active' && (
            <dl className="grid gap-3 rounded-xl border border-stone-200 p-4 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-stone-500">Phone number</dt>
                <dd className="font-medium text-stone-900">{formatPhoneDisplay(phone.phoneNumber)}</dd>
              </div>
              <div>
                <dt className="text-stone-500">Agent id</dt>
                <dd className="break-all font-mono text-xs text-stone-900">{phone.agentId}</dd>
              </div>
              {phone.provider === 'local' && (
                <p className="text-xs text-stone-500 sm:col-span-2">
                  Test mode: this number is not connected to the phone network. Orders come from the dashboard's test
                  orders until a voice provider is configured.
                </p>
              )}
              {phone.agentDashboardUrl && phone.provider !== 'local' && (
                <a
                  href={phone.agentDashboardUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-center gap-1 text-brand-700 hover:underline"
                >
                  Open agent dashboard <ExternalLink className="size-3.5" aria-hidden="true" />
                </a>
              )}
            </dl>
          )}
          {(phone.status === 'failed' || phone.status === 'not_started') && (
            <Button className="self-start" isLoading={provision.isPending} onClick={() => provision.mutate()}>
              {phone.status === 'not_started'
                ? 'Set up phone system'
                : phone.phoneNumberPending
                  ? 'Set up a new number'
                  : 'Retry phone system setup'}
            </Button>
          )}
          {phone.status !== 'pending' && (
            <OwnNumberForm
              unprovenNumber={phone.status === 'active' && !phone.phoneNumberVerified ? phone.phoneNumber : null}
            />
          )}
        </div>
      )}
    </WithData>
  );
}

function StatusLine({ phone }: { phone: PhoneSystemResponse }) {
  switch (phone.status) {
    case 'active':
      return (
        <p className="flex items-center gap-2 font-medium text-emerald-700">
          <CheckCircle2 className="size-5" aria-hidden="true" /> Active
        </p>
      );
    case 'pending':
      return (
        <p className="flex items-center gap-2 font-medium text-amber-700" role="status">
          <Clock className="size-5" aria-hidden="true" /> Setting up your phone system…
        </p>
      );
    case 'failed':
      return (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p className="flex items-center gap-2 font-medium">
            <XCircle className="size-5" aria-hidden="true" /> Phone system setup failed
          </p>
          {phone.error && <p className="mt-1">{phone.error}</p>}
        </div>
      );
    default:
      return (
        <p className="flex items-center gap-2 font-medium text-stone-700">
          <PhoneOff className="size-5" aria-hidden="true" /> Phone System Setup Pending
        </p>
      );
  }
}
