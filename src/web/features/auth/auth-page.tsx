import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import toast from 'react-hot-toast';
import { loginSchema, signUpSchema } from '@shared/contracts/auth';
import { MSG } from '@shared/messages';
import { authClient } from '@web/lib/auth-client';
import { meQueryKey, needsOnboarding, newUserFlag, safeRedirect, useSession } from '@web/lib/session';
import { Button, ButtonLink } from '@web/components/button';
import { FormAlert, TextField } from '@web/components/form-field';
import { LoadingScreen } from '@web/components/loading-screen';
import { useDocumentTitle } from '@web/components/document-title';
import { Logo } from '@web/components/logo';
import { afterOnboarding } from './after-onboarding';

type Mode = 'login' | 'signup';
type FieldErrors = Partial<Record<'name' | 'email' | 'password', string>>;

/** Login and sign-up share one page; the path decides which (any path containing 'login' is login). */
export function AuthPage() {
  const { pathname } = useLocation();
  const mode: Mode = pathname.includes('login') ? 'login' : 'signup';
  const [params] = useSearchParams();
  const { me, isLoading } = useSession();
  useDocumentTitle(mode === 'login' ? 'Login' : 'Sign Up');

  if (isLoading) return <LoadingScreen />;
  if (me) {
    if (!needsOnboarding(me)) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
    // Onboarding first; the redirect waits for its last step.
    if (params.has('redirect')) afterOnboarding.remember(params.get('redirect'));
    return <Navigate to="/onboarding" replace />;
  }
  return <AuthForm key={mode} mode={mode} redirect={params.get('redirect')} />;
}

function AuthForm({ mode, redirect }: { mode: Mode; redirect: string | null }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ name: '', email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const isLogin = mode === 'login';

  const update = (field: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setFieldErrors((errs) => ({ ...errs, [field]: undefined }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
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
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 to-stone-50">
      <div className="mx-auto flex w-full max-w-md items-center justify-between px-4 pt-6">
        <ButtonLink to="/" variant="ghost" size="sm">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Home
        </ButtonLink>
      </div>
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4 pb-16 pt-6">
        <div className="mb-6 flex justify-center">
          <Logo />
        </div>
        <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-center text-2xl font-bold tracking-tight">{MSG.authHeading}</h1>
          <p className="mt-2 text-center text-sm text-stone-600">{isLogin ? MSG.loginIntro : MSG.signUpIntro}</p>
          <form className="mt-6 flex flex-col gap-4" onSubmit={onSubmit} noValidate>
            {formError && <FormAlert>{formError}</FormAlert>}
            {!isLogin && (
              <TextField
                label="Full name"
                name="name"
                autoComplete="name"
                value={values.name}
                onChange={update('name')}
                error={fieldErrors.name}
                required
              />
            )}
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              value={values.email}
              onChange={update('email')}
              error={fieldErrors.email}
              required
            />
            <TextField
              label="Password"
              name="password"
              type="password"
              autoComplete={isLogin ? 'current-password' : 'new-password'}
              value={values.password}
              onChange={update('password')}
              error={fieldErrors.password}
              hint={isLogin ? undefined : MSG.passwordHint}
              required
              minLength={isLogin ? undefined : 6}
            />
            {isLogin && (
              <button
                type="button"
                className="-mt-2 self-end text-sm text-stone-500 underline-offset-2 hover:underline"
                onClick={() => toast('Password reset by e-mail is not available yet. Please contact support.')}
              >
                Forgot password?
              </button>
            )}
            <Button type="submit" size="lg" isLoading={isSubmitting}>
              {isLogin ? 'Log in' : 'Create account'}
            </Button>
          </form>
          <p className="mt-6 text-center text-sm text-stone-600">
            {isLogin ? "Don't have an account? " : 'Already have an account? '}
            <Link
              to={`${isLogin ? '/signup' : '/login'}${switchQuery}`}
              className="font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              {isLogin ? 'Sign up' : 'Sign in'}
            </Link>
          </p>
        </div>
      </main>
    </div>
  );
}
