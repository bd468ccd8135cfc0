import { useEffect, useId, useState } from 'react';
import { MessageSquareText } from 'lucide-react';
import type { PhoneVerificationResponse } from '@shared/contracts/phone-verification';
import { formatPhoneDisplay } from '@shared/domain/phone';
import { PHONE_CODE_LENGTH, PHONE_CODE_TTL_SECONDS, secondsUntil } from '@shared/domain/phone-verification';
import { Spinner } from '@web/components/button';
import { FormAlert, TextField } from '@web/components/form-field';
import { useDraft } from '@web/lib/drafts';
import { useSession } from '@web/lib/session';
import { apiFieldErrors, errorMessage, type FieldErrors } from '../form-errors';
import { usePhoneCodeText, useSendPhoneCode } from '../setup-api';

interface ProofDraft {
  verification: PhoneVerificationResponse | null;
  code: string;
}

/**
 * The owner proves a number is theirs: a code is texted to it, and typed back. Keeps the code asked for (with a draft
 * key, across a reload too) and says what happened in words a screen reader announces.
 */
export function usePhoneProof(draftKey: string | null) {
  const [proof, setProof, clearDraft] = useDraft<ProofDraft>(draftKey, { verification: null, code: '' });
  const [sendError, setSendError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const sendCode = useSendPhoneCode();

  /** Texts a code; the field errors the server named (the number), or none. Other failures go to `sendError`. */
  async function send(phoneNumber: string): Promise<FieldErrors> {
    setSendError(null);
    try {
      const verification = await sendCode.mutateAsync({ phoneNumber });
      const isResend = proof.verification?.phoneNumber === verification.phoneNumber;
      setProof({ verification, code: '' });
      setAnnouncement(
        `${isResend ? 'We texted a new code' : 'We texted a code'} to ${formatPhoneDisplay(verification.phoneNumber)}.`,
      );
      return {};
    } catch (error) {
      const fields = apiFieldErrors(error);
      if (Object.keys(fields).length === 0) {
        setSendError(errorMessage(error, 'We could not send the code. Please try again.'));
      }
      return fields;
    }
  }

  return {
    verification: proof.verification,
    code: proof.code,
    setCode: (code: string) => setProof((p) => ({ ...p, code })),
    send,
    isSending: sendCode.isPending,
    sendError,
    announcement,
    /** Back to typing a number: the code asked for is let go (from the draft too, should the form be gone). */
    reset: () => {
      clearDraft();
      setProof({ verification: null, code: '' });
      setSendError(null);
      setAnnouncement('');
    },
  };
}

export type PhoneProof = ReturnType<typeof usePhoneProof>;

/** Seconds until `at`, counted down every second. */
function useSecondsUntil(at: string) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return secondsUntil(at, new Date(now));
}

/** A quiet action beside the code: a link's look, a button's behaviour, a tap target of 32 px. */
const textButton =
  'inline-flex h-8 items-center gap-1.5 font-medium text-brand-700 hover:underline disabled:cursor-not-allowed disabled:text-stone-500 disabled:no-underline';

/** Where the texted code is typed, with Resend (after a wait) and a way back to another number. */
export function PhoneCodeEntry({
  proof,
  phoneNumber,
  error,
  onCodeChange,
  onUseDifferentNumber,
  canChangeNumber = true,
}: {
  proof: PhoneProof;
  /** The number as typed, which Resend texts again. */
  phoneNumber: string;
  error?: string;
  onCodeChange?: () => void;
  /** Back to the number field (the code asked for is let go). */
  onUseDifferentNumber: () => void;
  /** False when the number is not the owner's to choose (proving the one already connected). */
  canChangeNumber?: boolean;
}) {
  const verification = proof.verification!;
  const resendIn = useSecondsUntil(verification.resendAvailableAt);
  const sentTo = formatPhoneDisplay(verification.phoneNumber);
  const codeId = useId();
  // A new code: the cursor goes where it is typed.
  useEffect(() => document.getElementById(codeId)?.focus(), [codeId, verification.id]);

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-stone-50 p-4">
      <p className="text-sm text-stone-700">
        Enter the {PHONE_CODE_LENGTH}-digit code we texted to <span className="font-medium">{sentTo}</span>. It expires
        in {PHONE_CODE_TTL_SECONDS / 60} minutes.
      </p>
      <TextField
        id={codeId}
        label={`${PHONE_CODE_LENGTH}-digit code`}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        className="max-w-48"
        // Wide letter spacing reads like the code on the phone; digits only, whatever is pasted.
        style={{ letterSpacing: '0.3em' }}
        value={proof.code}
        error={error}
        onChange={(e) => {
          proof.setCode(e.target.value.replace(/\D/g, '').slice(0, PHONE_CODE_LENGTH));
          onCodeChange?.();
        }}
      />
      <div className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm">
        <button
          type="button"
          className={textButton}
          disabled={resendIn > 0 || proof.isSending}
          aria-busy={proof.isSending || undefined}
          onClick={() => void proof.send(phoneNumber)}
        >
          {proof.isSending && <Spinner className="size-3.5" />}
          {resendIn > 0 ? `Resend code in ${resendIn} s` : 'Resend code'}
        </button>
        {canChangeNumber && (
          <button type="button" className={textButton} onClick={onUseDifferentNumber}>
            Use a different number
          </button>
        )}
      </div>
      {proof.sendError && <FormAlert>{proof.sendError}</FormAlert>}
      <TestModeText verificationId={verification.id} />
    </div>
  );
}

/** Says what happened to the code (sent, sent again) to screen readers, wherever the form puts it. */
export function PhoneProofAnnouncer({ proof }: { proof: PhoneProof }) {
  return (
    <p role="status" aria-live="polite" className="sr-only">
      {proof.announcement}
    </p>
  );
}

/** In test mode nothing is texted: the text is shown here as the phone would receive it, as in the outbox. */
function TestModeText({ verificationId }: { verificationId: string }) {
  const { me } = useSession();
  const isLocal = me?.smsProvider === 'local';
  const text = usePhoneCodeText(isLocal ? verificationId : null);
  if (!isLocal) return null;
  return (
    <section
      aria-label="Test mode text"
      className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <p className="flex items-center gap-1.5 font-medium">
        <MessageSquareText className="size-4" aria-hidden="true" /> Test mode: no text is sent
      </p>
      <p className="mt-0.5 text-xs">This is the text the phone would receive. It is also in your outbox.</p>
      {text.data ? (
        <p className="mt-2 max-w-[90%] rounded-2xl rounded-bl-md bg-white px-3.5 py-2 text-[15px] leading-snug break-words whitespace-pre-line text-stone-900">
          {text.data.body}
        </p>
      ) : (
        <p className="mt-2 flex items-center gap-2 text-xs">
          <Spinner className="size-3.5" /> Loading the text…
        </p>
      )}
    </section>
  );
}
