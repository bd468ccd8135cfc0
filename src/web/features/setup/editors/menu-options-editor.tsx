import { useId } from 'react';
import clsx from 'clsx';
import { Plus, Trash2, X } from 'lucide-react';
import { MENU_OPTION_LIMITS, type MenuOptionGroup } from '@shared/domain/menu-options';
import { numericFromCents } from '@shared/domain/money';
import { Button } from '@web/components/button';
import { SelectField, TextField } from '@web/components/form-field';
import type { FieldErrors } from '../form-errors';

/** How callers choose: a required single choice (a size), at most one, or any number (extras). */
export type OptionKind = 'required' | 'one' | 'any';

export interface ChoiceDraft {
  key: string;
  name: string;
  /** As typed: '', '3', '+3.00', '-1.50'. */
  priceChange: string;
}

export interface OptionGroupDraft {
  key: string;
  name: string;
  kind: OptionKind;
  choices: ChoiceDraft[];
}

const KIND_OPTIONS: { value: OptionKind; label: string }[] = [
  { value: 'required', label: 'Must choose one (like a size)' },
  { value: 'one', label: 'May choose one' },
  { value: 'any', label: 'May choose any (extras)' },
];

let nextKey = 0;
const newKey = () => `draft-${++nextKey}`;

const newChoice = (): ChoiceDraft => ({ key: newKey(), name: '', priceChange: '' });
const newGroup = (): OptionGroupDraft => ({
  key: newKey(),
  name: '',
  kind: 'required',
  choices: [newChoice(), newChoice()],
});

/** '+3.00', '-1.50', or '' for no change: what the price change box shows for a saved choice. */
const priceChangeText = (cents: number) =>
  cents === 0 ? '' : `${cents > 0 ? '+' : '-'}${numericFromCents(Math.abs(cents))}`;

export function optionDrafts(groups: readonly MenuOptionGroup[]): OptionGroupDraft[] {
  return groups.map((g) => ({
    key: newKey(),
    name: g.name,
    kind: g.required ? 'required' : g.multiple ? 'any' : 'one',
    choices: g.choices.map((c) => ({ key: newKey(), name: c.name, priceChange: priceChangeText(c.priceDeltaCents) })),
  }));
}

/** The drafts as the form schema takes them. */
export function optionsInput(drafts: readonly OptionGroupDraft[]) {
  return drafts.map((g) => ({
    name: g.name,
    required: g.kind === 'required',
    multiple: g.kind === 'any',
    choices: g.choices.map((c) => ({ name: c.name, priceChange: c.priceChange })),
  }));
}

interface Props {
  groups: OptionGroupDraft[];
  onChange: (groups: OptionGroupDraft[]) => void;
  errors: FieldErrors;
  /** Clears the error shown for a field once it is edited. */
  onEdited: (field: string) => void;
}

/** Sizes and extras for one dish: each option with its choices and what each adds to the price. */
export function MenuOptionsEditor({ groups, onChange, errors, onEdited }: Props) {
  const hintId = useId();
  const update = (index: number, change: (group: OptionGroupDraft) => OptionGroupDraft) =>
    onChange(groups.map((g, i) => (i === index ? change(g) : g)));

  return (
    // A fieldset is as wide as its content by default; min-w-0 lets it shrink to a phone's width.
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-xl border border-stone-200 bg-white p-3 sm:col-span-2">
      <legend className="px-1 text-sm font-medium text-stone-800">Options (optional)</legend>
      <p id={hintId} className="-mt-1 text-xs text-stone-500">
        A size the caller must choose, or extras they may add, with what each adds to the price (+3.00, or 0).
      </p>
      {errors.options && (
        <p className="text-xs font-medium text-red-700" role="alert">
          {errors.options}
        </p>
      )}
      {groups.map((group, gi) => (
        <OptionGroupEditor
          key={group.key}
          index={gi}
          group={group}
          errors={errors}
          onEdited={onEdited}
          onChange={(change) => update(gi, change)}
          onRemove={() => onChange(groups.filter((_, i) => i !== gi))}
        />
      ))}
      {groups.length < MENU_OPTION_LIMITS.groupsPerItem && (
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          aria-describedby={hintId}
          onClick={() => onChange([...groups, newGroup()])}
        >
          <Plus className="size-4" aria-hidden="true" /> Add an option
        </Button>
      )}
    </fieldset>
  );
}

function OptionGroupEditor({
  index,
  group,
  errors,
  onEdited,
  onChange,
  onRemove,
}: {
  index: number;
  group: OptionGroupDraft;
  errors: FieldErrors;
  onEdited: (field: string) => void;
  onChange: (change: (group: OptionGroupDraft) => OptionGroupDraft) => void;
  onRemove: () => void;
}) {
  const headingId = useId();
  const path = `options.${index}`;
  const setChoice = (ci: number, change: Partial<ChoiceDraft>) =>
    onChange((g) => ({ ...g, choices: g.choices.map((c, i) => (i === ci ? { ...c, ...change } : c)) }));

  return (
    <div
      role="group"
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-stone-50 p-3"
    >
      <div className="flex items-center justify-between gap-2">
        <h4 id={headingId} className="text-sm font-semibold text-stone-800">
          Option {index + 1}
        </h4>
        <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove option ${index + 1}`}>
          <Trash2 className="size-4" aria-hidden="true" /> Remove
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Option name"
          placeholder="Size, Extras…"
          autoComplete="off"
          value={group.name}
          error={errors[`${path}.name`]}
          onChange={(e) => {
            const name = e.target.value;
            onChange((g) => ({ ...g, name }));
            onEdited(`${path}.name`);
          }}
        />
        <SelectField
          label="Callers"
          options={KIND_OPTIONS}
          value={group.kind}
          error={errors[`${path}.multiple`]}
          onChange={(e) => {
            const kind = e.target.value as OptionKind;
            onChange((g) => ({ ...g, kind }));
            onEdited(`${path}.multiple`);
          }}
        />
      </div>
      {errors[`${path}.choices`] && (
        <p className="text-xs font-medium text-red-700" role="alert">
          {errors[`${path}.choices`]}
        </p>
      )}
      <ul className="flex flex-col gap-2" aria-label={`Choices of option ${index + 1}`}>
        {group.choices.map((choice, ci) => (
          <ChoiceRow
            key={choice.key}
            number={ci + 1}
            choice={choice}
            nameError={errors[`${path}.choices.${ci}.name`]}
            priceError={errors[`${path}.choices.${ci}.priceChange`]}
            canRemove={group.choices.length > 1}
            onName={(name) => {
              setChoice(ci, { name });
              onEdited(`${path}.choices.${ci}.name`);
            }}
            onPrice={(priceChange) => {
              setChoice(ci, { priceChange });
              onEdited(`${path}.choices.${ci}.priceChange`);
            }}
            onRemove={() => onChange((g) => ({ ...g, choices: g.choices.filter((_, i) => i !== ci) }))}
          />
        ))}
      </ul>
      {group.choices.length < MENU_OPTION_LIMITS.choicesPerGroup && (
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          onClick={() => onChange((g) => ({ ...g, choices: [...g.choices, newChoice()] }))}
        >
          <Plus className="size-4" aria-hidden="true" /> Add a choice
        </Button>
      )}
    </div>
  );
}

function ChoiceRow({
  number,
  choice,
  nameError,
  priceError,
  canRemove,
  onName,
  onPrice,
  onRemove,
}: {
  number: number;
  choice: ChoiceDraft;
  nameError?: string;
  priceError?: string;
  canRemove: boolean;
  onName: (name: string) => void;
  onPrice: (priceChange: string) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const input = (error: string | undefined) =>
    clsx(
      'h-10 rounded-lg border bg-white px-3 text-sm text-stone-900 shadow-sm placeholder:text-stone-400',
      error ? 'border-red-500' : 'border-stone-300 focus:border-brand-600',
    );
  return (
    <li className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <input
          aria-label={`Choice ${number}`}
          placeholder={number === 1 ? 'Small' : number === 2 ? 'Large' : 'Choice'}
          autoComplete="off"
          value={choice.name}
          onChange={(e) => onName(e.target.value)}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${id}-name` : undefined}
          className={clsx('min-w-0 flex-1', input(nameError))}
        />
        <input
          aria-label={`Choice ${number} price change ($)`}
          placeholder="+0.00"
          inputMode="decimal"
          autoComplete="off"
          value={choice.priceChange}
          onChange={(e) => onPrice(e.target.value)}
          aria-invalid={priceError ? true : undefined}
          aria-describedby={priceError ? `${id}-price` : undefined}
          className={clsx('w-24 shrink-0 text-right tabular-nums', input(priceError))}
        />
        <Button
          variant="ghost"
          size="sm"
          className="w-8 shrink-0 px-0"
          disabled={!canRemove}
          onClick={onRemove}
          aria-label={`Remove choice ${number}`}
        >
          <X className="size-4" aria-hidden="true" />
        </Button>
      </div>
      {nameError && (
        <p id={`${id}-name`} className="text-xs font-medium text-red-700" role="alert">
          {nameError}
        </p>
      )}
      {priceError && (
        <p id={`${id}-price`} className="text-xs font-medium text-red-700" role="alert">
          {priceError}
        </p>
      )}
    </li>
  );
}
