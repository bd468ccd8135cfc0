import { useState } from 'react';
import type { AdminUser } from '@shared/contracts/admin';
import { EXTEND_TRIAL_DEFAULT_DAYS, extendTrial } from '@shared/domain/trial';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { formatDate } from './admin-format';
import { useExtendTrial } from './use-admin-users';
import { useReturnFocus } from './use-return-focus';

type ExtendTarget = Pick<AdminUser, 'id' | 'name' | 'restaurantName' | 'trialEndsAt'>;

/**
 * Extend Trial behind an in-app question. The question shows the end date the shared rule gives, the same date the
 * server will set. `ask` opens it; `confirmDialog` goes in the page. The question stays open, showing progress,
 * until the server has answered, so focus goes back to the button that asked once it closes.
 */
export function useExtendTrialFlow(days = EXTEND_TRIAL_DEFAULT_DAYS) {
  const mutation = useExtendTrial();
  const [target, setTarget] = useState<ExtendTarget | null>(null);
  const rememberOpener = useReturnFocus(target !== null);
  const newEnd = target ? extendTrial({ currentEnd: target.trialEndsAt, days }).trialEndsAt : null;
  const who = target ? (target.restaurantName ? `${target.name} (${target.restaurantName})` : target.name) : '';

  const confirmDialog = (
    <ConfirmDialog
      open={target !== null}
      title={`Extend the trial by ${days} days?`}
      description={
        <p>
          The trial for <strong className="font-semibold text-stone-800">{who}</strong> will end on{' '}
          <strong className="font-semibold text-stone-800">{formatDate(newEnd)}</strong> and the account will be set to
          Trial.
        </p>
      }
      confirmLabel="Extend Trial"
      isConfirming={mutation.isPending}
      onConfirm={() => {
        if (!target) return;
        mutation.mutate({ user: target, days }, { onSettled: () => setTarget(null) });
      }}
      onCancel={() => {
        if (!mutation.isPending) setTarget(null);
      }}
    />
  );

  return {
    ask: (user: ExtendTarget) => {
      rememberOpener();
      setTarget(user);
    },
    confirmDialog,
  };
}
