import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import clsx from 'clsx';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { menuItemFormSchema, type MenuItem } from '@shared/contracts/restaurant';
import { formatCents, numericFromCents } from '@shared/domain/money';
import { Button } from '@web/components/button';
import { TextAreaField, TextField } from '@web/components/form-field';
import { useMenuMutations } from '../setup-api';
import { apiFieldErrors, errorMessage, zodFieldErrors, type FieldErrors } from '../form-errors';
import { submitLabel, type EditorProps } from './editor-props';
import { FooterRow } from './editor-footer';

const NEW_ITEM = 'new';

export function MenuEditor({ items, mode, onSaved, back }: EditorProps & { items: MenuItem[] }) {
  const { remove, setAvailability } = useMenuMutations();
  // The id of the item being edited, NEW_ITEM for the add form, or null.
  const [editing, setEditing] = useState<string | null>(items.length === 0 ? NEW_ITEM : null);

  async function onDelete(item: MenuItem) {
    if (!window.confirm(`Delete "${item.name}" from your menu?`)) return;
    try {
      await remove.mutateAsync(item.id);
      toast.success(`${item.name} deleted`);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to delete menu item'));
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

  return (
    <div className="flex flex-col gap-4">
      {items.length === 0 && editing !== NEW_ITEM && (
        <p className="rounded-xl border border-dashed border-stone-300 p-6 text-center text-sm text-stone-600">
          No menu items yet. Add the dishes callers can order.
        </p>
      )}
      {items.length > 0 && (
        <ul className="divide-y divide-stone-100 rounded-xl border border-stone-200" aria-label="Menu items">
          {items.map((item) =>
            editing === item.id ? (
              <li key={item.id} className="p-3">
                <MenuItemForm item={item} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <li key={item.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
                <div className={clsx(!item.isAvailable && 'opacity-60')}>
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
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setEditing(item.id)}
                    aria-label={`Edit ${item.name}`}
                  >
                    <Pencil className="size-4" aria-hidden="true" /> Edit
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => void onDelete(item)}
                    aria-label={`Delete ${item.name}`}
                  >
                    <Trash2 className="size-4" aria-hidden="true" /> Delete
                  </Button>
                </div>
              </li>
            ),
          )}
        </ul>
      )}
      {editing === NEW_ITEM ? (
        <div className="rounded-xl border border-stone-200 bg-stone-50 p-4">
          <h3 className="mb-3 font-semibold">New menu item</h3>
          <MenuItemForm
            onDone={() => setEditing(null)}
            onCancel={items.length > 0 ? () => setEditing(null) : undefined}
          />
        </div>
      ) : (
        <Button variant="secondary" className="self-start" onClick={() => setEditing(NEW_ITEM)}>
          <Plus className="size-4" aria-hidden="true" /> Add menu item
        </Button>
      )}
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
    </div>
  );
}

const toNumberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

function MenuItemForm({ item, onDone, onCancel }: { item?: MenuItem; onDone: () => void; onCancel?: () => void }) {
  const { save } = useMenuMutations();
  const [values, setValues] = useState({
    name: item?.name ?? '',
    aliases: item?.aliases.join(', ') ?? '',
    description: item?.description ?? '',
    // Dollars with both decimals ('12.50'), as typed; the form schema turns them back into cents.
    price: item ? numericFromCents(item.priceCents) : '',
    preparationTime: item ? String(item.preparationTime) : '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});

  const field = (name: keyof typeof values) => ({
    value: values[name],
    error: errors[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setErrors((errs) => ({ ...errs, [name]: '' }));
    },
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = menuItemFormSchema.safeParse({
      name: values.name,
      aliases: values.aliases,
      description: values.description,
      price: values.price,
      preparationTime: toNumberOrNull(values.preparationTime),
    });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    try {
      await save.mutateAsync({ id: item?.id, input: parsed.data });
      toast.success('Menu item saved');
      onDone();
    } catch (error) {
      // The API names the cents field; its message belongs next to the dollars box.
      const { priceCents, ...fieldErrors } = apiFieldErrors(error);
      setErrors(priceCents ? { ...fieldErrors, price: priceCents } : fieldErrors);
      toast.error('Failed to save menu item');
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2">
      <TextField label="Name" name="name" required className="sm:col-span-2" {...field('name')} />
      <TextField
        label="Other names (optional)"
        name="aliases"
        autoComplete="off"
        placeholder="pollo burrito, 鸡肉卷"
        hint="What callers might say instead, in any language. Separate names with commas."
        className="sm:col-span-2"
        {...field('aliases')}
      />
      <TextAreaField
        label="Description (optional)"
        name="description"
        rows={2}
        className="sm:col-span-2"
        {...field('description')}
      />
      <TextField
        label="Price ($)"
        name="price"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        hint="Leave empty for $0.00"
        {...field('price')}
      />
      <TextField
        label="Prep time (minutes)"
        name="preparationTime"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        placeholder="15"
        hint="Leave empty for 15 minutes"
        {...field('preparationTime')}
      />
      <div className="flex justify-end gap-2 sm:col-span-2">
        {(onCancel ?? item) && (
          <Button variant="ghost" onClick={onCancel ?? onDone}>
            Cancel
          </Button>
        )}
        <Button type="submit" isLoading={save.isPending}>
          Save item
        </Button>
      </div>
    </form>
  );
}
