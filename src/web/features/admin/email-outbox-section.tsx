import { Fragment, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, RotateCw } from 'lucide-react';
import type { AdminEmail, AdminEmailsResponse } from '@shared/contracts/emails';
import type { EmailKind, EmailStatus } from '@shared/domain/emails';
import { apiClient, call } from '@web/lib/api-client';
import { Button } from '@web/components/button';
import { Badge, formatDateTime } from './admin-format';
import { ErrorPanel, LoadingPanel, Panel } from './admin-panels';

export const adminEmailsQueryKey = ['admin', 'emails'] as const;

export function useAdminEmails() {
  return useQuery({
    queryKey: adminEmailsQueryKey,
    queryFn: (): Promise<AdminEmailsResponse> => call(apiClient.admin.emails.$get()),
  });
}

const KIND_LABELS: Record<EmailKind, string> = {
  password_reset: 'Password reset',
  email_verification: 'Address confirmation',
};

const STATUS_BADGES: Record<EmailStatus, { label: string; className: string }> = {
  queued: { label: 'Queued', className: 'bg-stone-100 text-stone-700 ring-stone-200' },
  sending: { label: 'Sending', className: 'bg-brand-100 text-brand-800 ring-brand-200' },
  sent: { label: 'Sent', className: 'bg-emerald-100 text-emerald-800 ring-emerald-200' },
  failed: { label: 'Failed', className: 'bg-red-100 text-red-800 ring-red-200' },
};

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** The e-mail's text with its links clickable (they open in a new tab, so the outbox stays open). */
function TextWithLinks({ text }: { text: string }) {
  return (
    <>
      {text.split(URL_PATTERN).map((part, i) =>
        i % 2 === 1 ? (
          <a
            key={i}
            href={part}
            target="_blank"
            rel="noreferrer"
            className="break-all font-medium text-brand-700 underline underline-offset-2"
          >
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

function EmailItem({ email }: { email: AdminEmail }) {
  const badge = STATUS_BADGES[email.status];
  const links = email.text?.match(URL_PATTERN) ?? [];
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words text-stone-900">{email.subject}</p>
          <p className="text-xs break-words text-stone-500">
            {KIND_LABELS[email.kind]} · to {email.to} · {formatDateTime(email.createdAt)}
          </p>
        </div>
        <Badge className={badge.className}>{badge.label}</Badge>
      </div>
      {email.error && <p className="text-xs break-words text-red-700">{email.error}</p>}
      {email.text === null ? (
        <p className="text-xs text-stone-500">Sent by SMTP to the address: its text is not shown here.</p>
      ) : (
        <>
          {links.map((link) => (
            <a
              key={link}
              href={link}
              target="_blank"
              rel="noreferrer"
              className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-brand-700 underline underline-offset-2"
            >
              <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
              Open the link in “{email.subject}”
            </a>
          ))}
          <details className="text-sm">
            <summary className="w-fit cursor-pointer rounded text-stone-600 hover:text-stone-900">Show e-mail</summary>
            <p className="mt-2 rounded-lg bg-stone-50 p-3 font-mono text-xs whitespace-pre-wrap break-words text-stone-800">
              <TextWithLinks text={email.text} />
            </p>
          </details>
        </>
      )}
    </li>
  );
}

/**
 * The e-mail outbox for administrators: the newest e-mails the product sent or, with no SMTP server configured,
 * kept here instead of sending (a password reset link is then read and opened here).
 */
export function EmailOutboxSection({ className }: { className?: string }) {
  const emails = useAdminEmails();
  const [isRefreshing, setRefreshing] = useState(false);
  const refresh = () => {
    setRefreshing(true);
    void emails.refetch().finally(() => setRefreshing(false));
  };

  return (
    <Panel
      title="E-mail outbox"
      id="admin-email-outbox"
      className={className}
      action={
        <Button variant="secondary" size="sm" onClick={refresh} isLoading={isRefreshing}>
          {!isRefreshing && <RotateCw className="size-4" aria-hidden="true" />}
          Refresh e-mails
        </Button>
      }
    >
      {emails.isPending ? (
        <LoadingPanel label="Loading e-mails…" />
      ) : emails.isError ? (
        <ErrorPanel
          title="Failed to load the e-mails"
          message={emails.error.message}
          onRetry={() => void emails.refetch()}
          isRetrying={emails.isFetching}
        />
      ) : emails.data.emails.length === 0 ? (
        <p className="text-sm text-stone-500">No e-mails yet</p>
      ) : (
        <ul className="flex flex-col divide-y divide-stone-100" aria-label="E-mails">
          {emails.data.emails.map((email) => (
            <EmailItem key={email.id} email={email} />
          ))}
        </ul>
      )}
    </Panel>
  );
}
