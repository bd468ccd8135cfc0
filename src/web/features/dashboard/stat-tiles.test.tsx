// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '@testing-library/jest-dom/vitest';
import type { OrderFilter, OrderStats } from '@shared/contracts/orders';
import { StatTiles } from './stat-tiles';

const stats: OrderStats = { new: 3, preparing: 2, ready: 1, completed: 4, cancelled: 2, custom: 1, total: 10 };

function renderTiles(filter: OrderFilter) {
  const onSelectFilter = vi.fn();
  const view = render(<StatTiles stats={stats} isLoading={false} filter={filter} onSelectFilter={onSelectFilter} />);
  const group = screen.getByRole('group', { name: 'Order counts' });
  return { ...view, group, onSelectFilter, user: userEvent.setup() };
}

describe('the count tiles', () => {
  afterEach(cleanup);

  it('are the spec’s six, with today’s counts; cancelled orders have no tile', () => {
    const { group } = renderTiles('all');
    const tiles = within(group).getAllByRole('button');
    expect(tiles.map((t) => t.textContent)).toEqual([
      'New Orders3',
      'Preparing2',
      'Ready1',
      'Completed4',
      'Custom1',
      'Total Orders10',
    ]);
    expect(within(group).queryByRole('button', { name: /Cancelled/ })).toBeNull();
  });

  it('show which filter is on, and tapping one selects its tab; tapping it again goes back to All Orders', async () => {
    const { group, onSelectFilter, user, rerender } = renderTiles('all');
    expect(within(group).getByRole('button', { name: 'Total Orders 10' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(group).getByRole('button', { name: 'New Orders 3' })).toHaveAttribute('aria-pressed', 'false');

    await user.click(within(group).getByRole('button', { name: 'Preparing 2' }));
    expect(onSelectFilter).toHaveBeenLastCalledWith('preparing');
    await user.click(within(group).getByRole('button', { name: 'Custom 1' }));
    expect(onSelectFilter).toHaveBeenLastCalledWith('custom');

    rerender(<StatTiles stats={stats} isLoading={false} filter="ready" onSelectFilter={onSelectFilter} />);
    const ready = within(group).getByRole('button', { name: 'Ready 1' });
    expect(ready).toHaveAttribute('aria-pressed', 'true');
    expect(within(group).getByRole('button', { name: 'Total Orders 10' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(ready);
    expect(onSelectFilter).toHaveBeenLastCalledWith('all');
  });

  it('work from the keyboard', async () => {
    const { group, onSelectFilter, user } = renderTiles('all');
    await user.tab();
    expect(within(group).getByRole('button', { name: 'New Orders 3' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSelectFilter).toHaveBeenLastCalledWith('new');
    await user.tab();
    await user.tab();
    await user.tab();
    expect(within(group).getByRole('button', { name: 'Completed 4' })).toHaveFocus();
    await user.keyboard(' ');
    expect(onSelectFilter).toHaveBeenLastCalledWith('completed');
  });
});
