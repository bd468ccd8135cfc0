import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import clsx from 'clsx';
import { ShieldAlert } from 'lucide-react';
import { connectOwnNumberSchema, requestPhoneCodeSchema } from '@shared/contracts/phone-verification';
import { formatPhoneDisplay } from '@shared/domain/phone';
import { ApiError } from '@web/lib/api';
import { useDraft } from '@web/lib/drafts';
import { Button } from '@web/components/button';
import { FormAlert, TextField } from '@web/components/form-field';
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from '../form-errors';
import { PhoneCodeEntry, PhoneProofAnnouncer, usePhoneProof } from '../editors/phone-code-entry';
import { useConnectOwnNumber } from '../setup-api';

/** A stored E.164 US number as the phone field takes it: +12125550100 → (212) 555-0100. */
const asTyped = (e164: string) => formatPhoneDisplay(e164).replace(/^\+1 /, '');

/**
 * Settings → Phone: a number of the owner's own, proven with the code texted to it, becomes the number the assistant
 * answers. With `unprovenNumber`, the number it already answers is proven instead (nothing else changes). Nothing is
 * stored until the code is entered.
 */
export function OwnNumberForm({ unprovenNumber }: { unprovenNumber: string | null }) {
  // Kept as drafts, so a visit to the outbox (where test mode shows the text) and back finds the code still asked.
  const [typedNumber, setTypedNumber, clearTypedNumberDraft] = useDraft('settings.phone-number', '');
  const proof = usePhoneProof('settings.phone-code');
  const [errors, setErrors] = useState<FieldErrors>({});
  const connect = useConnectOwnNumber();
  const phoneId = useId();
  const headingId = useId();
  const phoneNumber = unprovenNumber ? asTyped(unprovenNumber) : typedNumber;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!proof.verification) {
      const parsed = requestPhoneCodeSchema.safeParse({ phoneNumber });
      if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
      setErrors(await proof.send(parsed.data.phoneNumber));
      return;
    }
    const input = { phoneNumber, verificationId: proof.verification.id, code: proof.code };
    const checked = connectOwnNumberSchema.safeParse(input);
    if (!checked.success) return setErrors(zodFieldErrors(checked.error));
    try {
      const system = await connect.mutateAsync(input);
      // The form may already be gone (a set-up under way hides it): its drafts go with the code.
      proof.reset();
      clearTypedNumberDraft();
      setTypedNumber('');
      setErrors({});
      // A new number is being set up: the panel shows it, and the app says how it went.
      if (system.status !== 'pending')
        toast.success(`${formatPhoneDisplay(system.phoneNumber)} is proven to be yours.`);
    } catch (error) {
      const fields =
        error instanceof ApiError && error.status === 404 && !error.field
          ? { code: error.message }
          : apiFieldErrors(error);
      setErrors(Object.keys(fields).length > 0 ? fields : { code: 'Failed to connect the number. Please try again.' });
    }
  }

  const submitLabel = proof.verification
    ? connect.isPending
      ? 'Verifying…'
      : unprovenNumber
        ? 'Verify'
        : 'Verify and connect'
    : proof.isSending
      ? 'Sending code…'
      : 'Send code';

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={headingId}
      className={clsx(
        'flex flex-col gap-4 rounded-xl border p-4',
        unprovenNumber ? 'border-amber-200 bg-amber-50/60' : 'border-stone-200',
      )}
    >
      <div>
        <h3 id={headingId} className="flex items-center gap-2 font-semibold text-stone-900">
          {unprovenNumber && <ShieldAlert className="size-4 shrink-0 text-amber-700" aria-hidden="true" />}
          {unprovenNumber ? 'Prove this number is yours' : 'Use a number you own'}
        </h3>
        <p className="mt-1 text-sm text-stone-600">
          {unprovenNumber
            ? `${formatPhoneDisplay(unprovenNumber)} was connected without proof. Until it is proven, another restaurant that proves it is theirs can take it over. We text a code to it; nothing else changes.`
            : 'Connect the line your customers already call. We text a code to it to make sure it is yours; nothing changes until you enter the code.'}
        </p>
      </div>
      {!unprovenNumber && (
        <TextField
          id={phoneId}
          label="Phone number"
          name="phoneNumber"
          type="tel"
          autoComplete="tel"
          placeholder="(555) 123-4567"
          className="sm:max-w-xs"
          value={typedNumber}
          error={errors.phoneNumber}
          onChange={(e) => {
            setTypedNumber(e.target.value);
            if (proof.verification) proof.reset();
            setErrors({});
          }}
        />
      )}
      {unprovenNumber && errors.phoneNumber && <FormAlert>{errors.phoneNumber}</FormAlert>}
      {proof.verification && (
        <PhoneCodeEntry
          proof={proof}
          phoneNumber={phoneNumber}
          error={errors.code ?? errors.verificationId}
          onCodeChange={() => setErrors({})}
          canChangeNumber={!unprovenNumber}
          onUseDifferentNumber={() => {
            proof.reset();
            setErrors({});
            document.getElementById(phoneId)?.focus();
          }}
        />
      )}
      {!proof.verification && proof.sendError && <FormAlert>{proof.sendError}</FormAlert>}
      <PhoneProofAnnouncer proof={proof} />
      <Button type="submit" className="self-start" isLoading={proof.isSending || connect.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
