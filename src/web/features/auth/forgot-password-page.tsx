import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MailCheck } from 'lucide-react';
import toast from 'react-hot-toast';
import { EMAIL_MAX_LENGTH, forgotPasswordSchema } from '@shared/contracts/auth';
import { formatLinkLifetime, PASSWORD_RESET_LINK_MINUTES } from '@shared/domain/emails';
import { authClient } from '@web/lib/auth-client';
import { Button } from '@web/components/button';
import { FormAlert, TextField } from '@web/components/form-field';
import { useDocumentTitle } from '@web/components/document-title';
import { AuthCard } from './auth-card';
import { authErrorMessage } from './auth-errors';

/** The one answer, whether or not the address has an account: the page never tells which. */
export const RESET_LINK_SENT = `If an account exists for that e-mail, we sent a link to reset the password. It expires in ${formatLinkLifetime(
  PASSWORD_RESET_LINK_MINUTES,
)}.`;

/** /forgot-password: an e-mail address in, a reset link out (if the address has an account). */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const parsed = forgotPasswordSchema.safeParse({ email: email.trim() });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setSubmitting(true);
    try {
      const { error } = await authClient.requestPasswordReset({
        email: parsed.data.email,
        redirectTo: '/reset-password',
      });
      if (error) throw new Error(authErrorMessage(error, 'Could not send the reset link. Please try again.'));
      setSentTo(parsed.data.email);
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Could not send the reset link. Please try again.';
      setFormError(message);
      toast.error(message);
    } finally {
      setSubmitting(false);
    }
  }

  if (sentTo) {
    return (
      <AuthCard
        back={{ to: '/login', label: 'Back to Login' }}
        heading="Check your e-mail"
        intro={`Reset link requested for ${sentTo}`}
      >
        <div className="mt-6 flex flex-col gap-5">
          <div
            role="status"
            className="flex items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
          >
            <MailCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <p>{RESET_LINK_SENT}</p>
          </div>
          <p className="text-sm text-stone-600">
            No e-mail after a few minutes? Check your spam folder, or{' '}
            <button
              type="button"
              className="rounded font-medium text-brand-700 underline-offset-2 hover:underline"
              onClick={() => setSentTo(null)}
            >
              try again
            </button>
            .
          </p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      back={{ to: '/login', label: 'Back to Login' }}
      heading="Forgot your password?"
      intro="Enter the e-mail address of your account and we will send you a link to choose a new password."
    >
      <form className="mt-6 flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        {formError && <FormAlert>{formError}</FormAlert>}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setFieldError(undefined);
          }}
          error={fieldError}
          required
          maxLength={EMAIL_MAX_LENGTH}
          autoFocus
        />
        <Button type="submit" size="lg" isLoading={isSubmitting}>
          Send reset link
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-stone-600">
        Remembered it?{' '}
        <Link to="/login" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
