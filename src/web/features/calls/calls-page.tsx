import { Fragment, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import clsx from 'clsx';
import { ChevronDown, ExternalLink, PhoneIncoming, Receipt } from 'lucide-react';
import type { CallSummary } from '@shared/contracts/calls';
import { useSession } from '@web/lib/session';
import { formatTimeAgo, useNow, useRestaurantClock } from '@web/lib/relative-time';
import { useMediaQuery } from '@web/lib/use-media-query';
import { useDocumentTitle } from '@web/components/document-title';
import { Button, Spinner } from '@web/components/button';
import { ZoneNote } from '@web/components/zone-note';
import { callerName, endedReasonText, formatDuration, outcomeStyle, spokenDuration } from './call-format';
import { useCall, useCallList, useRealtimeCalls } from './call-queries';

const EMPTY_TEXT = 'No calls yet. When customers call your PickupLine number, their calls appear here.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const callElementId = (callId: string) => `call-${callId}`;
const detailsElementId = (callId: string) => `call-details-${callId}`;

interface ListProps {
  calls: CallSummary[];
  expanded: ReadonlySet<string>;
  onToggle: (callId: string) => void;
  /** The call a link pointed at (`?call=<id>`): shown highlighted. */
  highlightedId: string | null;
}

export function CallsPage() {
  useDocumentTitle('Calls');
  const { me } = useSession();
  const [params] = useSearchParams();
  const requested = params.get('call');
  const linkedId = requested && UUID.test(requested) ? requested.toLowerCase() : null;

  const list = useCallList();
  const calls = list.data?.pages.flatMap((page) => page.calls);
  const isLinkedListed = !!linkedId && !!calls?.some((c) => c.id === linkedId);
  // A linked call further back than the loaded pages is read on its own and shown above the list.
  const linked = useCall(calls && linkedId && !isLinkedListed ? linkedId : null);
  const isWide = useMediaQuery('(min-width: 768px)');

  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(linkedId ? [linkedId] : []));
  const [expandedFor, setExpandedFor] = useState(linkedId);
  if (expandedFor !== linkedId) {
    setExpandedFor(linkedId);
    if (linkedId) setExpanded((current) => new Set(current).add(linkedId));
  }
  const toggle = useCallback((callId: string) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(callId)) next.add(callId);
      return next;
    });
  }, []);

  const [announcement, setAnnouncement] = useState('');
  useRealtimeCalls({
    onCallStarted: (call) => setAnnouncement(`New call from ${callerName(call.callerNumber)}`),
  });

  // Brings the linked call into view once it is on screen, once per link.
  const broughtIntoView = useRef<string | null>(null);
  useEffect(() => {
    if (!linkedId || broughtIntoView.current === linkedId) return;
    const element = document.getElementById(callElementId(linkedId));
    if (!element) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
    element.focus({ preventScroll: true });
    broughtIntoView.current = linkedId;
  }, [linkedId, calls, linked.data]);

  const listProps = { expanded, onToggle: toggle, highlightedId: linkedId };
  const CallList = isWide ? CallTable : CallCards;

  return (
    <div className="flex flex-col gap-6">
      <div className="min-w-0">
        <p className="truncate text-sm font-medium text-brand-700">
          {me?.restaurant.restaurantName ?? 'Your restaurant'}
        </p>
        <h1 className="text-2xl font-bold tracking-tight">Calls</h1>
        <p className="text-sm text-stone-600">
          Every call your phone assistant answers, newest first. New calls appear as they come in.
        </p>
        <ZoneNote className="mt-1" />
      </div>

      {linkedId && !isLinkedListed && linked.data && (
        <section aria-labelledby="linked-call-heading" className="flex flex-col gap-2">
          <h2 id="linked-call-heading" className="text-sm font-semibold text-stone-700">
            The call you opened
          </h2>
          <CallList calls={[linked.data]} {...listProps} />
        </section>
      )}
      {linkedId && !isLinkedListed && linked.isError && (
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          The call you opened could not be found. It may belong to another account.
        </p>
      )}

      {!calls ? (
        list.isError ? (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            <p>Failed to load calls.</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void list.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <p className="flex items-center gap-2 py-10 text-sm text-stone-600" role="status">
            <Spinner className="size-4 text-brand-700" /> Loading calls…
          </p>
        )
      ) : calls.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center text-stone-600">
          <PhoneIncoming className="size-8 text-stone-400" aria-hidden="true" />
          <p className="max-w-md">{EMPTY_TEXT}</p>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <CallList calls={calls} {...listProps} />
          {list.isFetchNextPageError && (
            <p role="alert" className="text-center text-sm text-red-700">
              Failed to load more calls.
            </p>
          )}
          {list.hasNextPage && (
            <Button
              variant="secondary"
              className="self-center"
              isLoading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              Load more
            </Button>
          )}
        </div>
      )}

      <div aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </div>
    </div>
  );
}

/** Desktop: one row per call; its details open in a row underneath. */
function CallTable({ calls, expanded, onToggle, highlightedId }: ListProps) {
  const now = useNow();
  return (
    <div className="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">Calls, newest first</caption>
        <thead className="bg-stone-50 text-xs font-semibold tracking-wide text-stone-500 uppercase">
          <tr>
            <th scope="col" className="w-52 px-4 py-2.5">
              Time
            </th>
            <th scope="col" className="w-44 px-3 py-2.5">
              Caller
            </th>
            <th scope="col" className="w-24 px-3 py-2.5">
              Duration
            </th>
            <th scope="col" className="w-32 px-3 py-2.5">
              Outcome
            </th>
            <th scope="col" className="px-3 py-2.5">
              Summary
            </th>
            <th scope="col" className="w-32 px-4 py-2.5">
              <span className="sr-only">Details</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {calls.map((call) => {
            const isOpen = expanded.has(call.id);
            const isHighlighted = call.id === highlightedId;
            const cell = clsx('px-3 py-3 align-top', isHighlighted && 'bg-brand-50');
            return (
              <Fragment key={call.id}>
                <tr id={callElementId(call.id)} tabIndex={-1} className="border-t border-stone-100">
                  <td className={clsx(cell, 'pl-4', isHighlighted && 'shadow-[inset_4px_0_0_var(--color-brand-500)]')}>
                    <CallTime startedAt={call.startedAt} now={now} />
                  </td>
                  <td className={cell}>
                    <Caller call={call} />
                  </td>
                  <td className={clsx(cell, 'tabular-nums text-stone-700')}>
                    <Duration seconds={call.durationSeconds} />
                  </td>
                  <td className={cell}>
                    <OutcomeBadge call={call} />
                  </td>
                  <td className={clsx(cell, 'text-stone-700')}>
                    <p className="line-clamp-2 break-words">{call.summary ?? <NoSummary call={call} />}</p>
                  </td>
                  <td className={clsx(cell, 'pr-4 text-right')}>
                    <DisclosureButton call={call} isOpen={isOpen} onToggle={onToggle} className="-my-1.5" />
                  </td>
                </tr>
                {isOpen && (
                  <tr id={detailsElementId(call.id)}>
                    <td colSpan={6} className={clsx('px-4 pt-1 pb-4', isHighlighted ? 'bg-brand-50' : 'bg-white')}>
                      <CallDetails call={call} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Phone: a card per call; the card's top half is the button that opens its details. */
function CallCards({ calls, expanded, onToggle, highlightedId }: ListProps) {
  const now = useNow();
  return (
    <ul aria-label="Calls" className="flex flex-col gap-3">
      {calls.map((call) => {
        const isOpen = expanded.has(call.id);
        return (
          <li
            key={call.id}
            id={callElementId(call.id)}
            tabIndex={-1}
            className={clsx(
              'rounded-xl border bg-white shadow-sm',
              call.id === highlightedId ? 'border-brand-500 ring-2 ring-brand-500' : 'border-stone-200',
            )}
          >
            <div className="flex flex-col gap-2 p-4">
              <div className="flex items-start justify-between gap-3">
                <Caller call={call} />
                <OutcomeBadge call={call} />
              </div>
              <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-stone-500">
                <CallTime startedAt={call.startedAt} now={now} inline />
                <span aria-hidden="true">·</span>
                <span className="tabular-nums">
                  <Duration seconds={call.durationSeconds} />
                </span>
              </p>
              <p className="text-sm break-words text-stone-700">{call.summary ?? <NoSummary call={call} />}</p>
              <DisclosureButton call={call} isOpen={isOpen} onToggle={onToggle} className="-ml-2 self-start" />
            </div>
            {isOpen && (
              <div id={detailsElementId(call.id)} className="border-t border-stone-100 px-4 pt-3 pb-4">
                <CallDetails call={call} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function DisclosureButton({
  call,
  isOpen,
  onToggle,
  className,
}: {
  call: CallSummary;
  isOpen: boolean;
  onToggle: (callId: string) => void;
  className?: string;
}) {
  const clock = useRestaurantClock();
  return (
    <button
      type="button"
      aria-expanded={isOpen}
      aria-controls={isOpen ? detailsElementId(call.id) : undefined}
      onClick={() => onToggle(call.id)}
      className={clsx(
        'inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium text-brand-800 hover:bg-brand-50',
        className,
      )}
    >
      <ChevronDown className={clsx('size-4 transition-transform', isOpen && 'rotate-180')} aria-hidden="true" />
      Details
      <span className="sr-only">
        {' '}
        of the call from {callerName(call.callerNumber)}, {clock.dateTime(call.startedAt)}
      </span>
    </button>
  );
}

function CallTime({ startedAt, now, inline = false }: { startedAt: string; now: number; inline?: boolean }) {
  const exact = useRestaurantClock().dateTime(startedAt);
  return (
    <time dateTime={startedAt} title={exact} className={clsx(!inline && 'flex flex-col')}>
      <span className={clsx(!inline && 'font-medium text-stone-900')}>{formatTimeAgo(startedAt, now)}</span>
      {!inline && <span className="text-xs text-stone-500">{exact}</span>}
    </time>
  );
}

function Caller({ call }: { call: CallSummary }) {
  return (
    <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
      <span className={clsx('font-medium', call.callerNumber ? 'text-stone-900' : 'text-stone-500 italic')}>
        {callerName(call.callerNumber)}
      </span>
      {call.kind === 'test' && (
        <span className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-stone-600 ring-1 ring-stone-300 ring-inset">
          Test call
        </span>
      )}
    </span>
  );
}

function Duration({ seconds }: { seconds: number | null }) {
  const text = formatDuration(seconds);
  if (text === null || seconds === null) {
    return (
      <span>
        <span aria-hidden="true">–</span>
        <span className="sr-only">Still on the line</span>
      </span>
    );
  }
  return (
    <span>
      <span aria-hidden="true">{text}</span>
      <span className="sr-only">{spokenDuration(seconds)}</span>
    </span>
  );
}

function OutcomeBadge({ call }: { call: CallSummary }) {
  const style = outcomeStyle(call);
  return (
    <span
      className={clsx(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        style.badge,
      )}
    >
      {style.isLive && <span className="size-1.5 animate-pulse rounded-full bg-blue-500" aria-hidden="true" />}
      {style.label}
    </span>
  );
}

/** The list carries no transcripts: a call's is read on its own once its details are open. */
function CallTranscript({ call }: { call: CallSummary }) {
  const detail = useCall(call.id);
  if (detail.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-stone-600">
        <Spinner className="size-4 text-brand-700" /> Loading the transcript…
      </p>
    );
  }
  if (detail.isError) {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
        <p>Failed to load the transcript.</p>
        <Button
          variant="secondary"
          size="sm"
          className="mt-2"
          isLoading={detail.isFetching}
          onClick={() => void detail.refetch()}
        >
          Retry
        </Button>
      </div>
    );
  }
  const { transcript } = detail.data;
  if (!transcript) {
    return (
      <p className="text-sm text-stone-500 italic">
        {call.status === 'ended' ? 'No transcript for this call.' : 'The transcript appears when the call ends.'}
      </p>
    );
  }
  return (
    <div
      role="region"
      aria-label="Transcript"
      tabIndex={0}
      className="max-h-80 overflow-y-auto rounded-lg border border-stone-200 bg-stone-50 px-3 py-2 text-sm leading-relaxed break-words whitespace-pre-wrap text-stone-800"
    >
      {transcript}
    </div>
  );
}

function NoSummary({ call }: { call: CallSummary }) {
  return (
    <span className="text-stone-500 italic">
      {call.status === 'ended' ? 'No summary for this call.' : 'The summary appears when the call ends.'}
    </span>
  );
}

/** Transcript, recording and the order the call placed. */
function CallDetails({ call }: { call: CallSummary }) {
  return (
    <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div className="min-w-0">
        <h3 className="mb-1.5 text-xs font-semibold tracking-wide text-stone-500 uppercase">Transcript</h3>
        <CallTranscript call={call} />
      </div>
      <div className="flex min-w-0 flex-col gap-3 text-sm">
        <div>
          <h3 className="mb-1.5 text-xs font-semibold tracking-wide text-stone-500 uppercase">Order</h3>
          {call.orderId ? (
            <div className="flex flex-col items-start gap-1.5">
              {call.orderLabel && <p className="break-words text-stone-800">{call.orderLabel}</p>}
              <Link
                to={`/dashboard?order=${encodeURIComponent(call.orderId)}`}
                className="inline-flex items-center gap-1.5 font-medium text-brand-800 underline-offset-2 hover:underline"
              >
                <Receipt className="size-4" aria-hidden="true" />
                View order
              </Link>
            </div>
          ) : (
            <p className="text-stone-500">No order from this call.</p>
          )}
        </div>
        <div>
          <h3 className="mb-1.5 text-xs font-semibold tracking-wide text-stone-500 uppercase">Recording</h3>
          {call.recordingUrl ? (
            <a
              href={call.recordingUrl}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1.5 font-medium text-brand-800 underline-offset-2 hover:underline"
            >
              <ExternalLink className="size-4" aria-hidden="true" />
              Listen to the recording
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : (
            <p className="text-stone-500">No recording.</p>
          )}
        </div>
        {call.endedReason && <p className="text-xs text-stone-500">Ended: {endedReasonText(call.endedReason)}</p>}
      </div>
    </div>
  );
}
