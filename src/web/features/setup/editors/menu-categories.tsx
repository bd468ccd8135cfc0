import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from 'lucide-react';
import { MENU_CATEGORY_LIMITS, menuCategorySchema, OTHER_CATEGORY, type MenuCategory } from '@shared/contracts/menu';
import type { MenuItem } from '@shared/contracts/restaurant';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { TextField } from '@web/components/form-field';
import { useMenuCategoryMutations } from '../setup-api';
import { apiFieldErrors, errorMessage, zodFieldErrors } from '../form-errors';

const dishCount = (n: number) => `${n} ${n === 1 ? 'dish' : 'dishes'}`;

/** The menu's sections: added at the end, renamed, moved up or down, deleted (their dishes go to "Other"). */
export function MenuCategories({ categories, items }: { categories: MenuCategory[]; items: readonly MenuItem[] }) {
  const { create, rename, reorder, remove } = useMenuCategoryMutations();
  const [newName, setNewName] = useState('');
  const [newError, setNewError] = useState('');
  const [renaming, setRenaming] = useState<{ id: string; name: string; error: string } | null>(null);
  const [deleting, setDeleting] = useState<MenuCategory | null>(null);
  const countOf = (id: string) => items.filter((i) => i.categoryId === id).length;

  /** The message for a name the schema or the server refused, or null when the name is fine. */
  const nameProblem = (name: string) => {
    const parsed = menuCategorySchema.safeParse({ name });
    return parsed.success ? null : (zodFieldErrors(parsed.error).name ?? 'Check the name');
  };

  async function onAdd(event: FormEvent) {
    event.preventDefault();
    const problem = nameProblem(newName);
    if (problem) return setNewError(problem);
    try {
      await create.mutateAsync(newName.trim());
      setNewName('');
      toast.success('Category added');
    } catch (error) {
      setNewError(apiFieldErrors(error).name ?? errorMessage(error, 'Failed to add the category'));
    }
  }

  async function onRename(event: FormEvent) {
    event.preventDefault();
    if (!renaming) return;
    const problem = nameProblem(renaming.name);
    if (problem) return setRenaming({ ...renaming, error: problem });
    try {
      await rename.mutateAsync({ id: renaming.id, name: renaming.name.trim() });
      setRenaming(null);
      toast.success('Category renamed');
    } catch (error) {
      const message = apiFieldErrors(error).name ?? errorMessage(error, 'Failed to rename the category');
      setRenaming({ ...renaming, error: message });
    }
  }

  async function move(index: number, by: -1 | 1) {
    const ids = categories.map((c) => c.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    try {
      await reorder.mutateAsync(ids);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to move the category'));
    }
  }

  async function onDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(`${deleting.name} deleted`);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to delete the category'));
    } finally {
      setDeleting(null);
    }
  }

  return (
    <section
      aria-labelledby="menu-categories-title"
      className="flex flex-col gap-3 rounded-xl border border-stone-200 p-4"
    >
      <div>
        <h3 id="menu-categories-title" className="font-semibold">
          Categories
        </h3>
        <p className="text-sm text-stone-600">
          Sections of your menu, in the order callers hear them. Dishes without one are listed under “{OTHER_CATEGORY}”.
        </p>
      </div>
      {categories.length > 0 && (
        <ol aria-label="Categories" className="divide-y divide-stone-100 rounded-lg border border-stone-200">
          {categories.map((category, index) =>
            renaming?.id === category.id ? (
              <li key={category.id} className="p-2">
                <form onSubmit={onRename} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
                  <TextField
                    label={`New name for ${category.name}`}
                    className="flex-1"
                    value={renaming.name}
                    error={renaming.error || undefined}
                    maxLength={MENU_CATEGORY_LIMITS.nameLength}
                    autoFocus
                    onChange={(e) => setRenaming({ ...renaming, name: e.target.value, error: '' })}
                  />
                  <div className="flex gap-2 sm:mt-[1.625rem]">
                    <Button variant="ghost" size="sm" onClick={() => setRenaming(null)}>
                      Cancel
                    </Button>
                    <Button type="submit" size="sm" isLoading={rename.isPending}>
                      Save name
                    </Button>
                  </div>
                </form>
              </li>
            ) : (
              <li key={category.id} className="flex items-center justify-between gap-2 px-3 py-2">
                <span className="min-w-0 break-words">
                  <span className="font-medium text-stone-900">{category.name}</span>{' '}
                  <span className="text-sm whitespace-nowrap text-stone-500">· {dishCount(countOf(category.id))}</span>
                </span>
                <span className="flex shrink-0 gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    className="w-8 px-0"
                    disabled={index === 0 || reorder.isPending}
                    onClick={() => void move(index, -1)}
                    aria-label={`Move ${category.name} up`}
                  >
                    <ArrowUp className="size-4" aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="w-8 px-0"
                    disabled={index === categories.length - 1 || reorder.isPending}
                    onClick={() => void move(index, 1)}
                    aria-label={`Move ${category.name} down`}
                  >
                    <ArrowDown className="size-4" aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setRenaming({ id: category.id, name: category.name, error: '' })}
                    aria-label={`Rename ${category.name}`}
                  >
                    <Pencil className="size-4" aria-hidden="true" /> <span className="max-sm:sr-only">Rename</span>
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setDeleting(category)}
                    aria-label={`Delete ${category.name}`}
                  >
                    <Trash2 className="size-4" aria-hidden="true" /> <span className="max-sm:sr-only">Delete</span>
                  </Button>
                </span>
              </li>
            ),
          )}
        </ol>
      )}
      {categories.length < MENU_CATEGORY_LIMITS.perRestaurant && (
        <form onSubmit={onAdd} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <TextField
            label="New category"
            name="newCategory"
            placeholder="Burritos"
            autoComplete="off"
            className="flex-1"
            maxLength={MENU_CATEGORY_LIMITS.nameLength}
            value={newName}
            error={newError || undefined}
            onChange={(e) => {
              setNewName(e.target.value);
              setNewError('');
            }}
          />
          <Button
            type="submit"
            variant="secondary"
            className="self-start sm:mt-[1.625rem]"
            isLoading={create.isPending}
          >
            <Plus className="size-4" aria-hidden="true" /> Add category
          </Button>
        </form>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the category “${deleting?.name ?? ''}”?`}
        description={
          deleting && countOf(deleting.id) > 0
            ? `Its ${dishCount(countOf(deleting.id))} stay on your menu, under “${OTHER_CATEGORY}”.`
            : 'It has no dishes.'
        }
        confirmLabel="Delete category"
        tone="danger"
        isConfirming={remove.isPending}
        onConfirm={() => void onDelete()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
