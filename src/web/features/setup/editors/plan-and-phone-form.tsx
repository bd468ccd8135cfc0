import { useState, type FormEvent, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Check } from 'lucide-react';
import { completeOnboardingSchema, paymentNumberSchema } from '@shared/contracts/restaurant';
import { formatPhoneDisplay, toE164 } from '@shared/domain/phone';
import { PRO_PLAN, formatPrice } from '@shared/product';
import { ApiError } from '@web/lib/api';
import { Button } from '@web/components/button';
import { CheckboxField, FormAlert, TextField } from '@web/components/form-field';
import { FooterRow } from './editor-footer';
import { PhoneCodeEntry, PhoneProofAnnouncer, usePhoneProof } from './phone-code-entry';
import { useDraft } from '@web/lib/drafts';
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from '../form-errors';
import { useCompleteOnboarding } from '../setup-api';

const PHONE_FIELD_ID = 'payment-phone-number';

/**
 * The restaurant's number from step 1, as this step accepts it: a North American number written (XXX) XXX-XXXX, its
 * country code dropped; empty when it is not one (the step takes US numbers only).
 */
export function paymentStepNumberFrom(restaurantPhone: string | null | undefined): string {
  const e164 = restaurantPhone ? toE164(restaurantPhone) : null;
  return e164?.startsWith('+1') && e164.length === 12 ? formatPhoneDisplay(e164.slice(2)) : '';
}

/**
 * The last step: the plan, and the number callers will dial, filled in with the restaurant's number from step 1. The
 * owner's own number is proven with a code texted to it (Send code, then Verify); a new dedicated number needs none.
 * Finishing completes onboarding.
 */
export function PlanAndPhoneForm({
  onCompleted,
  back,
  restaurantPhone = null,
}: {
  onCompleted: () => Promise<void>;
  back?: ReactNode;
  /** The number given in step 1, to start from. */
  restaurantPhone?: string | null;
}) {
  const [values, setValues] = useDraft('payment', {
    phoneNumber: paymentStepNumberFrom(restaurantPhone),
    confirmedAccess: false,
    requestNewNumber: false,
  });
  const proof = usePhoneProof('payment.code');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const completeOnboarding = useCompleteOnboarding();
  const isEnteringCode = !values.requestNewNumber && proof.verification !== null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const parsed = paymentNumberSchema.safeParse(values);
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    if (!values.requestNewNumber && !proof.verification) {
      setSubmitting(true);
      setErrors(await proof.send(parsed.data.phoneNumber));
      setSubmitting(false);
      return;
    }
    const input = values.requestNewNumber
      ? values
      : { ...values, verificationId: proof.verification!.id, code: proof.code };
    const checked = completeOnboardingSchema.safeParse(input);
    if (!checked.success) return setErrors(zodFieldErrors(checked.error));
    setSubmitting(true);
    try {
      await completeOnboarding.mutateAsync(checked.data);
      await onCompleted();
    } catch (error) {
      // The code's own refusals (wrong, expired, not found) are said next to it; they are not a failed setup.
      const fields =
        error instanceof ApiError && error.status === 404 && !error.field
          ? { code: error.message }
          : apiFieldErrors(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFormError('There was an error completing your setup. Please try again.');
      if (!fields.code && !fields.verificationId) toast.error('Failed to complete onboarding');
    } finally {
      setSubmitting(false);
    }
  }

  const submitLabel = values.requestNewNumber
    ? isSubmitting
      ? 'Completing setup…'
      : 'Complete setup'
    : isEnteringCode
      ? isSubmitting
        ? 'Verifying…'
        : 'Verify and finish'
      : isSubmitting
        ? 'Sending code…'
        : 'Send code';

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <div className="rounded-xl border border-brand-200 bg-brand-50 p-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p className="font-semibold text-brand-900">{PRO_PLAN.name}</p>
          <p>
            <span className="text-2xl font-bold text-stone-900">{formatPrice(PRO_PLAN.priceCents)}</span>
            <span className="text-sm text-stone-600"> per month</span>
          </p>
        </div>
        <p className="mt-1 text-sm font-medium text-brand-800">Billed monthly. Cancel any time.</p>
        <ul className="mt-3 grid gap-1 text-sm text-stone-700 sm:grid-cols-3">
          {PRO_PLAN.features.map((f) => (
            <li key={f} className="flex items-center gap-1.5">
              <Check className="size-4 text-brand-700" aria-hidden="true" /> {f}
            </li>
          ))}
        </ul>
        <p className="mt-3 text-xs text-stone-600">
          Your 7-day free trial is already running. No card is needed today.
        </p>
      </div>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 font-semibold text-stone-900">Your assistant's phone number</legend>
        {formError && <FormAlert>{formError}</FormAlert>}
        <TextField
          id={PHONE_FIELD_ID}
          label="Phone number"
          name="phoneNumber"
          type="tel"
          autoComplete="tel"
          placeholder="(555) 123-4567"
          hint="The line your customers already call. We will text a code to it to make sure it is yours."
          value={values.phoneNumber}
          disabled={values.requestNewNumber}
          error={errors.phoneNumber}
          onChange={(e) => {
            setValues((v) => ({ ...v, phoneNumber: e.target.value }));
            // A code proves the number it was sent to: another number needs its own.
            if (proof.verification) proof.reset();
            setErrors({});
          }}
        />
        <CheckboxField
          label="I confirm I have access to this phone number"
          checked={values.confirmedAccess}
          disabled={values.requestNewNumber}
          error={errors.confirmedAccess}
          onChange={(e) => {
            setValues((v) => ({ ...v, confirmedAccess: e.target.checked }));
            setErrors({});
          }}
        />
        {isEnteringCode && (
          <PhoneCodeEntry
            proof={proof}
            phoneNumber={values.phoneNumber}
            error={errors.code ?? errors.verificationId}
            onCodeChange={() => setErrors({})}
            onUseDifferentNumber={() => {
              proof.reset();
              setErrors({});
              document.getElementById(PHONE_FIELD_ID)?.focus();
            }}
          />
        )}
        {!isEnteringCode && proof.sendError && <FormAlert>{proof.sendError}</FormAlert>}
        <CheckboxField
          label="Request a new dedicated phone number"
          description="We will set up a new number for your assistant instead."
          checked={values.requestNewNumber}
          onChange={(e) => {
            setValues((v) => ({ ...v, requestNewNumber: e.target.checked }));
            setErrors({});
          }}
        />
      </fieldset>
      <PhoneProofAnnouncer proof={proof} />
      <FooterRow back={back}>
        <Button type="submit" size="lg" isLoading={isSubmitting}>
          {submitLabel}
        </Button>
      </FooterRow>
    </form>
  );
}
