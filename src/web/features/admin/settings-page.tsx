import { useState, type ReactNode } from 'react';
import clsx from 'clsx';
import { RotateCw } from 'lucide-react';
import {
  PROVIDER_KIND_LABELS,
  type AdminOperations,
  type FailedJob,
  type FailedText,
  type WebhookStats,
} from '@shared/contracts/admin';
import { Button } from '@web/components/button';
import { useDocumentTitle } from '@web/components/document-title';
import { formatTimeAgo, useNow } from '@web/lib/relative-time';
import { UnsavedChangesGuard } from '@web/features/setup/unsaved-changes';
import { formatDateTime, formatUptime, ModeBadge, WEBHOOK_PROVIDER_LABELS } from './admin-format';
import { ErrorPanel, LoadingPanel, Panel } from './admin-panels';
import { AuditTrail } from './audit-trail';
import { EmailOutboxSection } from './email-outbox-section';
import { ModelUsageSection } from './model-usage-section';
import { RuntimeSettingsForm } from './runtime-settings-form';
import { useAdminOperations, useRetryFailedJob } from './use-admin-operations';

const DATABASE_LABELS: Record<AdminOperations['app']['database'], string> = {
  pglite: 'PGlite (embedded)',
  postgres: 'PostgreSQL',
};

/** /admin/settings: how the service is doing, and the settings an administrator may change while it runs. */
export function AdminSettingsPage() {
  useDocumentTitle('Admin settings');
  const operations = useAdminOperations();
  const now = useNow();
  // Only a refresh asked for shows progress; the background one every 30 s stays quiet.
  const [isRefreshing, setRefreshing] = useState(false);
  const refresh = () => {
    setRefreshing(true);
    void operations.refetch().finally(() => setRefreshing(false));
  };

  return (
    <UnsavedChangesGuard>
      <div className="flex flex-col gap-5">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold tracking-tight">Admin settings</h1>
            <p className="text-sm text-stone-600">
              The service&rsquo;s health, its providers and its runtime settings.
            </p>
          </div>
          <div className="flex items-center gap-3">
            <p role="status" className="text-xs text-stone-500">
              {isRefreshing
                ? 'Refreshing…'
                : operations.dataUpdatedAt
                  ? `Updated ${formatTimeAgo(new Date(operations.dataUpdatedAt).toISOString(), now)}`
                  : ''}
            </p>
            <Button variant="secondary" size="sm" onClick={refresh} isLoading={isRefreshing}>
              {!isRefreshing && <RotateCw className="size-4" aria-hidden="true" />}
              Refresh
            </Button>
          </div>
        </div>

        {operations.isPending ? (
          <LoadingPanel label="Loading the service's status…" />
        ) : operations.isError && !operations.data ? (
          <ErrorPanel
            title="Failed to load the service's status"
            message={operations.error.message}
            onRetry={() => void operations.refetch()}
            isRetrying={operations.isFetching}
          />
        ) : (
          <Sections operations={operations.data} now={now} />
        )}
      </div>
    </UnsavedChangesGuard>
  );
}

function Sections({ operations, now }: { operations: AdminOperations; now: number }) {
  const { app, providers, webhooks, jobs, texts, modelUsage } = operations;
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <Panel title="Service" id="ops-service">
        <dl className="divide-y divide-stone-100 text-sm">
          <Row label="Version">{app.version}</Row>
          <Row label="Uptime">
            {formatUptime(app.uptimeSeconds)}
            <span className="block text-xs text-stone-500">Since {formatDateTime(app.startedAt)}</span>
          </Row>
          <Row label="Database">{DATABASE_LABELS[app.database]}</Row>
        </dl>
      </Panel>

      <Panel title="Providers" id="ops-providers">
        <ul className="divide-y divide-stone-100 text-sm" aria-label="Providers">
          {providers.map((provider) => (
            <li key={provider.kind} className="flex items-center justify-between gap-3 py-2.5 first:pt-0 last:pb-0">
              <div className="min-w-0">
                <p className="font-medium text-stone-900">{PROVIDER_KIND_LABELS[provider.kind]}</p>
                <p className="break-words text-stone-500">{provider.provider}</p>
              </div>
              <ModeBadge mode={provider.mode} />
            </li>
          ))}
        </ul>
      </Panel>

      <Panel title="Webhooks" id="ops-webhooks">
        <ScrollTable label="Webhooks" columns={['Provider', 'Last received', 'Received', 'Rejected', 'Last rejected']}>
          {webhooks.map((webhook) => (
            <WebhookRow key={webhook.provider} webhook={webhook} now={now} />
          ))}
        </ScrollTable>
      </Panel>

      <Panel title="Jobs" id="ops-jobs">
        <ScrollTable label="Job queues" columns={['Queue', 'Queued', 'Active', 'Failed']}>
          {jobs.queues.map((queue) => (
            <tr key={queue.name}>
              <td className="py-2 pr-4 font-mono text-xs text-stone-800">{queue.name}</td>
              <NumberCell value={queue.queued} />
              <NumberCell value={queue.active} />
              <NumberCell value={queue.failed} tone={queue.failed > 0 ? 'text-red-700' : undefined} />
            </tr>
          ))}
        </ScrollTable>
        <h3 className="mt-4 mb-1.5 text-sm font-semibold text-stone-900">Failed jobs</h3>
        {jobs.failed.length === 0 ? (
          <p className="text-sm text-stone-500">No failed jobs</p>
        ) : (
          <ul className="flex flex-col divide-y divide-stone-100" aria-label="Failed jobs">
            {jobs.failed.map((job) => (
              <FailedJobItem key={`${job.queue}/${job.id}`} job={job} now={now} />
            ))}
          </ul>
        )}
      </Panel>

      <Panel title="Texts" id="ops-texts">
        <p className="text-sm text-stone-700">
          <span
            className={clsx(
              'text-2xl font-bold tabular-nums',
              texts.failedLast24h > 0 ? 'text-red-700' : 'text-stone-900',
            )}
          >
            {texts.failedLast24h}
          </span>{' '}
          failed in the last 24 hours
        </p>
        <h3 className="mt-4 mb-1.5 text-sm font-semibold text-stone-900">Recent failures</h3>
        {texts.recent.length === 0 ? (
          <p className="text-sm text-stone-500">No failed texts</p>
        ) : (
          <ul className="flex flex-col divide-y divide-stone-100" aria-label="Recent failed texts">
            {texts.recent.map((text) => (
              <FailedTextItem key={text.id} text={text} now={now} />
            ))}
          </ul>
        )}
      </Panel>

      <Panel title="Runtime settings" id="ops-settings">
        <RuntimeSettingsForm settings={operations.settings} />
      </Panel>

      <ModelUsageSection usage={modelUsage} className="lg:col-span-2" />

      <EmailOutboxSection className="lg:col-span-2" />

      <Panel title="Recent admin actions" id="ops-audit" className="lg:col-span-2">
        <AuditTrail entries={operations.audit} emptyText="No admin actions yet" label="Recent admin actions" />
      </Panel>
    </div>
  );
}

function WebhookRow({ webhook, now }: { webhook: WebhookStats; now: number }) {
  return (
    <tr>
      <td className="py-2 pr-4 font-medium text-stone-900">{WEBHOOK_PROVIDER_LABELS[webhook.provider]}</td>
      <td className="py-2 pr-4 whitespace-nowrap text-stone-700">
        <When at={webhook.lastReceivedAt} now={now} />
      </td>
      <NumberCell value={webhook.receivedCount} />
      <NumberCell value={webhook.rejectedCount} tone={webhook.rejectedCount > 0 ? 'text-red-700' : undefined} />
      <td className="py-2 pr-4 whitespace-nowrap text-stone-700">
        {webhook.lastRejectedStatus === null ? (
          <span className="text-stone-400">—</span>
        ) : (
          <>
            HTTP {webhook.lastRejectedStatus}
            {webhook.lastRejectedAt && (
              <span className="block text-xs text-stone-500">
                <When at={webhook.lastRejectedAt} now={now} />
              </span>
            )}
          </>
        )}
      </td>
    </tr>
  );
}

function FailedJobItem({ job, now }: { job: FailedJob; now: number }) {
  const retry = useRetryFailedJob();
  const isRetried = retry.isSuccess;
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 py-2.5 text-sm first:pt-0 last:pb-0">
      <div className="min-w-0 flex-1">
        <p className="font-mono text-xs text-stone-800">{job.queue}</p>
        <p className="text-xs text-stone-500">
          Failed <When at={job.failedAt ?? job.createdAt} now={now} /> · {job.retryCount}{' '}
          {job.retryCount === 1 ? 'retry' : 'retries'}
        </p>
        {job.error && <p className="mt-0.5 break-words text-red-700">{job.error}</p>}
      </div>
      <Button
        variant="secondary"
        size="sm"
        isLoading={retry.isPending}
        disabled={isRetried}
        onClick={() => retry.mutate(job)}
        aria-label={`Retry ${job.queue} job ${job.id}`}
      >
        {!retry.isPending && <RotateCw className="size-4" aria-hidden="true" />}
        {isRetried ? 'Queued' : 'Retry'}
      </Button>
    </li>
  );
}

function FailedTextItem({ text, now }: { text: FailedText; now: number }) {
  return (
    <li className="py-2.5 text-sm first:pt-0 last:pb-0">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-medium text-stone-900">{text.restaurantName ?? 'Unknown restaurant'}</span>
        <span className="text-xs text-stone-500">
          <When at={text.at} now={now} />
        </span>
      </p>
      <p className="break-words text-red-700">{text.error ?? 'No reason given'}</p>
    </li>
  );
}

function When({ at, now }: { at: string | null; now: number }) {
  if (!at) return <span className="text-stone-400">Never</span>;
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {formatTimeAgo(at, now)}
    </time>
  );
}

function ScrollTable({ label, columns, children }: { label: string; columns: string[]; children: ReactNode }) {
  return (
    <div className="-mx-4 overflow-x-auto px-4">
      <table aria-label={label} className="w-full text-left text-sm">
        <thead className="text-stone-500">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="pr-4 pb-2 font-medium whitespace-nowrap">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">{children}</tbody>
      </table>
    </div>
  );
}

function NumberCell({ value, tone }: { value: number; tone?: string }) {
  return <td className={clsx('py-2 pr-4 tabular-nums', tone ?? 'text-stone-700')}>{value}</td>;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-4 py-2.5 first:pt-0 last:pb-0">
      <dt className="font-medium text-stone-500">{label}</dt>
      <dd className="col-span-2 min-w-0 break-words text-stone-900">{children}</dd>
    </div>
  );
}
