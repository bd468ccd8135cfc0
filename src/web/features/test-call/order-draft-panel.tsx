import { Link } from 'react-router';
import { CircleCheck, Headset } from 'lucide-react';
import type { TestCallTurn } from '@shared/contracts/test-calls';
import { formatCents, multiplyCents } from '@shared/domain/money';

/** What the assistant has understood so far: items, name, total, and how the call turned out. */
export function OrderDraftPanel({ turn }: { turn: TestCallTurn | null }) {
  const draft = turn?.draft;
  const hasItems = !!draft && (draft.lines.length > 0 || !!draft.customText);
  return (
    <aside
      aria-labelledby="draft-title"
      className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div>
        <h2 id="draft-title" className="font-semibold text-stone-900">
          What the assistant understood
        </h2>
        <p className="text-sm text-stone-600">Updated after every turn, as the order would be placed.</p>
      </div>

      {turn?.orderId && (
        <div
          className="flex flex-col gap-1 rounded-xl border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900"
          role="status"
        >
          <p className="flex items-center gap-2 font-semibold">
            <CircleCheck className="size-4 shrink-0" aria-hidden="true" /> Order placed
          </p>
          <p>It is on your dashboard now, like any phone order.</p>
          <Link
            to={`/dashboard?order=${encodeURIComponent(turn.orderId)}`}
            className="self-start font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-950"
          >
            View on dashboard
          </Link>
        </div>
      )}
      {turn?.transferred && (
        <div
          className="flex flex-col gap-1 rounded-xl border border-violet-200 bg-violet-50 p-3 text-sm text-violet-900"
          role="status"
        >
          <p className="flex items-center gap-2 font-semibold">
            <Headset className="size-4 shrink-0" aria-hidden="true" /> Transferred to staff
          </p>
          <p>On a real call the caller would now be put through to your staff line.</p>
        </div>
      )}

      <dl className="flex flex-col gap-3 text-sm">
        <div className="flex flex-col gap-0.5">
          <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">Customer</dt>
          <dd className={draft?.customerName ? 'font-medium text-stone-900' : 'text-stone-500'}>
            {draft?.customerName ?? 'No name yet'}
          </dd>
        </div>
        <div className="flex flex-col gap-1">
          <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">Items</dt>
          <dd>
            {!hasItems ? (
              <p className="text-stone-500">
                {turn ? 'Nothing yet.' : 'Start a call: what the caller orders shows up here.'}
              </p>
            ) : (
              <ul aria-label="Items understood" className="flex flex-col divide-y divide-stone-100">
                {draft.lines.map((line, index) => (
                  <li key={`${line.name}-${index}`} className="flex items-start justify-between gap-3 py-1.5">
                    <div className="min-w-0">
                      <p className="text-stone-900">
                        <span className="font-semibold tabular-nums">{line.quantity} ×</span> {line.name}
                      </p>
                      {line.notes && <p className="text-xs text-stone-600 italic">Note: {line.notes}</p>}
                    </div>
                    <span className="shrink-0 text-stone-700 tabular-nums">
                      {formatCents(multiplyCents(line.unitPriceCents, line.quantity))}
                    </span>
                  </li>
                ))}
                {draft.customText && (
                  <li className="py-1.5">
                    <p className="text-xs font-medium text-violet-800">Custom request</p>
                    <p className="text-stone-900">{draft.customText}</p>
                  </li>
                )}
              </ul>
            )}
          </dd>
        </div>
        <div className="flex items-baseline justify-between border-t border-stone-200 pt-3">
          <dt className="font-medium text-stone-700">Total</dt>
          <dd className="text-lg font-semibold text-stone-900 tabular-nums">{formatCents(draft?.totalCents ?? 0)}</dd>
        </div>
      </dl>
    </aside>
  );
}
