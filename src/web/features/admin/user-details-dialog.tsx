import { useRef, type ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { CalendarPlus, X } from 'lucide-react';
import type { AdminUser } from '@shared/contracts/admin';
import { Button } from '@web/components/button';
import { formatDateTime, onboardingLabel, planPeriodLabel, StatusBadge, trialRemainingLabel } from './admin-format';

interface UserDetailsDialogProps {
  /** The account to show; null keeps the dialog closed. */
  user: AdminUser | null;
  onClose: () => void;
  onExtendTrial: (user: AdminUser) => void;
  isExtending: boolean;
}

export function UserDetailsDialog({ user, onClose, onExtendTrial, isExtending }: UserDetailsDialogProps) {
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
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
        >
          {user && <UserDetails user={user} onExtendTrial={() => onExtendTrial(user)} isExtending={isExtending} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function UserDetails({
  user,
  onExtendTrial,
  isExtending,
}: {
  user: AdminUser;
  onExtendTrial: () => void;
  isExtending: boolean;
}) {
  const remaining = trialRemainingLabel(user);
  const planPeriod = planPeriodLabel(user);
  return (
    <>
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <Dialog.Title className="truncate text-lg font-semibold text-stone-900">{user.name}</Dialog.Title>
          <Dialog.Description className="text-sm text-stone-600">Account details</Dialog.Description>
        </div>
        <Dialog.Close asChild>
          <Button variant="ghost" size="sm" className="-mr-2 -mt-1 px-2" aria-label="Close">
            <X className="size-5" aria-hidden="true" />
          </Button>
        </Dialog.Close>
      </div>

      <dl className="mt-5 divide-y divide-stone-100 border-y border-stone-100 text-sm">
        <Detail label="Name">{user.name}</Detail>
        <Detail label="Email">
          <a href={`mailto:${user.email}`} className="break-all text-brand-700 hover:underline">
            {user.email}
          </a>
        </Detail>
        <Detail label="Restaurant">{user.restaurantName ?? <NotSet />}</Detail>
        <Detail label="Subscription status">
          <StatusBadge user={user} />
          {planPeriod && <span className="mt-1 block text-xs text-stone-500">{planPeriod}</span>}
        </Detail>
        <Detail label="Trial end">
          {formatDateTime(user.trialEndsAt)}
          {remaining && <span className="block text-xs text-stone-500">{remaining}</span>}
        </Detail>
        <Detail label="Onboarding">{onboardingLabel(user)}</Detail>
        <Detail label="Created at">{formatDateTime(user.createdAt)}</Detail>
      </dl>

      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="secondary">Close</Button>
        </Dialog.Close>
        <Button onClick={onExtendTrial} isLoading={isExtending}>
          {!isExtending && <CalendarPlus className="size-4" aria-hidden="true" />}
          Extend Trial 7 Days
        </Button>
      </div>
    </>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-4 py-2.5">
      <dt className="font-medium text-stone-500">{label}</dt>
      <dd className="col-span-2 text-stone-900">{children}</dd>
    </div>
  );
}

function NotSet() {
  return <span className="text-stone-400">Not set</span>;
}
