import { useState } from 'react';
import toast from 'react-hot-toast';
import clsx from 'clsx';
import { ClipboardList, Pencil, Plus, Trash2 } from 'lucide-react';
import type { MenuItem } from '@shared/contracts/restaurant';
import { groupMenu, OTHER_CATEGORY, type MenuCategory } from '@shared/contracts/menu';
import type { MenuOptionGroup } from '@shared/domain/menu-options';
import { formatCents } from '@shared/domain/money';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { useMenuCategories, useMenuMutations } from '../setup-api';
import { errorMessage } from '../form-errors';
import { WithData } from '../load-state';
import { submitLabel, type EditorProps } from './editor-props';
import { FooterRow } from './editor-footer';
import { MenuCategories } from './menu-categories';
import { MenuItemForm } from './menu-item-form';
import { MenuQuickAdd } from './menu-quick-add';

const NEW_ITEM = 'new';

export function MenuEditor({ items, ...props }: EditorProps & { items: MenuItem[] }) {
  const query = useMenuCategories();
  return (
    <WithData query={query}>
      {(categories) => <MenuEditorBody items={items} categories={categories} {...props} />}
    </WithData>
  );
}

/** 'Size: Small, Large +$3.00 · Extras: Cheese +$1.00'. */
function optionsSummary(groups: readonly MenuOptionGroup[]) {
  return groups
    .map((g) => {
      const choices = g.choices.map((c) =>
        c.priceDeltaCents === 0
          ? c.name
          : `${c.name} ${c.priceDeltaCents > 0 ? '+' : '-'}${formatCents(Math.abs(c.priceDeltaCents))}`,
      );
      return `${g.name}${g.required ? '' : ' (optional)'}: ${choices.join(', ')}`;
    })
    .join(' · ');
}

function MenuEditorBody({
  items,
  categories,
  mode,
  onSaved,
  back,
}: EditorProps & { items: MenuItem[]; categories: MenuCategory[] }) {
  const { remove, setAvailability } = useMenuMutations();
  // The id of the item being edited, NEW_ITEM for the add form, or null.
  const [editing, setEditing] = useState<string | null>(items.length === 0 ? NEW_ITEM : null);
  const [isQuickAddOpen, setQuickAddOpen] = useState(false);
  const [deleting, setDeleting] = useState<MenuItem | null>(null);
  const sections = groupMenu(categories, items, { keepEmpty: true });
  const hasCategories = categories.length > 0;

  async function onDelete() {
    const item = deleting;
    if (!item) return;
    try {
      await remove.mutateAsync(item.id);
      toast.success(`${item.name} deleted`);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to delete menu item'));
    } finally {
      setDeleting(null);
    }
  }

  async function onToggleAvailable(item: MenuItem) {
    try {
      await setAvailability.mutateAsync({ id: item.id, isAvailable: !item.isAvailable });
      toast.success(item.isAvailable ? `${item.name} marked sold out` : `${item.name} is available again`);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to save menu item'));
    }
  }

  const itemRow = (item: MenuItem) =>
    editing === item.id ? (
      <li key={item.id} className="p-3">
        <MenuItemForm item={item} categories={categories} onDone={() => setEditing(null)} />
      </li>
    ) : (
      <li key={item.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
        <div className={clsx('min-w-0', !item.isAvailable && 'opacity-60')}>
          <p className="font-medium text-stone-900">
            {item.name}{' '}
            {!item.isAvailable && (
              <span className="ml-1 rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-700">
                Sold out
              </span>
            )}
          </p>
          {item.description && <p className="text-sm text-stone-600">{item.description}</p>}
          {item.aliases.length > 0 && (
            <p className="text-sm text-stone-600">
              <span className="text-stone-500">Also called:</span> {item.aliases.join(', ')}
            </p>
          )}
          {item.options.length > 0 && <p className="text-sm text-stone-600">{optionsSummary(item.options)}</p>}
          <p className="text-sm text-stone-500">
            {formatCents(item.priceCents)} · {item.preparationTime} min
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {mode === 'settings' && (
            <Button variant="secondary" size="sm" onClick={() => void onToggleAvailable(item)}>
              {item.isAvailable ? 'Mark sold out' : 'Mark available'}
            </Button>
          )}
          <Button variant="secondary" size="sm" onClick={() => setEditing(item.id)} aria-label={`Edit ${item.name}`}>
            <Pencil className="size-4" aria-hidden="true" /> Edit
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setDeleting(item)} aria-label={`Delete ${item.name}`}>
            <Trash2 className="size-4" aria-hidden="true" /> Delete
          </Button>
        </div>
      </li>
    );

  return (
    <div className="flex flex-col gap-4">
      <MenuCategories categories={categories} items={items} />
      <div className="flex flex-wrap gap-2">
        {editing !== NEW_ITEM && (
          <Button variant="secondary" onClick={() => setEditing(NEW_ITEM)}>
            <Plus className="size-4" aria-hidden="true" /> Add menu item
          </Button>
        )}
        {!isQuickAddOpen && (
          <Button variant="secondary" onClick={() => setQuickAddOpen(true)}>
            <ClipboardList className="size-4" aria-hidden="true" /> Quick add
          </Button>
        )}
      </div>
      {isQuickAddOpen && <MenuQuickAdd categories={categories} items={items} onClose={() => setQuickAddOpen(false)} />}
      {editing === NEW_ITEM && (
        <div className="rounded-xl border border-stone-200 bg-stone-50 p-4">
          <h3 className="mb-3 font-semibold">New menu item</h3>
          <MenuItemForm
            categories={categories}
            onDone={() => setEditing(null)}
            onCancel={items.length > 0 ? () => setEditing(null) : undefined}
          />
        </div>
      )}
      {items.length === 0 && editing !== NEW_ITEM && (
        <p className="rounded-xl border border-dashed border-stone-300 p-6 text-center text-sm text-stone-600">
          No menu items yet. Add the dishes callers can order.
        </p>
      )}
      {items.length > 0 && !hasCategories && (
        <ul className="divide-y divide-stone-100 rounded-xl border border-stone-200" aria-label="Menu items">
          {items.map(itemRow)}
        </ul>
      )}
      {items.length > 0 &&
        hasCategories &&
        sections.map((section) => {
          const name = section.category?.name ?? OTHER_CATEGORY;
          const headingId = `menu-section-${section.category?.id ?? 'other'}`;
          return (
            <section key={section.category?.id ?? 'other'} aria-labelledby={headingId} className="flex flex-col gap-2">
              <h3 id={headingId} className="font-semibold text-stone-800">
                {name}
              </h3>
              {section.items.length > 0 ? (
                <ul
                  className="divide-y divide-stone-100 rounded-xl border border-stone-200"
                  aria-label={`${name} dishes`}
                >
                  {section.items.map(itemRow)}
                </ul>
              ) : (
                <p className="rounded-xl border border-dashed border-stone-300 px-4 py-3 text-sm text-stone-500">
                  No dishes in {name} yet. Choose it as the category when you add or edit a dish.
                </p>
              )}
            </section>
          );
        })}
      {mode === 'wizard' && (
        <div className="flex flex-col gap-2 border-t border-stone-100 pt-4">
          <FooterRow back={back}>
            <Button onClick={() => void onSaved?.()}>{submitLabel(mode)}</Button>
          </FooterRow>
          {items.length === 0 && (
            <p className="text-right text-xs text-stone-500">The menu is optional; you can add dishes later.</p>
          )}
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'this dish'}?`}
        description="It is taken off your menu and the phone assistant stops offering it. Orders already placed keep it."
        confirmLabel="Delete dish"
        tone="danger"
        isConfirming={remove.isPending}
        onConfirm={() => void onDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
