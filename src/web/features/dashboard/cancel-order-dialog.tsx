import { useId, useState } from 'react';
import type { Order } from '@shared/contracts/orders';
import { CANCEL_REASON_LABELS, cancelReasonsFor, formatOrderNumber, type CancelReason } from '@shared/domain/orders';
import { useBotPreferences } from '@web/lib/queries/restaurant';
import { ConfirmDialog } from '@web/components/confirm-dialog';

/**
 * Asks before cancelling an order, with the reason to record. Mounted when "Cancel order" (any order still in the
 * kitchen) or "No-show" (a ready order nobody came for) is pressed; the button decides the reason to begin with.
 */
export function CancelOrderDialog({
  order,
  initialReason,
  isCancelling,
  onConfirm,
  onClose,
}: {
  order: Order;
  initialReason: CancelReason;
  isCancelling: boolean;
  onConfirm: (reason: CancelReason) => void;
  onClose: () => void;
}) {
  const legendId = useId();
  const [reason, setReason] = useState<CancelReason>(initialReason);

  const reasons = cancelReasonsFor(order.status);
  const autoSms = useBotPreferences().data?.autoSmsEnabled;
  const number = formatOrderNumber(order.dailyNumber);
  const which = number ? `order ${number}` : 'this order';
  const isNoShow = reason === 'no_show';

  return (
    <ConfirmDialog
      open
      title={isNoShow ? `Mark ${which} as a no-show?` : `Cancel ${which}?`}
      description={
        <>
          <p>
            {order.customerName ? `${order.customerName}’s order` : 'The order'} leaves the queue and stays in today’s
            list under Cancelled.
          </p>
          {autoSms !== undefined && (
            <p className="mt-2">
              {autoSms
                ? 'The customer gets a text saying the order was cancelled.'
                : 'Automatic texts are off, so the customer is not texted.'}
            </p>
          )}
        </>
      }
      cancelLabel="Keep order"
      confirmLabel={isNoShow ? 'Mark as no-show' : 'Cancel order'}
      tone="danger"
      isConfirming={isCancelling}
      onConfirm={() => onConfirm(reason)}
      onCancel={onClose}
    >
      <fieldset className="mt-4" aria-labelledby={legendId}>
        <legend id={legendId} className="text-sm font-medium text-stone-900">
          Reason
        </legend>
        <div className="mt-2 flex flex-col gap-1.5">
          {reasons.map((option) => (
            <label
              key={option}
              className="flex cursor-pointer items-center gap-2.5 rounded-lg border border-stone-200 px-3 py-2 text-sm text-stone-800 has-checked:border-brand-600 has-checked:bg-brand-50"
            >
              <input
                type="radio"
                name={`cancel-reason-${order.id}`}
                value={option}
                checked={reason === option}
                onChange={() => setReason(option)}
                className="size-4 accent-brand-700"
              />
              {CANCEL_REASON_LABELS[option]}
            </label>
          ))}
        </div>
      </fieldset>
    </ConfirmDialog>
  );
}
