import { useId } from 'react';
import { MessageSquareText, Smartphone } from 'lucide-react';
import type { OutboxMessage, OutboxTextKind } from '@shared/contracts/orders';
import { formatPhoneDisplay } from '@shared/domain/phone';
import { isSameDay, useNow, useRestaurantClock } from '@web/lib/relative-time';
import { useSession } from '@web/lib/session';
import { useDocumentTitle } from '@web/components/document-title';
import { Button, Spinner } from '@web/components/button';
import { TEXT_KIND_LABELS, TextStatus } from '@web/components/text-status';
import { useOutbox } from './outbox-queries';

/** What a text is about, in the owner's words. */
const kindLabel = (kind: OutboxTextKind) => (kind === 'phone_code' ? 'Phone number code' : TEXT_KIND_LABELS[kind]);

interface Thread {
  to: string;
  /** Oldest first, the way a phone shows a conversation. */
  messages: OutboxMessage[];
}

/** Newest-first messages → one conversation per customer number, the most recently texted customer first. */
function toThreads(messages: OutboxMessage[]): Thread[] {
  const threads = new Map<string, Thread>();
  for (const message of messages) {
    const thread = threads.get(message.to) ?? { to: message.to, messages: [] };
    thread.messages.unshift(message);
    threads.set(message.to, thread);
  }
  return [...threads.values()];
}

export function OutboxPage() {
  useDocumentTitle('Outbox');
  const { me } = useSession();
  const query = useOutbox();

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Outbox</h1>
        <p className="text-sm text-stone-600">
          Every text sent to your customers about their orders, and every code sent to prove a phone number is yours, as
          it appears on the phone. The latest 100 are shown.
        </p>
        {me && (
          <p className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {me.smsProvider === 'local'
              ? 'Test mode: texts are simulated. Nothing is sent to a real phone; this is what the phone would receive.'
              : 'Texts to real orders, and codes proving a phone number, are sent by SMS (a code is hidden here). Texts about test orders stay here and are never sent.'}
          </p>
        )}
      </div>

      {query.isPending ? (
        <p className="flex items-center gap-2 py-10 text-sm text-stone-600" role="status">
          <Spinner className="size-4 text-brand-700" /> Loading texts…
        </p>
      ) : query.isError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p>Failed to load the outbox.</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : query.data.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center text-stone-600">
          <MessageSquareText className="size-8 text-stone-400" aria-hidden="true" />
          <p>No texts yet.</p>
          <p className="max-w-md text-sm">
            When you set a prep time or mark an order ready, the text the customer receives appears here.
          </p>
        </div>
      ) : (
        <div className="grid items-start gap-4 md:grid-cols-2 xl:grid-cols-3">
          {toThreads(query.data).map((thread) => (
            <Conversation key={thread.to} thread={thread} />
          ))}
        </div>
      )}
    </div>
  );
}

function Conversation({ thread }: { thread: Thread }) {
  const titleId = useId();
  const number = formatPhoneDisplay(thread.to);
  return (
    <section
      aria-labelledby={titleId}
      className="overflow-hidden rounded-3xl border border-stone-200 bg-white shadow-sm"
    >
      <header className="flex items-center gap-3 border-b border-stone-100 bg-stone-50 px-4 py-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-stone-200 text-stone-600">
          <Smartphone className="size-4" aria-hidden="true" />
        </span>
        <h2 id={titleId} className="min-w-0 text-sm font-semibold text-stone-900">
          <span className="block text-xs font-normal text-stone-500">Texts to</span>
          <span className="block truncate">{number}</span>
        </h2>
      </header>
      <ol aria-label={`Texts to ${number}`} className="flex flex-col gap-4 px-4 py-4">
        {thread.messages.map((message) => (
          <Bubble key={message.id} message={message} />
        ))}
      </ol>
    </section>
  );
}

function Bubble({ message }: { message: OutboxMessage }) {
  const at = message.sentAt ?? message.createdAt;
  // On the restaurant's clock, like the orders the texts are about.
  const clock = useRestaurantClock();
  const isToday = isSameDay(at, useNow(), clock.timeZone);
  return (
    <li className="flex flex-col items-start gap-1">
      <span className="text-xs font-medium text-stone-500">{kindLabel(message.kind)}</span>
      <p className="max-w-[90%] rounded-2xl rounded-bl-md bg-stone-100 px-3.5 py-2 text-[15px] leading-snug break-words whitespace-pre-line text-stone-900">
        {message.body}
      </p>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 pl-1 text-xs text-stone-500">
        <time dateTime={at} title={clock.dateTime(at)}>
          {isToday ? clock.time(at) : clock.dateTime(at)}
        </time>
        <span aria-hidden="true">·</span>
        <TextStatus status={message.status} lastError={message.lastError} />
      </p>
    </li>
  );
}
