import clsx from 'clsx';
import type { ModelUsage, ModelUsageDay } from '@shared/contracts/admin';
import { Badge, formatUtcDay } from './admin-format';
import { Panel } from './admin-panels';

/** /admin/settings: how many language-model requests each account's test calls made a day, against the cap. */
export function ModelUsageSection({ usage, className }: { usage: ModelUsage; className?: string }) {
  const limit = usage.dailyLimitPerAccount;
  return (
    <Panel title="Language-model requests" id="ops-model-usage" className={className}>
      <p className="text-sm text-stone-600">
        Each account may make{' '}
        <span className="font-semibold text-stone-900 tabular-nums">{limit.toLocaleString()}</span> model requests a day
        for its test calls (<code className="text-xs">LLM_DAILY_REQUESTS_PER_ACCOUNT</code>); past that, its test calls
        are answered by the built-in assistant. Days start at midnight UTC.
      </p>
      {usage.days.length === 0 ? (
        <p className="mt-3 text-sm text-stone-500">No model requests in the last {usage.periodDays} days</p>
      ) : (
        <div className="-mx-4 mt-3 overflow-x-auto px-4">
          <table aria-label="Model requests per account and day" className="w-full text-left text-sm">
            <thead className="text-stone-500">
              <tr>
                {['Day', 'Account', 'Requests'].map((column) => (
                  <th key={column} scope="col" className="pr-3 pb-2 font-medium whitespace-nowrap">
                    {column}
                  </th>
                ))}
                {/* On a phone, refusals are shown under the requests instead. */}
                <th scope="col" className="hidden pb-2 font-medium whitespace-nowrap sm:table-cell">
                  Refused
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {usage.days.map((row) => (
                <UsageRow key={`${row.day}/${row.accountId}`} row={row} limit={limit} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}

function UsageRow({ row, limit }: { row: ModelUsageDay; limit: number }) {
  const isAtLimit = row.requests >= limit;
  return (
    <tr>
      <td className="py-2 pr-3 align-top whitespace-nowrap text-stone-700">
        <time dateTime={row.day}>{formatUtcDay(row.day)}</time>
      </td>
      <td className="max-w-36 py-2 pr-3 align-top sm:max-w-72">
        <span className="block truncate font-medium text-stone-900">{row.restaurantName ?? 'Unnamed restaurant'}</span>
        {row.email && <span className="block truncate text-xs text-stone-500">{row.email}</span>}
      </td>
      <td className="py-2 pr-3 align-top text-stone-700 tabular-nums">
        <span className="flex flex-col items-start gap-1 whitespace-nowrap sm:flex-row sm:items-center sm:gap-2">
          <span>
            {row.requests.toLocaleString()} <span className="text-stone-400">of {limit.toLocaleString()}</span>
          </span>
          {isAtLimit && <Badge className="bg-amber-50 text-amber-800 ring-amber-300">Cap reached</Badge>}
          {row.refused > 0 && (
            <span className="text-xs text-red-700 sm:hidden">{row.refused.toLocaleString()} refused</span>
          )}
        </span>
      </td>
      <td
        className={clsx(
          'hidden py-2 align-top tabular-nums sm:table-cell',
          row.refused > 0 ? 'text-red-700' : 'text-stone-700',
        )}
      >
        {row.refused.toLocaleString()}
      </td>
    </tr>
  );
}
