import clsx from 'clsx';
import type { OrderStats } from '@shared/contracts/orders';
import { ORDER_STATUSES } from '@shared/domain/orders';
import { STATUS_STYLES } from './order-status';

/** The spec's tiles: one per status ('New Orders' for new), then Custom and Total Orders. */
const TILES: { key: keyof OrderStats; label: string; swatch: string }[] = [
  ...ORDER_STATUSES.map((status) => ({
    key: status,
    label: status === 'new' ? 'New Orders' : STATUS_STYLES[status].label,
    swatch: STATUS_STYLES[status].swatch,
  })),
  { key: 'custom', label: 'Custom', swatch: 'bg-violet-500' },
  { key: 'total', label: 'Total Orders', swatch: 'bg-brand-600' },
];

/** Today's counts: every open order plus the orders completed today. */
export function StatTiles({ stats, isLoading }: { stats: OrderStats | undefined; isLoading: boolean }) {
  return (
    <dl
      aria-label="Order counts"
      aria-busy={isLoading || undefined}
      className="grid grid-cols-3 gap-2 sm:gap-3 lg:grid-cols-6"
    >
      {TILES.map((tile) => (
        <div
          key={tile.key}
          className="flex flex-col gap-1 rounded-xl border border-stone-200 bg-white px-3 py-2.5 shadow-sm sm:px-4 sm:py-3"
        >
          <dt className="flex items-center gap-1.5 text-xs font-medium text-stone-600 sm:text-sm">
            <span className={clsx('size-2 shrink-0 rounded-full', tile.swatch)} aria-hidden="true" />
            <span className="truncate">{tile.label}</span>
          </dt>
          <dd className="text-2xl font-semibold tabular-nums text-stone-900">
            {stats ? stats[tile.key] : <span className="text-stone-300">–</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
