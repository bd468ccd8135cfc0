import { useEffect, useRef } from 'react';
import clsx from 'clsx';
import { PhoneCall } from 'lucide-react';
import type { TranscriptEntry } from './use-test-call';

interface TranscriptProps {
  entries: TranscriptEntry[];
  /** The call's language, for screen readers' pronunciation; null before a call. */
  lang: string | null;
  isAnswering: boolean;
  /** Words the microphone has heard so far, not sent yet. */
  interim: string;
}

/** The conversation as chat bubbles: the assistant on the left, the caller on the right, events in between. */
export function Transcript({ entries, lang, isAnswering, interim }: TranscriptProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const lastAssistant = entries.findLast((e) => e.kind === 'assistant');

  // Keeps the newest line in view.
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [entries.length, isAnswering, interim]);

  return (
    <>
      <div
        ref={scroller}
        // Scrollable, so it must be reachable with the keyboard to scroll it.
        tabIndex={0}
        role="region"
        aria-label="Transcript"
        className={clsx(
          'overflow-y-auto bg-stone-50/60 px-3 py-4 sm:px-4',
          entries.length === 0 && !isAnswering ? 'h-56' : 'h-[min(28rem,55dvh)] min-h-64',
        )}
      >
        {entries.length === 0 && !isAnswering ? (
          <div className="flex h-full flex-col items-center justify-center gap-2 px-6 text-center text-sm text-stone-500">
            <PhoneCall className="size-8 text-stone-300" aria-hidden="true" />
            <p>Start a call to hear your greeting, then order the way a customer would.</p>
          </div>
        ) : (
          <ol className="flex flex-col gap-2.5">
            {entries.map((entry) => (
              <TranscriptLine key={entry.id} entry={entry} lang={lang} />
            ))}
            {interim && (
              <li className="flex justify-end">
                <p
                  lang={lang ?? undefined}
                  className="max-w-[85%] rounded-2xl rounded-br-sm border border-dashed border-brand-500 bg-white px-3.5 py-2 text-sm text-stone-600 italic"
                >
                  <span className="sr-only">Heard so far: </span>
                  {interim}…
                </p>
              </li>
            )}
            {isAnswering && (
              <li className="flex justify-start">
                <p className="rounded-2xl rounded-bl-sm bg-white px-3.5 py-2 text-stone-500 shadow-sm ring-1 ring-stone-200">
                  <span className="sr-only">The assistant is answering</span>
                  <span aria-hidden="true" className="inline-flex gap-1">
                    <span className="animate-pulse">•</span>
                    <span className="animate-pulse [animation-delay:150ms]">•</span>
                    <span className="animate-pulse [animation-delay:300ms]">•</span>
                  </span>
                </p>
              </li>
            )}
          </ol>
        )}
      </div>
      {/* Only the assistant's new lines are read out: the caller knows what they said. */}
      <div aria-live="polite" className="sr-only" lang={lang ?? undefined}>
        {lastAssistant?.text}
      </div>
    </>
  );
}

function TranscriptLine({ entry, lang }: { entry: TranscriptEntry; lang: string | null }) {
  if (entry.kind === 'note') {
    return (
      <li className="flex justify-center">
        <p
          className={clsx(
            'max-w-[90%] rounded-lg px-3 py-1.5 text-center text-xs',
            entry.tone === 'warning'
              ? 'border border-amber-200 bg-amber-50 text-amber-900'
              : 'bg-stone-100 text-stone-600',
          )}
        >
          {entry.text}
        </p>
      </li>
    );
  }
  const isCaller = entry.kind === 'caller';
  return (
    <li className={clsx('flex flex-col gap-0.5', isCaller ? 'items-end' : 'items-start')}>
      <p
        lang={lang ?? undefined}
        className={clsx(
          'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm break-words whitespace-pre-wrap',
          isCaller
            ? 'rounded-br-sm bg-brand-700 text-white'
            : 'rounded-bl-sm bg-white text-stone-900 shadow-sm ring-1 ring-stone-200',
          isCaller && entry.isFailed && 'opacity-70',
        )}
      >
        <span className="sr-only">{isCaller ? 'You: ' : 'Assistant: '}</span>
        {entry.text}
      </p>
      {isCaller && entry.isFailed && <span className="text-xs font-medium text-red-700">Not sent</span>}
    </li>
  );
}
