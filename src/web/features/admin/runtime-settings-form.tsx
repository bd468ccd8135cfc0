import { useState, type FormEvent } from 'react';
import { Save } from 'lucide-react';
import { appSettingsSchema, type AppSettingsRequest, type SavedAppSettings } from '@shared/contracts/admin';
import { APP_SETTING_LIMITS, type AppSettings } from '@shared/domain/app-settings';
import { formatCents, readDollars } from '@shared/domain/money';
import { Button } from '@web/components/button';
import { FormAlert, TextField } from '@web/components/form-field';
import { ApiError } from '@web/lib/api';
import { useUnsavedChanges } from '@web/features/setup/unsaved-changes';
import { formatDateTime } from './admin-format';
import { useSaveAppSettings } from './use-admin-operations';

type SettingKey = keyof AppSettings;
/** What the fields hold: text as typed, the total in dollars. */
type FormValues = Record<SettingKey, string>;
type FieldErrors = Partial<Record<SettingKey, string>>;

const SETTING_KEYS: SettingKey[] = ['trialDays', 'maxQuantityPerLine', 'maxLines', 'maxTotalCents'];

const { trialDays, maxQuantityPerLine, maxLines, maxTotalCents } = APP_SETTING_LIMITS;
const FIELDS: Record<SettingKey, { label: string; hint: string; inputMode: 'numeric' | 'decimal' }> = {
  trialDays: {
    label: 'Trial length for new accounts (days)',
    hint: `Accounts created from now on. ${trialDays.min} to ${trialDays.max} days.`,
    inputMode: 'numeric',
  },
  maxQuantityPerLine: {
    label: 'Most of one item per line',
    hint: `The phone assistant's cap for restaurants without their own. ${maxQuantityPerLine.min} to ${maxQuantityPerLine.max}.`,
    inputMode: 'numeric',
  },
  maxLines: {
    label: 'Most lines per order',
    hint: `${maxLines.min} to ${maxLines.max}.`,
    inputMode: 'numeric',
  },
  maxTotalCents: {
    label: 'Largest order total (dollars)',
    hint: `${formatCents(maxTotalCents.min, { omitZeroCents: true })} to ${formatCents(maxTotalCents.max, { omitZeroCents: true })}.`,
    inputMode: 'decimal',
  },
};

/** Whole dollars without cents ('250'), otherwise both digits ('250.50'). */
function dollarsText(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

function toFormValues(settings: AppSettings): FormValues {
  return {
    trialDays: String(settings.trialDays),
    maxQuantityPerLine: String(settings.maxQuantityPerLine),
    maxLines: String(settings.maxLines),
    maxTotalCents: dollarsText(settings.maxTotalCents),
  };
}

/** An empty or non-numeric field reads as NaN, which the contract words as "must be a whole number". */
const wholeNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** The form's text → the request, checked with the same contract the API uses. */
export function readSettingsForm(
  values: FormValues,
): { ok: true; settings: AppSettingsRequest } | { ok: false; errors: FieldErrors } {
  const dollars = readDollars(values.maxTotalCents);
  const dollarsError = dollars.ok ? undefined : 'Largest order total must be an amount in dollars, like 250 or 250.50';
  const parsed = appSettingsSchema.safeParse({
    trialDays: wholeNumber(values.trialDays),
    maxQuantityPerLine: wholeNumber(values.maxQuantityPerLine),
    maxLines: wholeNumber(values.maxLines),
    maxTotalCents: dollars.ok ? dollars.cents : 0,
  });
  const errors: FieldErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as SettingKey;
      errors[key] ??= issue.message;
    }
  }
  if (dollarsError) errors.maxTotalCents = dollarsError;
  if (parsed.success && !dollarsError) return { ok: true, settings: parsed.data };
  return { ok: false, errors };
}

/** The runtime settings, kept in the database; a change applies from the next account or call on. */
export function RuntimeSettingsForm({ settings }: { settings: SavedAppSettings }) {
  const save = useSaveAppSettings();
  const serverValues = toFormValues(settings);
  const [values, setValues] = useState<FormValues>(serverValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { isDirty, markSaved } = useUnsavedChanges(values);

  // Saved elsewhere (another admin, another tab): the form follows, unless it holds edits of its own.
  const serverKey = JSON.stringify(serverValues);
  const [seenKey, setSeenKey] = useState(serverKey);
  if (serverKey !== seenKey) {
    setSeenKey(serverKey);
    if (!isDirty) {
      setValues(serverValues);
      markSaved(serverValues);
    }
  }

  const change = (key: SettingKey, text: string) => {
    setValues((current) => ({ ...current, [key]: text }));
    setErrors((current) => ({ ...current, [key]: undefined }));
    setFormError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readSettingsForm(values);
    if (!read.ok) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    setFormError(null);
    save.mutate(read.settings, {
      onSuccess: (saved) => {
        const next = toFormValues(saved);
        setValues(next);
        markSaved(next);
        setSeenKey(JSON.stringify(next));
      },
      onError: (error) => {
        const field = error instanceof ApiError ? error.field : undefined;
        if (field && (SETTING_KEYS as string[]).includes(field)) setErrors({ [field]: error.message });
        else setFormError(error.message);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Runtime settings">
      {formError && <FormAlert>{formError}</FormAlert>}
      <div className="grid gap-4 sm:grid-cols-2">
        {SETTING_KEYS.map((key) => (
          <TextField
            key={key}
            label={FIELDS[key].label}
            hint={FIELDS[key].hint}
            error={errors[key]}
            inputMode={FIELDS[key].inputMode}
            value={values[key]}
            onChange={(event) => change(key, event.target.value)}
          />
        ))}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-stone-500">
          {settings.updatedAt ? `Last saved ${formatDateTime(settings.updatedAt)}` : 'Built-in defaults in use'}
        </p>
        <Button type="submit" disabled={!isDirty} isLoading={save.isPending}>
          {!save.isPending && <Save className="size-4" aria-hidden="true" />}
          Save settings
        </Button>
      </div>
    </form>
  );
}
