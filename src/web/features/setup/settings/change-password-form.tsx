import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { changePasswordSchema, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shared/contracts/auth';
import { MSG } from '@shared/messages';
import { Button } from '@web/components/button';
import { FormAlert, TextField } from '@web/components/form-field';
import { apiFieldErrors, errorMessage, zodFieldErrors, type FieldErrors } from '../form-errors';
import { bindField } from '../editors/use-editor-form';
import { useUnsavedChanges } from '../unsaved-changes';
import { useChangePassword } from './account-api';

export const PASSWORD_CHANGED_HERE = 'Password changed. Every other device is now signed out.';

const EMPTY = { currentPassword: '', newPassword: '' };

/**
 * The current password and a new one. The server signs every other device out once it is changed (and refuses a
 * new password from its list of the most common ones, with the reason shown under the field); this one stays in.
 */
export function ChangePasswordForm({ email }: { email: string }) {
  const changePassword = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  useUnsavedChanges(values);
  const field = bindField(values, setValues, errors, setErrors);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const parsed = changePasswordSchema.safeParse(values);
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    try {
      await changePassword.mutateAsync(parsed.data);
      setValues(EMPTY);
      setErrors({});
      toast.success(PASSWORD_CHANGED_HERE);
    } catch (error) {
      const byField = apiFieldErrors(error);
      setErrors(byField);
      // A refusal that names no field (too many attempts, the server unreachable) is said above the fields.
      if (Object.keys(byField).length === 0) {
        const message = errorMessage(error, 'Could not change the password. Please try again.');
        setFormError(message);
        toast.error(message);
      }
    }
  }

  return (
    <form onSubmit={onSubmit} className="flex max-w-md flex-col gap-4" noValidate aria-labelledby="change-password">
      <div>
        <h3 id="change-password" className="font-semibold text-stone-900">
          Change password
        </h3>
        <p className="text-sm text-stone-600">Changing it signs out every other device signed in to your account.</p>
      </div>
      {formError && <FormAlert>{formError}</FormAlert>}
      {/* Tells password managers whose password this is. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        maxLength={PASSWORD_MAX_LENGTH}
        required
        {...field('currentPassword')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={MSG.passwordHint}
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        required
        {...field('newPassword')}
      />
      <Button type="submit" className="self-start" isLoading={changePassword.isPending}>
        Change password
      </Button>
    </form>
  );
}
