import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LinkIcon } from 'lucide-react';
import toast from 'react-hot-toast';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, resetPasswordSchema } from '@shared/contracts/auth';
import { formatLinkLifetime, PASSWORD_RESET_LINK_MINUTES } from '@shared/domain/emails';
import { MSG } from '@shared/messages';
import { authClient, fieldRefusal } from '@web/lib/auth-client';
import { meQueryKey } from '@web/lib/session';
import { Button, ButtonLink } from '@web/components/button';
import { FormAlert, TextField } from '@web/components/form-field';
import { useDocumentTitle } from '@web/components/document-title';
import { AuthCard } from './auth-card';
import { authErrorMessage } from './auth-errors';

export const PASSWORD_CHANGED = 'Your password was changed. Sign in with your new password.';
export const INVALID_RESET_LINK = `This password reset link is invalid or has expired. A link works once, for ${formatLinkLifetime(
  PASSWORD_RESET_LINK_MINUTES,
)}.`;

type FieldErrors = Partial<Record<'password' | 'confirmPassword', string>>;

/**
 * /reset-password?token=…: the page the e-mailed link opens (better-auth checks the token first and sends
 * ?error=INVALID_TOKEN instead when it is unknown or expired).
 */
export function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  const [params] = useSearchParams();
  const token = params.get('token');
  const [isLinkRefused, setLinkRefused] = useState(false);

  if (!token || params.has('error') || isLinkRefused) return <InvalidLink />;
  return <ResetPasswordForm token={token} onInvalidToken={() => setLinkRefused(true)} />;
}

function InvalidLink() {
  return (
    <AuthCard
      back={{ to: '/login', label: 'Back to Login' }}
      heading="Link invalid or expired"
      intro="Your password has not been changed."
    >
      <div className="mt-6 flex flex-col gap-3">
        <div
          role="alert"
          className="flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <LinkIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <p>{INVALID_RESET_LINK}</p>
        </div>
        <ButtonLink to="/forgot-password" size="lg">
          Request a new link
        </ButtonLink>
      </div>
    </AuthCard>
  );
}

function ResetPasswordForm({ token, onInvalidToken }: { token: string; onInvalidToken: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  const update = (field: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setFieldErrors((errs) => ({ ...errs, [field]: undefined }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const parsed = resetPasswordSchema.safeParse(values);
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof FieldErrors;
        errors[key] ??= issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setSubmitting(true);
    try {
      const { error } = await authClient.resetPassword({ newPassword: parsed.data.password, token });
      if (error) {
        if (error.code === 'INVALID_TOKEN') {
          onInvalidToken();
          return;
        }
        // A password the server refuses (one of the most common) gets its reason under the field.
        const passwordRefusal = fieldRefusal(error, 'newPassword');
        if (passwordRefusal) return setFieldErrors({ password: passwordRefusal });
        throw new Error(authErrorMessage(error, 'Could not change the password. Please try again.'));
      }
      // Every session of the account has just ended, this browser's too.
      queryClient.setQueryData(meQueryKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] });
      toast.success(PASSWORD_CHANGED);
      await navigate('/login', { replace: true });
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Could not change the password. Please try again.';
      setFormError(message);
      toast.error(message);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      back={{ to: '/login', label: 'Back to Login' }}
      heading="Choose a new password"
      intro="Every device signed in to your account is signed out once the password is changed."
    >
      <form className="mt-6 flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        {formError && <FormAlert>{formError}</FormAlert>}
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={update('password')}
          error={fieldErrors.password}
          hint={MSG.passwordHint}
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          autoFocus
        />
        <TextField
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={update('confirmPassword')}
          error={fieldErrors.confirmPassword}
          required
          maxLength={PASSWORD_MAX_LENGTH}
          minLength={PASSWORD_MIN_LENGTH}
        />
        <Button type="submit" size="lg" isLoading={isSubmitting}>
          Change password
        </Button>
      </form>
    </AuthCard>
  );
}
