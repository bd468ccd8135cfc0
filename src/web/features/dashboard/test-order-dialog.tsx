import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import clsx from 'clsx';
import toast from 'react-hot-toast';
import { Dialog } from 'radix-ui';
import { CircleCheck, FlaskConical, X } from 'lucide-react';
import type { Order } from '@shared/contracts/orders';
import { formatPhoneDisplay } from '@shared/domain/phone';
import { Button } from '@web/components/button';
import { TextAreaField } from '@web/components/form-field';
import { failureMessage } from '@web/lib/api';
import { useCreateTestOrder } from './use-orders';

/** The spec's dialog closing delay: the dialog fades out for this long before it is removed. */
export const DIALOG_CLOSE_MS = 300;

export const TEST_ORDER_MESSAGES = {
  created: 'Test order created successfully!',
  customCreated: 'Custom test order created successfully!',
  failed: 'Failed to create test order',
} as const;

type OrderKind = 'regular' | 'custom';

/** Creates a test order and toasts the outcome; shared by the dialog and the empty dashboard's buttons. */
export function useCreateTestOrderWithToast() {
  const create = useCreateTestOrder();
  const createWithToast = async (input: { isCustomOrder: boolean; customOrderText?: string }) => {
    try {
      const order = await create.mutateAsync(input);
      toast.success(input.isCustomOrder ? TEST_ORDER_MESSAGES.customCreated : TEST_ORDER_MESSAGES.created);
      return order;
    } catch (error) {
      toast.error(failureMessage(error, TEST_ORDER_MESSAGES.failed));
      return null;
    }
  };
  return {
    createWithToast,
    isPending: create.isPending,
    pendingInput: create.isPending ? create.variables : undefined,
  };
}

export function TestOrderDialog({ onShowOrder }: { onShowOrder: (order: Order) => void }) {
  const [isOpen, setIsOpen] = useState(false);
  const [isClosing, setIsClosing] = useState(false);
  const [created, setCreated] = useState<Order | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const showOrderOnClose = useRef<Order | null>(null);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const close = () => {
    if (closeTimer.current) return;
    setIsClosing(true);
    closeTimer.current = setTimeout(() => {
      closeTimer.current = undefined;
      setIsOpen(false);
      setIsClosing(false);
    }, DIALOG_CLOSE_MS);
  };

  const onOpenChange = (open: boolean) => {
    if (!open) return close();
    clearTimeout(closeTimer.current);
    closeTimer.current = undefined;
    setIsClosing(false);
    setCreated(null);
    setIsOpen(true);
  };

  return (
    <Dialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button className="max-sm:size-9 max-sm:px-0" title="Simulate Test Order">
          <FlaskConical className="size-4" aria-hidden="true" />
          <span className="max-sm:sr-only">Simulate Test Order</span>
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay
          className={clsx(
            'fixed inset-0 z-40 bg-stone-900/50 transition-opacity duration-300 starting:opacity-0 motion-reduce:transition-none',
            isClosing && 'opacity-0',
          )}
        />
        <Dialog.Content
          data-closing={isClosing || undefined}
          onCloseAutoFocus={(event) => {
            const order = showOrderOnClose.current;
            if (!order) return;
            showOrderOnClose.current = null;
            event.preventDefault();
            onShowOrder(order);
          }}
          className={clsx(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl transition duration-300 ease-out focus:outline-none starting:scale-95 starting:opacity-0 motion-reduce:transition-none',
            isClosing && 'scale-95 opacity-0',
          )}
        >
          {created ? (
            <CreatedView
              order={created}
              onGoToDashboard={() => {
                showOrderOnClose.current = created;
                close();
              }}
              onCreateAnother={() => setCreated(null)}
            />
          ) : (
            <CreateForm onCreated={setCreated} />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DialogHeader({ title }: { title: string }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <Dialog.Title className="text-lg font-semibold text-stone-900">{title}</Dialog.Title>
      <Dialog.Close asChild>
        <Button variant="ghost" size="sm" className="-mt-1 -mr-2 px-2" aria-label="Close">
          <X className="size-5" aria-hidden="true" />
        </Button>
      </Dialog.Close>
    </div>
  );
}

function CreateForm({ onCreated }: { onCreated: (order: Order) => void }) {
  const id = useId();
  const [kind, setKind] = useState<OrderKind>('regular');
  const [customText, setCustomText] = useState('');
  const { createWithToast, isPending } = useCreateTestOrderWithToast();
  const isCustom = kind === 'custom';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const text = customText.trim();
    const order = await createWithToast(
      isCustom ? { isCustomOrder: true, ...(text ? { customOrderText: text } : {}) } : { isCustomOrder: false },
    );
    if (order) onCreated(order);
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-5">
      <div>
        <DialogHeader title="Simulate Test Order" />
        <Dialog.Description asChild>
          <div className="mt-2 flex flex-col gap-2 text-sm text-stone-600">
            <p>
              See how PickupLine works without making a phone call. A random order is created, as if a caller had placed
              it with your assistant.
            </p>
            <ul className="list-disc space-y-1 pl-5">
              <li>It appears in your dashboard right away.</li>
              <li>You can process it like any order: set a prep time, mark it ready, then complete it.</li>
              <li>
                Text messages are only simulated: no real customer is texted. Read them in the{' '}
                <Link to="/outbox" className="font-medium text-brand-700 underline-offset-2 hover:underline">
                  Outbox
                </Link>
                .
              </li>
            </ul>
          </div>
        </Dialog.Description>
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-stone-800">Order type</legend>
        <KindOption
          name={`${id}-kind`}
          value="regular"
          checked={kind === 'regular'}
          onSelect={setKind}
          label="Regular order"
          description="Random items from your menu."
        />
        <KindOption
          name={`${id}-kind`}
          value="custom"
          checked={isCustom}
          onSelect={setKind}
          label="Custom order"
          description="A request in the caller's own words, for something off the menu."
        />
      </fieldset>

      {isCustom && (
        <TextAreaField
          label="Custom order text (optional)"
          hint="Leave empty for a random request."
          value={customText}
          maxLength={500}
          placeholder="e.g. A large pizza, half pepperoni, half mushroom, extra crispy"
          onChange={(event) => setCustomText(event.target.value)}
        />
      )}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="secondary">Cancel</Button>
        </Dialog.Close>
        <Button type="submit" isLoading={isPending}>
          {isCustom ? 'Create Custom Test Order' : 'Create Test Order'}
        </Button>
      </div>
    </form>
  );
}

function KindOption({
  name,
  value,
  checked,
  onSelect,
  label,
  description,
}: {
  name: string;
  value: OrderKind;
  checked: boolean;
  onSelect: (value: OrderKind) => void;
  label: string;
  description: string;
}) {
  return (
    <label
      className={clsx(
        'flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 text-sm has-focus-visible:outline-2 has-focus-visible:outline-brand-600',
        checked ? 'border-brand-600 bg-brand-50' : 'border-stone-300 hover:bg-stone-50',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onSelect(value)}
        className="mt-0.5 size-4 shrink-0 accent-brand-700 focus-visible:outline-none"
      />
      <span>
        <span className="block font-medium text-stone-900">{label}</span>
        <span className="block text-stone-600">{description}</span>
      </span>
    </label>
  );
}

function CreatedView({
  order,
  onGoToDashboard,
  onCreateAnother,
}: {
  order: Order;
  onGoToDashboard: () => void;
  onCreateAnother: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form that had focus is gone; put the person on the news instead of the top of the page.
  useEffect(() => headingRef.current?.focus(), []);
  const title = order.isCustomOrder ? 'Custom Order Created!' : 'Test Order Created!';
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <CircleCheck className="size-12 text-emerald-600" aria-hidden="true" />
      <Dialog.Title ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-stone-900 focus:outline-none">
        {title}
      </Dialog.Title>
      <Dialog.Description className="text-sm text-stone-600">
        {order.customerName ? `${order.customerName}'s` : 'The'} {order.isCustomOrder ? 'custom order' : 'order'} is now
        on your dashboard, ready to process.
      </Dialog.Description>
      <div className="w-full rounded-lg border border-stone-200 bg-stone-50 px-3 py-2 text-left text-sm">
        <p className="font-medium break-words text-stone-900">
          {order.isCustomOrder ? order.customOrderText : order.item}
        </p>
        <p className="text-stone-600">{formatPhoneDisplay(order.phoneNumber)}</p>
      </div>
      <div className="flex w-full flex-col-reverse gap-3 sm:flex-row sm:justify-center">
        <Button variant="secondary" onClick={onCreateAnother}>
          Create another
        </Button>
        <Button onClick={onGoToDashboard}>Go to Dashboard</Button>
      </div>
    </div>
  );
}
