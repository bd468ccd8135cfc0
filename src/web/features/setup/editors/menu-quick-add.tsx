import { useId, useMemo, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { OTHER_CATEGORY, readQuickAddLines, type MenuCategory } from '@shared/contracts/menu';
import type { MenuItem } from '@shared/contracts/restaurant';
import { formatCents } from '@shared/domain/money';
import { Button } from '@web/components/button';
import { FormAlert, SelectField, TextAreaField } from '@web/components/form-field';
import { useMenuMutations } from '../setup-api';
import { errorMessage } from '../form-errors';
import { useUnsavedChanges } from '../unsaved-changes';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Pasting a menu: one dish a line ("Carnitas Burrito, 12.50", "Burritos: Pollo Burrito, 11"), read as it is typed
 * into a preview that shows each line's problem. "Add" sends every good line in one request, which the server adds
 * all together or not at all; the lines with problems stay in the box to be fixed.
 */
export function MenuQuickAdd({
  categories,
  items,
  onClose,
}: {
  categories: readonly MenuCategory[];
  items: readonly MenuItem[];
  onClose: () => void;
}) {
  const { quickAdd } = useMenuMutations();
  const [text, setText] = useState('');
  const [category, setCategory] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);
  const unsaved = useUnsavedChanges({ text });
  const previewId = useId();

  const lines = useMemo(
    () => readQuickAddLines(text, { defaultCategory: category || null, existingNames: items.map((i) => i.name) }),
    [text, category, items],
  );
  const ready = lines.filter((l) => l.ok);
  const problems = lines.filter((l) => !l.ok);
  const known = new Set(categories.map((c) => c.name.toLowerCase()));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (ready.length === 0) return;
    setServerError(null);
    try {
      await quickAdd.mutateAsync({
        items: ready.map((l) => ({ name: l.name, priceCents: l.priceCents, category: l.category })),
      });
      toast.success(`${plural(ready.length, 'dish', 'dishes')} added`);
      const left = problems.map((l) => l.text).join('\n');
      setText(left);
      unsaved.markSaved({ text: left });
      if (!left) onClose();
    } catch (error) {
      setServerError(errorMessage(error, 'Failed to add the dishes'));
    }
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${previewId}-title`}
      className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-stone-50 p-4"
    >
      <h3 id={`${previewId}-title`} className="font-semibold">
        Quick add
      </h3>
      <TextAreaField
        label="Dishes, one per line"
        name="quickAdd"
        rows={5}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setServerError(null);
        }}
        placeholder={'Carnitas Burrito, 12.50\nDrinks: Horchata, 3.50'}
        hint="The name, a comma, then the price. Start a line with a category and a colon to put the dish there."
        spellCheck={false}
      />
      <SelectField
        label="Category for lines without one"
        name="quickAddCategory"
        value={category}
        onChange={(e) => setCategory(e.target.value)}
        options={[
          { value: '', label: `No category (${OTHER_CATEGORY})` },
          ...categories.map((c) => ({ value: c.name, label: c.name })),
        ]}
      />
      {lines.length > 0 && (
        <div className="flex flex-col gap-2">
          <p id={previewId} className="text-sm font-medium text-stone-800" aria-live="polite">
            {plural(ready.length, 'dish', 'dishes')} ready to add
            {problems.length > 0 && `, ${plural(problems.length, 'line', 'lines')} to fix`}
          </p>
          <ul
            aria-label="Preview"
            className="flex max-h-72 flex-col divide-y divide-stone-100 overflow-y-auto rounded-lg border border-stone-200 bg-white text-sm"
          >
            {lines.map((line) =>
              line.ok ? (
                <li key={line.line} className="flex items-start gap-2 px-3 py-2">
                  <CircleCheck className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
                  <span className="min-w-0 flex-1">
                    <span className="font-medium text-stone-900">{line.name}</span>
                    <span className="block text-xs text-stone-500">
                      {line.category ?? OTHER_CATEGORY}
                      {line.category && !known.has(line.category.toLowerCase()) && ' (new category)'}
                    </span>
                  </span>
                  <span className="shrink-0 tabular-nums text-stone-700">{formatCents(line.priceCents)}</span>
                </li>
              ) : (
                <li key={line.line} className="flex items-start gap-2 bg-red-50 px-3 py-2">
                  <CircleAlert className="mt-0.5 size-4 shrink-0 text-red-700" aria-hidden="true" />
                  <span className="min-w-0 flex-1">
                    <span className="break-words text-stone-800">
                      Line {line.line}: {line.text}
                    </span>
                    <span className="block text-xs font-medium text-red-700">{line.error}</span>
                  </span>
                </li>
              ),
            )}
          </ul>
        </div>
      )}
      {serverError && <FormAlert>{serverError}</FormAlert>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
        <Button type="submit" disabled={ready.length === 0} isLoading={quickAdd.isPending}>
          {ready.length > 0 ? `Add ${plural(ready.length, 'dish', 'dishes')}` : 'Add dishes'}
        </Button>
      </div>
    </form>
  );
}
