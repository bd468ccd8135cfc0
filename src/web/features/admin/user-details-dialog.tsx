import { onboardingLabel } from '@shared/domain/account-status';
import { useRef, useState, type ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { CalendarPlus, RotateCw, TriangleAlert, X } from 'lucide-react';
import type { AdminUser, AdminUserDetails } from '@shared/contracts/admin';
import { BILLING_STATUS_LABELS } from '@shared/domain/subscription';
import { formatPhoneDisplay } from '@shared/domain/phone';
import { Button, Spinner } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import {
  CALL_KIND_LABELS,
  callOutcomeLabel,
  formatCallDuration,
  formatDate,
  formatDateTime,
  extendTrialRefusalOf,
  PhoneStatusBadge,
  planPeriodLabel,
  StatusBadge,
  trialRemainingLabel,
} from './admin-format';
import { AuditTrail } from './audit-trail';
import { useExtendTrialFlow } from './extend-trial';
import { useAdminUserDetails, useRetryPhoneSetup } from './use-admin-users';
import { useReturnFocus } from './use-return-focus';

interface UserDetailsDialogProps {
  /** The account to show, as the list has it (shown at once, while the details load); null keeps it closed. */
  user: AdminUser | null;
  onClose: () => void;
}

export function UserDetailsDialog({ user, onClose }: UserDetailsDialogProps) {
  // The dialog is opened from the table rather than a Dialog.Trigger, so Radix has no trigger to hand focus back to.
  const returnFocusTo = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-stone-900/50" />
        <Dialog.Content
          onOpenAutoFocus={() => {
            returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            if (!returnFocusTo.current?.isConnected) return;
            event.preventDefault();
            returnFocusTo.current.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-2xl bg-white shadow-xl focus:outline-none"
        >
          {user && <UserDetails user={user} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function UserDetails({ user }: { user: AdminUser }) {
  const details = useAdminUserDetails(user.id);
  // What the server last said about the account: its details once loaded, the list's row until then.
  const account: AdminUser = details.data ?? user;
  const extend = useExtendTrialFlow();
  const remaining = trialRemainingLabel(account);
  const planPeriod = planPeriodLabel(account);
  const extendRefusal = extendTrialRefusalOf(account);

  return (
    <>
      <div className="min-h-0 flex-1 overflow-y-auto p-5 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <Dialog.Title className="text-lg font-semibold break-words text-stone-900">{account.name}</Dialog.Title>
            <Dialog.Description className="text-sm text-stone-600">Account details</Dialog.Description>
          </div>
          <Dialog.Close asChild>
            <Button variant="ghost" size="sm" className="-mt-1 -mr-2 px-2" aria-label="Close">
              <X className="size-5" aria-hidden="true" />
            </Button>
          </Dialog.Close>
        </div>

        <dl className="mt-5 divide-y divide-stone-100 border-y border-stone-100 text-sm">
          <Detail label="Name">{account.name}</Detail>
          <Detail label="Email">
            <a href={`mailto:${account.email}`} className="break-all text-brand-700 hover:underline">
              {account.email}
            </a>
          </Detail>
          <Detail label="Restaurant">{account.restaurantName ?? <NotSet />}</Detail>
          <Detail label="Subscription status">
            <StatusBadge user={account} />
            {planPeriod && <span className="mt-1 block text-xs text-stone-500">{planPeriod}</span>}
          </Detail>
          <Detail label="Trial end">
            {formatDateTime(account.trialEndsAt)}
            {remaining && <span className="block text-xs text-stone-500">{remaining}</span>}
          </Detail>
          <Detail label="Onboarding">{onboardingLabel(account)}</Detail>
          <Detail label="Created at">{formatDateTime(account.createdAt)}</Detail>
        </dl>

        {details.isPending ? (
          <p role="status" className="mt-5 flex items-center gap-2 text-sm text-stone-600">
            <Spinner className="size-4" /> Loading account details…
          </p>
        ) : details.isError ? (
          <div role="alert" className="mt-5 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p>{details.error.message}</p>
            <Button
              variant="secondary"
              size="sm"
              className="mt-2"
              onClick={() => void details.refetch()}
              isLoading={details.isFetching}
            >
              Retry
            </Button>
          </div>
        ) : (
          <MoreDetails details={details.data} />
        )}
      </div>
      {/* Outside the scrolling part, so the actions stay in view. */}
      <div className="flex shrink-0 flex-col gap-3 border-t border-stone-200 px-5 py-4 sm:flex-row sm:items-center sm:justify-end sm:px-6">
        {extendRefusal && (
          // In place of Extend Trial: a paid plan runs, and the admin is told why there is no trial to extend.
          <p role="note" aria-label="Extend Trial" className="text-sm text-stone-600 sm:mr-auto">
            <strong className="font-semibold text-stone-800">Extend Trial is not available.</strong> {extendRefusal}
          </p>
        )}
        <div className="flex shrink-0 justify-end gap-3">
          <Dialog.Close asChild>
            <Button variant="secondary">Close</Button>
          </Dialog.Close>
          {!extendRefusal && (
            <Button onClick={() => extend.ask(account)}>
              <CalendarPlus className="size-4" aria-hidden="true" />
              Extend Trial 7 Days
            </Button>
          )}
        </div>
      </div>
      {extend.confirmDialog}
    </>
  );
}

function MoreDetails({ details }: { details: AdminUserDetails }) {
  return (
    <div className="mt-5 grid gap-5 sm:grid-cols-2">
      <Section title="Subscription">
        <SubscriptionDetails subscription={details.subscription} />
      </Section>
      <Section title="Phone system">
        <PhoneDetails details={details} />
      </Section>
      <Section title="Activity">
        <dl className="divide-y divide-stone-100 text-sm">
          <Detail label="Orders, last 7 days">{details.orders.last7Days}</Detail>
          <Detail label="Orders, last 30 days">{details.orders.last30Days}</Detail>
        </dl>
        <LastCall call={details.lastCall} timeZone={details.timeZone} />
      </Section>
      <Section title="Audit trail" className="sm:col-span-2">
        <AuditTrail entries={details.audit} emptyText="No admin actions yet" label="Admin actions on this account" />
      </Section>
    </div>
  );
}

function SubscriptionDetails({ subscription }: { subscription: AdminUserDetails['subscription'] }) {
  if (!subscription) return <p className="text-sm text-stone-500">No subscription</p>;
  const { paymentMethod } = subscription;
  return (
    <dl className="divide-y divide-stone-100 text-sm">
      <Detail label="Provider">{subscription.provider}</Detail>
      <Detail label="Status">{BILLING_STATUS_LABELS[subscription.status]}</Detail>
      <Detail label="Period end">{formatDate(subscription.currentPeriodEnd)}</Detail>
      <Detail label="Canceling">{subscription.cancelAtPeriodEnd ? 'Yes, at period end' : 'No'}</Detail>
      <Detail label="Card">
        {paymentMethod ? (
          <span className="capitalize">
            {paymentMethod.brand} •••• {paymentMethod.last4}
          </span>
        ) : (
          <NotSet text="None on file" />
        )}
      </Detail>
    </dl>
  );
}

function PhoneDetails({ details }: { details: AdminUserDetails }) {
  const { phone } = details;
  const retry = useRetryPhoneSetup();
  const [isAsking, setAsking] = useState(false);
  const rememberOpener = useReturnFocus(isAsking);
  return (
    <>
      <dl className="divide-y divide-stone-100 text-sm">
        <Detail label="Status">
          <PhoneStatusBadge status={phone.status} />
        </Detail>
        <Detail label="Number">{phone.phoneNumber ? formatPhoneDisplay(phone.phoneNumber) : <NotSet />}</Detail>
        {phone.error && (
          <Detail label="Error">
            <span className="break-words text-red-700">{phone.error}</span>
          </Detail>
        )}
      </dl>
      {retry.isError && (
        <p role="alert" className="mt-2 flex items-start gap-1.5 text-sm text-red-700">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {retry.error.message}
        </p>
      )}
      {phone.canRetry && (
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          onClick={() => {
            rememberOpener();
            setAsking(true);
          }}
        >
          <RotateCw className="size-4" aria-hidden="true" />
          Retry setup
        </Button>
      )}
      <ConfirmDialog
        open={isAsking}
        title="Retry phone setup?"
        description={
          <p>
            The phone assistant and a number for{' '}
            <strong className="font-semibold text-stone-800">{details.restaurantName ?? details.name}</strong> are set
            up again, as at the end of onboarding.
          </p>
        }
        confirmLabel="Retry setup"
        isConfirming={retry.isPending}
        onConfirm={() => retry.mutate(details.id, { onSettled: () => setAsking(false) })}
        onCancel={() => {
          if (!retry.isPending) setAsking(false);
        }}
      />
    </>
  );
}

function LastCall({ call, timeZone }: Pick<AdminUserDetails, 'timeZone'> & { call: AdminUserDetails['lastCall'] }) {
  if (!call) return <p className="mt-2 text-sm text-stone-500">No calls yet</p>;
  return (
    <div className="mt-2 border-t border-stone-100 pt-2">
      <h4 className="text-xs font-semibold tracking-wide text-stone-500 uppercase">Last call</h4>
      <dl className="divide-y divide-stone-100 text-sm">
        {/* About the restaurant: on its clock, zone named. */}
        <Detail label="When">{formatDateTime(call.startedAt, timeZone)}</Detail>
        <Detail label="Kind">{CALL_KIND_LABELS[call.kind]}</Detail>
        <Detail label="Outcome">{callOutcomeLabel(call)}</Detail>
        <Detail label="Duration">
          {call.durationSeconds === null ? <NotSet text="—" /> : formatCallDuration(call.durationSeconds)}
        </Detail>
      </dl>
    </div>
  );
}

function Section({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  return (
    <section className={className} aria-label={title}>
      <h3 className="mb-1.5 text-sm font-semibold text-stone-900">{title}</h3>
      {children}
    </section>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_minmax(0,1fr)] gap-3 py-2.5">
      <dt className="font-medium text-stone-500">{label}</dt>
      <dd className="min-w-0 text-stone-900">{children}</dd>
    </div>
  );
}

function NotSet({ text = 'Not set' }: { text?: string }) {
  return <span className="text-stone-400">{text}</span>;
}
