import { Fragment, useState } from 'react';
import clsx from 'clsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { ChevronDown, EyeOff, RotateCw, Send } from 'lucide-react';
import {
  HIDDEN_LINK,
  type AdminEmail,
  type AdminEmailDetails,
  type AdminEmailsResponse,
  type ResendLinkResponse,
} from '@shared/contracts/emails';
import type { EmailStatus } from '@shared/domain/emails';
import { apiClient, call } from '@web/lib/api-client';
import { Button } from '@web/components/button';
import { Badge, EMAIL_KIND_LABELS, formatDateTime } from './admin-format';
import { ErrorPanel, LoadingPanel, Panel } from './admin-panels';
import { adminKeys } from './use-admin-users';

/**
 * Not under adminKeys.all: every read of the outbox is recorded in the audit trail, so it is read when the
 * administrator asks (the page opens, Refresh, an e-mail opened, a link sent), never as a side effect of another
 * action or of the window regaining focus.
 */
export const adminEmailsQueryKey = ['admin-emails'] as const;
const adminEmailQueryKey = (id: string) => ['admin-emails', id] as const;

export function useAdminEmails() {
  return useQuery({
    queryKey: adminEmailsQueryKey,
    queryFn: (): Promise<AdminEmailsResponse> => call(apiClient.admin.emails.$get()),
    refetchOnWindowFocus: false,
  });
}

/** One e-mail's text, read (and recorded) when the administrator opens it, then kept while the page is open. */
function useAdminEmail(id: string, isOpen: boolean) {
  return useQuery({
    queryKey: adminEmailQueryKey(id),
    queryFn: (): Promise<AdminEmailDetails> => call(apiClient.admin.emails[':id'].$get({ param: { id } })),
    enabled: isOpen,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

function useResendLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: Pick<AdminEmail, 'id'>): Promise<ResendLinkResponse> =>
      call(apiClient.admin.emails[':id'].resend.$post({ param: { id: email.id } })),
    onSuccess: async ({ to }) => {
      toast.success(`New link sent to ${to}`);
      // The new e-mail in the list, and the entry in the admin actions.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminEmailsQueryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: adminKeys.operations }),
      ]);
    },
    onError: (error) => {
      toast.error(error.message);
    },
  });
}

const STATUS_BADGES: Record<EmailStatus, { label: string; className: string }> = {
  queued: { label: 'Queued', className: 'bg-stone-100 text-stone-700 ring-stone-200' },
  sending: { label: 'Sending', className: 'bg-brand-100 text-brand-800 ring-brand-200' },
  sent: { label: 'Sent', className: 'bg-emerald-100 text-emerald-800 ring-emerald-200' },
  failed: { label: 'Failed', className: 'bg-red-100 text-red-800 ring-red-200' },
};

const HIDDEN_LINK_TEXT = 'Link hidden — resend it to the owner';

function HiddenLink() {
  return (
    <span className="inline-flex items-center gap-1 rounded-md bg-amber-100 px-1.5 py-0.5 font-sans font-medium text-amber-900 ring-1 ring-amber-200 ring-inset">
      <EyeOff className="size-3.5 shrink-0" aria-hidden="true" />
      {HIDDEN_LINK_TEXT}
    </span>
  );
}

/** The e-mail's text as the server sent it, each hidden link shown as such. */
function TextWithHiddenLinks({ text }: { text: string }) {
  return (
    <>
      {text.split(HIDDEN_LINK).map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <HiddenLink />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

function EmailText({ id }: { id: string }) {
  const email = useAdminEmail(id, true);
  if (email.isPending) return <LoadingPanel label="Opening the e-mail…" className="mt-2" />;
  if (email.isError) {
    return (
      <p role="alert" className="mt-2 text-sm text-red-700">
        Failed to open the e-mail: {email.error.message}
      </p>
    );
  }
  return (
    <p className="mt-2 rounded-lg bg-stone-50 p-3 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap text-stone-800">
      <TextWithHiddenLinks text={email.data.text} />
    </p>
  );
}

function EmailItem({ email }: { email: AdminEmail }) {
  const badge = STATUS_BADGES[email.status];
  const [isOpen, setOpen] = useState(false);
  const resend = useResendLink();
  const textId = `email-text-${email.id}`;
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words text-stone-900">{email.subject}</p>
          <p className="text-xs break-words text-stone-500">
            {EMAIL_KIND_LABELS[email.kind]} · to {email.to} · {formatDateTime(email.createdAt)}
          </p>
        </div>
        <Badge className={badge.className}>{badge.label}</Badge>
      </div>
      {email.error && <p className="text-xs break-words text-red-700">{email.error}</p>}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="inline-flex items-center gap-1.5 text-sm text-amber-900">
          <EyeOff className="size-4 shrink-0" aria-hidden="true" />
          {email.canResend ? HIDDEN_LINK_TEXT : 'Link hidden'}
        </p>
        {email.canResend && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => resend.mutate(email)}
            isLoading={resend.isPending}
            aria-label={`Resend link to ${email.to}`}
          >
            {!resend.isPending && <Send className="size-4" aria-hidden="true" />}
            Resend link
          </Button>
        )}
      </div>
      <div className="text-sm">
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded text-stone-600 hover:text-stone-900"
          aria-expanded={isOpen}
          aria-controls={textId}
          onClick={() => setOpen((open) => !open)}
        >
          <ChevronDown className={clsx('size-4 transition-transform', isOpen && 'rotate-180')} aria-hidden="true" />
          {isOpen ? 'Hide e-mail' : 'Show e-mail'}
        </button>
        <div id={textId}>{isOpen && <EmailText id={email.id} />}</div>
      </div>
    </li>
  );
}

/**
 * The e-mail outbox for administrators: the newest e-mails the product sent or, with no SMTP server configured, kept
 * here instead of sending. Their links are for the owners alone: the server hides them, and Resend sends the owner a
 * new one at the account's own address.
 */
export function EmailOutboxSection({ className }: { className?: string }) {
  const emails = useAdminEmails();
  const [isRefreshing, setRefreshing] = useState(false);
  const refresh = () => {
    setRefreshing(true);
    void emails.refetch().finally(() => setRefreshing(false));
  };
  const isTestMode = emails.data?.emails.some((email) => email.provider === 'local') ?? false;

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
      <p className="mb-3 text-sm text-stone-600">
        Links in these e-mails act on the owner&rsquo;s account, so they are hidden here. Resend one to send the owner a
        new link at their own address. Viewing this list and opening an e-mail are recorded in the admin actions.
      </p>
      {isTestMode && (
        <p className="mb-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Test mode: e-mails are not sent. The server also writes each one, link included, to its mail folder
          (DATA_DIR/mail), for whoever runs the server.
        </p>
      )}
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
