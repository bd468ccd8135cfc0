import { useState } from 'react';
import { useMatch } from 'react-router';
import toast from 'react-hot-toast';
import { MailCheck } from 'lucide-react';
import type { MeResponse } from '@shared/contracts/me';
import { Button } from '@web/components/button';
import { authClient } from '@web/lib/auth-client';

export const VERIFICATION_MESSAGES = {
  banner: (email: string) => `Please confirm your e-mail address: open the link we sent to ${email}.`,
  resend: 'Resend link',
  resent: 'A new link is on its way. Check your inbox.',
  resendFailed: 'We could not send a new link just now. Please try again in a minute.',
  confirmed: 'Thanks, your e-mail address is confirmed.',
  linkFailed: 'That confirmation link has expired or is no longer valid. You can send yourself a new one.',
  logInToResend: 'Log in to send yourself a new link.',
} as const;

/**
 * A gentle reminder under the header while the owner has not confirmed the address: everything else works as
 * usual. How a confirmation link went is said on the page it lands on (EmailConfirmedPage). The live board
 * (/dashboard) goes without it: on a kitchen screen every row of height holds orders, so the reminder waits on the
 * other pages.
 */
export function EmailVerificationBanner({ me }: { me: MeResponse }) {
  const onBoard = useMatch('/dashboard') !== null;
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent'>('idle');
  if (me.emailVerified || onBoard) return null;

  const resend = async () => {
    setStatus('sending');
    const { error } = await authClient.sendVerificationEmail({ email: me.user.email });
    if (error) {
      setStatus('idle');
      toast.error(VERIFICATION_MESSAGES.resendFailed);
      return;
    }
    setStatus('sent');
  };

  return (
    <section aria-label="E-mail confirmation" className="border-b border-sky-200 bg-sky-50 text-sky-950">
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-2 px-4 py-2.5 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <p className="flex min-w-0 items-center gap-2">
          <MailCheck className="size-4 shrink-0" aria-hidden="true" />
          <span className="break-words">{VERIFICATION_MESSAGES.banner(me.user.email)}</span>
        </p>
        {status === 'sent' ? (
          <p role="status">{VERIFICATION_MESSAGES.resent}</p>
        ) : (
          <Button size="sm" variant="secondary" isLoading={status === 'sending'} onClick={() => void resend()}>
            {VERIFICATION_MESSAGES.resend}
          </Button>
        )}
      </div>
    </section>
  );
}
