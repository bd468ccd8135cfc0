import clsx from 'clsx';
import type { OrderFilter, OrderStats } from '@shared/contracts/orders';
import { STATUS_STYLES } from './order-status';

interface Tile {
  key: keyof OrderStats;
  label: string;
  swatch: string;
  /** The filter tab the tile stands for. */
  filter: OrderFilter;
}

/** The spec's six tiles: New Orders, Preparing, Ready, Completed, Custom and Total Orders. Cancelled is not a tile. */
const TILES: Tile[] = [
  ...(['new', 'preparing', 'ready', 'completed'] as const).map((status) => ({
    key: status,
    label: status === 'new' ? 'New Orders' : STATUS_STYLES[status].label,
    swatch: STATUS_STYLES[status].swatch,
    filter: status,
  })),
  { key: 'custom', label: 'Custom', swatch: 'bg-violet-500', filter: 'custom' },
  { key: 'total', label: 'Total Orders', swatch: 'bg-brand-600', filter: 'all' },
];

/**
 * Today's counts (every open order plus the orders finished today; cancelled ones count for nothing). Each tile is a
 * toggle for its filter tab: tapping the pressed one again goes back to All Orders.
 */
export function StatTiles({
  stats,
  isLoading,
  filter,
  onSelectFilter,
}: {
  stats: OrderStats | undefined;
  isLoading: boolean;
  filter: OrderFilter;
  onSelectFilter: (filter: OrderFilter) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Order counts"
      aria-busy={isLoading || undefined}
      className="grid grid-cols-3 gap-1.5 sm:gap-3 lg:grid-cols-6"
    >
      {TILES.map((tile) => {
        const isPressed = filter === tile.filter;
        return (
          <button
            key={tile.key}
            type="button"
            aria-pressed={isPressed}
            onClick={() => onSelectFilter(isPressed && tile.filter !== 'all' ? 'all' : tile.filter)}
            className={clsx(
              'flex min-w-0 items-center justify-between gap-1 rounded-xl border bg-white px-2 py-1.5 text-left shadow-sm transition-colors hover:border-stone-300 hover:bg-stone-50 sm:flex-col sm:items-start sm:px-4 sm:py-3',
              isPressed ? 'border-brand-600 ring-1 ring-brand-600 ring-inset' : 'border-stone-200',
            )}
          >
            {/* On a phone the label and the count share one line, so the swatch gives way to the words. */}
            <span className="flex min-w-0 items-center gap-1.5 text-[11px] font-medium text-stone-600 sm:text-sm">
              <span className={clsx('size-2 shrink-0 rounded-full max-sm:hidden', tile.swatch)} aria-hidden="true" />
              <span className="truncate">{tile.label}</span>
            </span>
            <span className="text-base font-semibold tabular-nums text-stone-900 sm:text-2xl">
              {stats ? stats[tile.key] : <span className="text-stone-300">–</span>}
            </span>
          </button>
        );
      })}
    </div>
  );
}
