import clsx from 'clsx';
import { Check, CheckCheck, CircleAlert, Clock, LoaderCircle } from 'lucide-react';
import type { NotificationKind, NotificationStatus } from '@shared/domain/notifications';

/** What each customer text is about, in the owner's words. */
export const TEXT_KIND_LABELS: Record<NotificationKind, string> = {
  confirmed: 'Order confirmation',
  preparing: 'Prep time',
  ready: 'Ready for pickup',
  cancelled: 'Cancellation',
};

const STATUS: Record<NotificationStatus, { label: string; className: string; Icon: typeof Check }> = {
  queued: { label: 'Queued', className: 'text-stone-600', Icon: Clock },
  sending: { label: 'Sending', className: 'text-stone-600', Icon: LoaderCircle },
  sent: { label: 'Sent', className: 'text-sky-700', Icon: Check },
  delivered: { label: 'Delivered', className: 'text-emerald-700', Icon: CheckCheck },
  failed: { label: 'Failed', className: 'text-red-700', Icon: CircleAlert },
};

/** A text's delivery state: queued, sending, sent, delivered, or failed with the reason. */
export function TextStatus({
  status,
  lastError,
  className,
}: {
  status: NotificationStatus;
  lastError: string | null;
  className?: string;
}) {
  const { label, className: tone, Icon } = STATUS[status];
  return (
    <span className={clsx('inline-flex min-w-0 items-start gap-1 font-medium', tone, className)}>
      <Icon className={clsx('mt-px size-3.5 shrink-0', status === 'sending' && 'animate-spin')} aria-hidden="true" />
      <span className="min-w-0 break-words">
        {label}
        {status === 'failed' && lastError && <span className="font-normal">: {lastError}</span>}
      </span>
    </span>
  );
}
