import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { menuItemFormSchema, type MenuItem } from '@shared/contracts/restaurant';
import { OTHER_CATEGORY, type MenuCategory } from '@shared/contracts/menu';
import { numericFromCents } from '@shared/domain/money';
import { failureMessage } from '@web/lib/api';
import { Button } from '@web/components/button';
import { SelectField, TextAreaField, TextField } from '@web/components/form-field';
import { useMenuMutations } from '../setup-api';
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from '../form-errors';
import { useUnsavedChanges } from '../unsaved-changes';
import { MenuOptionsEditor, optionDrafts, optionsInput, type OptionGroupDraft } from './menu-options-editor';

const toNumberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

/** The API names cents and ids; its messages belong next to the boxes the owner typed in. */
function formFieldErrors(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, message] of Object.entries(apiFieldErrors(error))) {
    const formField =
      field === 'priceCents'
        ? 'price'
        : field.replace(/^(options\.\d+\.choices\.\d+)\.priceDeltaCents$/, '$1.priceChange');
    errors[formField] = message;
  }
  return errors;
}

export function MenuItemForm({
  item,
  categories,
  defaultCategoryId = null,
  onDone,
  onCancel,
}: {
  item?: MenuItem;
  categories: readonly MenuCategory[];
  /** The category a new dish starts in (the section its Add button was in). */
  defaultCategoryId?: string | null;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const { save } = useMenuMutations();
  const [values, setValues] = useState({
    name: item?.name ?? '',
    categoryId: item ? (item.categoryId ?? '') : (defaultCategoryId ?? ''),
    aliases: item?.aliases.join(', ') ?? '',
    description: item?.description ?? '',
    // Dollars with both decimals ('12.50'), as typed; the form schema turns them back into cents.
    price: item ? numericFromCents(item.priceCents) : '',
    preparationTime: item ? String(item.preparationTime) : '',
  });
  const [options, setOptions] = useState<OptionGroupDraft[]>(() => optionDrafts(item?.options ?? []));
  // Saving closes the form, which ends its unsaved state with it.
  useUnsavedChanges({ values, options });
  const [errors, setErrors] = useState<FieldErrors>({});
  const clearError = (name: string) => setErrors((errs) => (errs[name] ? { ...errs, [name]: '' } : errs));

  const field = (name: keyof typeof values) => ({
    value: values[name],
    error: errors[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      clearError(name);
    },
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = menuItemFormSchema.safeParse({
      name: values.name,
      categoryId: values.categoryId || null,
      aliases: values.aliases,
      description: values.description,
      price: values.price,
      preparationTime: toNumberOrNull(values.preparationTime),
      options: optionsInput(options),
    });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    try {
      await save.mutateAsync({ id: item?.id, input: parsed.data });
      toast.success('Menu item saved');
      onDone();
    } catch (error) {
      setErrors(formFieldErrors(error));
      toast.error(failureMessage(error, 'Failed to save menu item'));
    }
  }

  const categoryOptions = [
    { value: '', label: `No category (${OTHER_CATEGORY})` },
    ...categories.map((c) => ({ value: c.id, label: c.name })),
  ];

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2">
      <TextField label="Name" name="name" required {...field('name')} />
      <SelectField label="Category" name="categoryId" options={categoryOptions} {...field('categoryId')} />
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
        placeholder="12.50"
        required
        hint="Enter 0 for a dish that is free"
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
      <MenuOptionsEditor
        groups={options}
        onChange={(groups) => {
          setOptions(groups);
          clearError('options');
        }}
        errors={errors}
        onEdited={clearError}
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
