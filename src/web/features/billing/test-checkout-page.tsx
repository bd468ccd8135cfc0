import { useEffect, useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, FlaskConical, Lock, TimerOff, TriangleAlert } from 'lucide-react';
import { testCardSchema, type TestCardInput, type TestCheckoutView } from '@shared/contracts/billing';
import { formatCents } from '@shared/domain/money';
import { ApiError } from '@web/lib/api';
import { apiClient, call } from '@web/lib/api-client';
import { leaveAppFor } from '@web/lib/leave-app';
import { formatPlanDate } from '@web/lib/queries/billing';
import { Button, Spinner, buttonClasses } from '@web/components/button';
import { useDocumentTitle } from '@web/components/document-title';
import { FormAlert, TextField } from '@web/components/form-field';
import { Logo } from '@web/components/logo';

export const TEST_CARD_HINT = 'Use 4242 4242 4242 4242 to succeed, 4000 0000 0000 0002 to see a decline';

type CardField = keyof TestCardInput;
const CARD_FIELDS: readonly CardField[] = ['cardNumber', 'expiry', 'cvc', 'name'];
const isCardField = (value: unknown): value is CardField => CARD_FIELDS.includes(value as CardField);
type FieldErrors = Partial<Record<CardField, string>>;

const EMPTY_CARD: TestCardInput = { cardNumber: '', expiry: '', cvc: '', name: '' };

const checkoutQueryKey = (id: string) => ['billing', 'test-checkout', id] as const;

/**
 * The local test mode's stand-in for the payment provider's hosted checkout: no real card is charged. It stands on
 * its own, outside the app's header and banner, as a hosted page would.
 */
export function TestCheckoutPage() {
  const { id = '' } = useParams();
  const checkout = useQuery({
    queryKey: checkoutQueryKey(id),
    queryFn: () => call(apiClient.billing['test-checkout'][':id'].$get({ param: { id } })),
  });
  const isUpdate = checkout.data?.purpose === 'update_card';
  useDocumentTitle(isUpdate ? 'Update payment method (test mode)' : 'Checkout (test mode)');

  return (
    <div className="flex min-h-dvh flex-col bg-stone-100">
      <p className="flex items-center justify-center gap-2 bg-amber-400 px-4 py-2 text-center text-sm font-bold tracking-wide text-amber-950">
        <FlaskConical className="size-4 shrink-0" aria-hidden="true" />
        TEST MODE: no real card is charged
      </p>
      <div className="flex flex-1 flex-col items-center px-4 py-8 sm:py-12">
        <header>
          <Logo to="/account/billing" />
        </header>
        <main className="mt-8 w-full max-w-md">
          {checkout.isPending ? (
            <div className="flex items-center justify-center gap-2 py-16 text-stone-600" role="status">
              <Spinner className="size-5 text-brand-700" /> Loading checkout…
            </div>
          ) : checkout.isError ? (
            <Notice
              icon={<TriangleAlert className="size-7" aria-hidden="true" />}
              title={
                checkout.error instanceof ApiError && checkout.error.status === 404
                  ? 'Checkout not found'
                  : 'Could not load this checkout'
              }
              text={
                checkout.error instanceof ApiError && checkout.error.status === 404
                  ? 'This checkout link is not valid for your account.'
                  : checkout.error.message
              }
            />
          ) : checkout.data.status === 'complete' ? (
            <Notice
              icon={<CircleCheck className="size-7 text-emerald-600" aria-hidden="true" />}
              title={isUpdate ? 'Card already updated' : 'Checkout already complete'}
              text={
                isUpdate
                  ? 'This card update has already been saved.'
                  : 'This checkout has already been paid. Your subscription is on your billing page.'
              }
            />
          ) : checkout.data.status === 'expired' ? (
            <Notice
              icon={<TimerOff className="size-7" aria-hidden="true" />}
              title="Checkout expired"
              text="This checkout is no longer open and nothing was charged. Start again from your billing page."
            />
          ) : (
            <CheckoutCard checkout={checkout.data} />
          )}
        </main>
      </div>
    </div>
  );
}

function Notice({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <section className="rounded-2xl border border-stone-200 bg-white p-8 text-center shadow-xl shadow-stone-900/5">
      <span className="mx-auto grid size-14 place-items-center rounded-full bg-stone-100 text-stone-600">{icon}</span>
      <h1 className="mt-5 text-xl font-bold tracking-tight text-stone-900">{title}</h1>
      <p className="mt-2 text-stone-600">{text}</p>
      <Link to="/account/billing" className={`${buttonClasses()} mt-6 w-full`}>
        Go to billing
      </Link>
    </section>
  );
}

function CheckoutCard({ checkout }: { checkout: TestCheckoutView }) {
  const isUpdate = checkout.purpose === 'update_card';
  const amount = `${formatCents(checkout.amountCents)} per ${checkout.interval}`;
  return (
    <section
      aria-labelledby="test-checkout-heading"
      className="rounded-2xl border border-stone-200 bg-white shadow-xl shadow-stone-900/5"
    >
      <div className="border-b border-stone-200 p-6 sm:p-8">
        <p className="text-sm font-medium text-stone-500">{isUpdate ? checkout.planName : 'Subscribe to'}</p>
        <h1 id="test-checkout-heading" className="mt-1 text-xl font-bold tracking-tight text-stone-900">
          {isUpdate ? 'Update payment method' : checkout.planName}
        </h1>
        {isUpdate ? (
          <p className="mt-2 text-sm text-stone-600">
            The new card is used for {checkout.planName} ({amount}) from the next payment on.
          </p>
        ) : (
          <>
            <p className="mt-3 text-3xl font-bold tracking-tight text-stone-900">
              {formatCents(checkout.amountCents)}
              <span className="text-base font-medium text-stone-500"> per {checkout.interval}</span>
            </p>
            {checkout.firstChargeAt && (
              <p className="mt-2 text-sm text-stone-600">
                Nothing is charged today: the first charge is on {formatPlanDate(checkout.firstChargeAt)}.
              </p>
            )}
          </>
        )}
        <p className="mt-4 text-sm text-stone-600">
          <span className="text-stone-500">Email</span> <span className="font-medium break-all">{checkout.email}</span>
        </p>
      </div>
      <CardForm checkout={checkout} />
    </section>
  );
}

function CardForm({ checkout }: { checkout: TestCheckoutView }) {
  const queryClient = useQueryClient();
  const formId = useId();
  const fieldId = (field: CardField) => `${formId}-${field}`;
  const formAlertId = `${formId}-alert`;
  const isUpdate = checkout.purpose === 'update_card';
  const [card, setCard] = useState<TestCardInput>(EMPTY_CARD);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // A new object each time, so the same field is focused again after a second failed attempt.
  const [focusTarget, setFocusTarget] = useState<{ id: string } | null>(null);

  const pay = useMutation({
    mutationFn: (input: TestCardInput) =>
      call(apiClient.billing['test-checkout'][':id'].pay.$post({ param: { id: checkout.id }, json: input })),
    onSuccess: ({ url }) => leaveAppFor(url),
    onError: (error) => {
      const status = error instanceof ApiError ? error.status : 0;
      // No longer open (paid in another tab, or expired): the page then shows which.
      if (status === 409) void queryClient.invalidateQueries({ queryKey: checkoutQueryKey(checkout.id) });
      // A decline belongs to the card; other refusals name their field, or concern the whole form.
      const named = error instanceof ApiError ? error.field : undefined;
      const field = isCardField(named) ? named : status === 402 ? 'cardNumber' : null;
      if (field) {
        // The server's validation names the field in front of its message ('cvc: …'); the field shows it already.
        const prefix = `${field}: `;
        setErrors({ [field]: error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message });
        setFocusTarget({ id: fieldId(field) });
      } else {
        setFormError(error.message);
        setFocusTarget({ id: formAlertId });
      }
    },
  });
  const isPaying = pay.isPending || pay.isSuccess;

  // The fields are disabled while paying, so an error is focused once they are back.
  useEffect(() => {
    if (focusTarget && !isPaying) document.getElementById(focusTarget.id)?.focus();
  }, [focusTarget, isPaying]);

  const update = (field: CardField) => (event: ChangeEvent<HTMLInputElement>) => {
    setCard((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isPaying) return;
    setFormError(null);
    const parsed = testCardSchema.safeParse(card);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isCardField(field) && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      const first = CARD_FIELDS.find((field) => found[field]);
      if (first) setFocusTarget({ id: fieldId(first) });
      return;
    }
    setErrors({});
    pay.mutate(card);
  };

  const fieldProps = (field: CardField) => ({
    id: fieldId(field),
    value: card[field],
    onChange: update(field),
    error: errors[field],
    disabled: isPaying,
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4 p-6 sm:p-8">
      {formError && (
        <div id={formAlertId} tabIndex={-1} className="focus:outline-none">
          <FormAlert>{formError}</FormAlert>
        </div>
      )}
      {/* Apart from the field, so it stays in view when the field shows an error (a decline). */}
      <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        {TEST_CARD_HINT}
      </p>
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        {...fieldProps('cardNumber')}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          {...fieldProps('expiry')}
        />
        <TextField label="CVC" inputMode="numeric" autoComplete="cc-csc" placeholder="123" {...fieldProps('cvc')} />
      </div>
      <TextField label="Name on card" autoComplete="cc-name" {...fieldProps('name')} />
      <Button type="submit" size="lg" className="mt-2 w-full" isLoading={isPaying}>
        {!isPaying && <Lock className="size-4" aria-hidden="true" />}
        {isPaying
          ? 'Processing…'
          : isUpdate
            ? 'Save card'
            : checkout.firstChargeAt
              ? 'Start subscription'
              : 'Subscribe'}
      </Button>
      <a href={checkout.cancelUrl} className={`${buttonClasses({ variant: 'ghost' })} w-full`}>
        Cancel
      </a>
    </form>
  );
}
