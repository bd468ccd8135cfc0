import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import {
  EMAIL_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  loginSchema,
  PASSWORD_MAX_LENGTH,
  signUpSchema,
} from '@shared/contracts/auth';
import { MSG } from '@shared/messages';
import { authClient, fieldRefusal } from '@web/lib/auth-client';
import { isAdminPath, meQueryKey, needsOnboarding, newUserFlag, safeRedirect, useSession } from '@web/lib/session';
import { useHydrated } from '@web/lib/hydration';
import { Button, Spinner } from '@web/components/button';
import { FormAlert, TextField } from '@web/components/form-field';
import { useDocumentTitle } from '@web/components/document-title';
import { afterOnboarding } from './after-onboarding';
import { AuthCard } from './auth-card';

type Mode = 'login' | 'signup';
type Field = 'name' | 'email' | 'password';
type FieldErrors = Partial<Record<Field, string>>;

/**
 * Login and sign-up share one page; the path decides which (any path containing 'login' is login).
 *
 * The build prerenders both (prerender.tsx) as they render while the session check runs: the form, ready to fill in,
 * with the spec's 'Loading...' above it. Once the check answers, a signed-in owner is sent on.
 */
export function AuthPage() {
  const { pathname } = useLocation();
  const mode: Mode = pathname.includes('login') ? 'login' : 'signup';
  const [params] = useSearchParams();
  const { me, isLoading } = useSession();
  useDocumentTitle(mode === 'login' ? 'Login' : 'Sign Up');

  if (me) {
    if (!needsOnboarding(me)) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
    // An administrator without a restaurant goes to the admin pages, not through a restaurant's onboarding.
    if (me.isAdmin) {
      const target = safeRedirect(params.get('redirect'), '/admin');
      return <Navigate to={isAdminPath(target) ? target : '/admin'} replace />;
    }
    // Onboarding first; the redirect waits for its last step.
    if (params.has('redirect')) afterOnboarding.remember(params.get('redirect'));
    return <Navigate to="/onboarding" replace />;
  }
  return <AuthForm key={mode} mode={mode} redirect={params.get('redirect')} isCheckingSession={isLoading} />;
}

/**
 * The form's fields keep their own values and are read when it is sent, so whatever is typed or filled in on the
 * prerendered page before the app has taken it over counts.
 */
function valuesOf(form: HTMLFormElement): Record<Field, string> {
  const data = new FormData(form);
  const value = (field: Field) => {
    const entry = data.get(field);
    return typeof entry === 'string' ? entry : '';
  };
  return { name: value('name'), email: value('email'), password: value('password') };
}

function AuthForm({
  mode,
  redirect,
  isCheckingSession,
}: {
  mode: Mode;
  redirect: string | null;
  isCheckingSession: boolean;
}) {
  const queryClient = useQueryClient();
  // Until the app runs the page, sending the form would be the browser's own submission (a GET with the password in
  // the address): its button waits for the app.
  const isHydrated = useHydrated();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const isLogin = mode === 'login';

  const clearError = (field: Field) => () => setFieldErrors((errs) => ({ ...errs, [field]: undefined }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const values = valuesOf(event.currentTarget);
    const parsed = isLogin ? loginSchema.safeParse(values) : signUpSchema.safeParse(values);
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
      if (isLogin) {
        const { error } = await authClient.signIn.email({ email: values.email.trim(), password: values.password });
        if (error) throw new Error(error.message || MSG.signInFailed);
        newUserFlag.clear();
      } else {
        const { error } = await authClient.signUp.email({
          name: values.name.trim(),
          email: values.email.trim(),
          password: values.password,
        });
        // A password the server refuses (one of the most common) gets its reason under the field.
        const passwordRefusal = error && fieldRefusal(error, 'password');
        if (passwordRefusal) return setFieldErrors({ password: passwordRefusal });
        if (error) throw new Error(error.message || MSG.signUpFailed);
        newUserFlag.set();
      }
      // A new owner onboards first, then goes on to the redirect (a visitor's Subscribe Now: checkout).
      afterOnboarding.remember(redirect);
      // The page re-renders with the fresh session and routes on from there (onboarding, or the redirect).
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    } catch (error) {
      const message =
        error instanceof Error && error.message ? error.message : isLogin ? MSG.signInFailed : MSG.signUpFailed;
      setFormError(message);
      toast.error(message);
    } finally {
      setSubmitting(false);
    }
  }

  const switchQuery = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';

  return (
    <AuthCard
      back={{ to: '/', label: 'Back to Home' }}
      heading={MSG.authHeading}
      intro={isLogin ? MSG.loginIntro : MSG.signUpIntro}
      status={isCheckingSession ? <CheckingSession /> : null}
    >
      <form className="mt-6 flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        {formError && <FormAlert>{formError}</FormAlert>}
        {!isLogin && (
          <TextField
            label="Full name"
            name="name"
            autoComplete="name"
            onChange={clearError('name')}
            error={fieldErrors.name}
            required
            maxLength={FULL_NAME_MAX_LENGTH}
          />
        )}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          onChange={clearError('email')}
          error={fieldErrors.email}
          required
          maxLength={EMAIL_MAX_LENGTH}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete={isLogin ? 'current-password' : 'new-password'}
          onChange={clearError('password')}
          error={fieldErrors.password}
          hint={isLogin ? undefined : MSG.passwordHint}
          required
          minLength={isLogin ? undefined : 6}
          maxLength={PASSWORD_MAX_LENGTH}
        />
        {isLogin && (
          <Link
            to="/forgot-password"
            className="-mt-2 self-end rounded text-sm text-stone-600 underline-offset-2 hover:underline"
          >
            Forgot password?
          </Link>
        )}
        <Button type="submit" size="lg" isLoading={isSubmitting} disabled={!isHydrated}>
          {isLogin ? 'Log in' : 'Create account'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-stone-600">
        {isLogin ? "Don't have an account? " : 'Already have an account? '}
        {/* The prerendered page's script adds the redirect to this link (data-carry-redirect: see app-page.ts). */}
        <Link
          to={`${isLogin ? '/signup' : '/login'}${switchQuery}`}
          data-carry-redirect
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          {isLogin ? 'Sign up' : 'Sign in'}
        </Link>
      </p>
    </AuthCard>
  );
}

/**
 * The spec's 'Loading...' while the session check runs, beside a form that can already be filled in. On the
 * prerendered page, its own script asks and takes this away for a visitor (data-session-check: see app-page.ts).
 */
function CheckingSession() {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-stone-600" data-session-check>
      <Spinner className="size-4 text-brand-700" />
      Loading...
    </p>
  );
}
