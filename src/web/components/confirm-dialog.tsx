import type { ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { Button } from './button';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** 'danger' when confirming loses or removes something. */
  tone?: 'primary' | 'danger';
  isConfirming?: boolean;
  onConfirm: () => void;
  /** Cancel, Escape, or a click outside. */
  onCancel: () => void;
  /** More content between the description and the buttons (a reason to choose, say). */
  children?: ReactNode;
}

/**
 * The app's in-app confirmation, in place of the browser's bare confirm box: a modal that keeps focus inside, starts
 * on the safe choice (Cancel), and closes with Escape.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'primary',
  isConfirming = false,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(isOpen) => !isOpen && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-stone-900/50 transition-opacity duration-200 starting:opacity-0 motion-reduce:transition-none" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl transition duration-200 ease-out focus:outline-none starting:scale-95 starting:opacity-0 motion-reduce:transition-none">
          <AlertDialog.Title className="text-lg font-semibold text-stone-900">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 text-sm text-stone-600">{description}</div>
          </AlertDialog.Description>
          {children}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{cancelLabel}</Button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that would close the dialog before an async confirmation finishes. */}
            <Button variant={tone} isLoading={isConfirming} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
