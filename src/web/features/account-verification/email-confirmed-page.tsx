import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight, CircleAlert, MailCheck } from 'lucide-react';
import type { MeResponse } from '@shared/contracts/me';
import { Button, ButtonLink, Spinner } from '@web/components/button';
import { useDocumentTitle } from '@web/components/document-title';
import { Logo } from '@web/components/logo';
import { authClient } from '@web/lib/auth-client';
import { meQueryKey, needsOnboarding, useSession } from '@web/lib/session';
import { VERIFICATION_MESSAGES } from './email-verification-banner';

/** Where Continue leads: an administrator without a restaurant to /admin, a new owner on to onboarding. */
function nextPathFor(me: MeResponse): string {
  if (!needsOnboarding(me)) return '/dashboard';
  return me.isAdmin ? '/admin' : '/onboarding';
}

/**
 * Where the confirmation link in the e-mail lands (server: VERIFIED_PAGE), signed in or not, on this device or
 * another: it says, and keeps saying, whether the address is now confirmed. better-auth adds ?error=… when the link
 * had expired or was not valid; then a new link can be sent from here.
 */
export function EmailConfirmedPage() {
  const [params] = useSearchParams();
  const { me, isLoading } = useSession();
  // A link opened twice fails the second time, though the address is confirmed: the session says which.
  const failed = params.has('error') && !me?.emailVerified;
  const queryClient = useQueryClient();
  useDocumentTitle(failed ? 'Confirmation link expired' : 'E-mail address confirmed');

  // The session still says unconfirmed until it is read again.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
  }, [queryClient]);

  return (
    <div className="flex min-h-dvh flex-col items-center bg-stone-50 px-4 py-10 sm:py-16">
      <header>
        <Logo />
      </header>
      <main className="flex w-full flex-1 items-center justify-center py-10">
        <section className="w-full max-w-md rounded-2xl border border-stone-200 bg-white p-8 text-center shadow-xl shadow-stone-900/5 sm:p-10">
          {failed ? (
            <>
              <span className="mx-auto grid size-14 place-items-center rounded-full bg-amber-100 text-amber-700">
                <CircleAlert className="size-7" aria-hidden="true" />
              </span>
              <h1 className="mt-6 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
                This link no longer works
              </h1>
              <p className="mt-3 leading-7 text-stone-600">{VERIFICATION_MESSAGES.linkFailed}</p>
            </>
          ) : (
            <>
              <span className="mx-auto grid size-14 place-items-center rounded-full bg-green-100 text-green-700">
                <MailCheck className="size-7" aria-hidden="true" />
              </span>
              <h1 className="mt-6 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
                E-mail address confirmed
              </h1>
              <p className="mt-3 leading-7 text-stone-600">{VERIFICATION_MESSAGES.confirmed}</p>
            </>
          )}
          <div className="mt-8 flex flex-col gap-3">
            {isLoading ? (
              <p role="status" className="flex items-center justify-center gap-2 text-sm text-stone-600">
                <Spinner className="size-4" /> Loading...
              </p>
            ) : me ? (
              <>
                {failed && !me.emailVerified && <ResendLink email={me.user.email} />}
                <ButtonLink to={nextPathFor(me)} size="lg" className="w-full">
                  Continue
                  <ArrowRight className="size-4" aria-hidden="true" />
                </ButtonLink>
              </>
            ) : (
              <>
                {failed && <p className="text-sm text-stone-600">{VERIFICATION_MESSAGES.logInToResend}</p>}
                <ButtonLink to="/login" size="lg" className="w-full">
                  Log in
                </ButtonLink>
              </>
            )}
          </div>
        </section>
      </main>
    </div>
  );
}

function ResendLink({ email }: { email: string }) {
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const resend = async () => {
    setStatus('sending');
    const { error } = await authClient.sendVerificationEmail({ email });
    setStatus(error ? 'failed' : 'sent');
  };
  if (status === 'sent') {
    return (
      <p role="status" className="text-sm text-stone-700">
        {VERIFICATION_MESSAGES.resent}
      </p>
    );
  }
  return (
    <>
      {status === 'failed' && (
        <p role="alert" className="text-sm text-red-700">
          {VERIFICATION_MESSAGES.resendFailed}
        </p>
      )}
      <Button variant="secondary" size="lg" isLoading={status === 'sending'} onClick={() => void resend()}>
        Send a new link
      </Button>
    </>
  );
}
