import type { AdminAuditEntry } from '@shared/contracts/admin';
import { auditActionLabel, auditChanges, auditChangeText, formatDateTime } from './admin-format';

/** Admin actions, newest first: what was done, by whom, when, and each field's value before → after. */
export function AuditTrail({
  entries,
  emptyText,
  label,
}: {
  entries: AdminAuditEntry[];
  emptyText: string;
  label: string;
}) {
  if (entries.length === 0) return <p className="text-sm text-stone-500">{emptyText}</p>;
  const newestFirst = [...entries].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return (
    <ol className="flex flex-col divide-y divide-stone-100" aria-label={label}>
      {newestFirst.map((entry) => {
        const changes = auditChanges(entry);
        return (
          <li key={entry.id} className="py-2.5 text-sm first:pt-0 last:pb-0">
            <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
              <span className="font-medium text-stone-900">{auditActionLabel(entry)}</span>
              <time dateTime={entry.at} className="text-xs whitespace-nowrap text-stone-500">
                {formatDateTime(entry.at)}
              </time>
            </p>
            <p className="text-xs break-all text-stone-500">by {entry.actor.email}</p>
            {changes.length > 0 && (
              <ul className="mt-1 flex flex-col gap-0.5 text-stone-700">
                {changes.map((change) => (
                  <li key={change.field} className="break-words">
                    {auditChangeText(change)}
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
