import { useEffect, useRef, useState } from 'react';
import clsx from 'clsx';
import { X } from 'lucide-react';
import { businessHoursSchema } from '@shared/contracts/restaurant';
import { DAYS_OF_WEEK, isOvernight, type DayHours } from '@shared/domain/hours';
import { useSaveHours } from '../setup-api';
import { useDraft } from '@web/lib/drafts';
import type { EditorProps } from './editor-props';
import { EditorFooter } from './editor-footer';
import { useEditorSubmit } from './use-editor-form';
import { useUnsavedChanges } from '../unsaved-changes';

const toInput = (time: string) => time.slice(0, 5);

/** A day as the form edits it: 'HH:MM' times; the second period is null until the owner adds one. */
interface DayDraft {
  dayOfWeek: number;
  openTime: string;
  closeTime: string;
  openTime2: string | null;
  closeTime2: string | null;
  isClosed: boolean;
}

const toDraft = (h: DayHours): DayDraft => ({
  dayOfWeek: h.dayOfWeek,
  openTime: toInput(h.openTime),
  closeTime: toInput(h.closeTime),
  openTime2: h.openTime2 ? toInput(h.openTime2) : null,
  closeTime2: h.closeTime2 ? toInput(h.closeTime2) : null,
  isClosed: h.isClosed,
});

// A draft kept from before second periods existed has no openTime2 at all.
const hasSecondPeriod = (day: DayDraft) => day.openTime2 != null;

type TimeField = 'openTime' | 'closeTime' | 'openTime2' | 'closeTime2';
const fieldId = (dayOfWeek: number, field: TimeField) =>
  ({ openTime: 'open', closeTime: 'close', openTime2: 'open2', closeTime2: 'close2' })[field] + `-${dayOfWeek}`;

export function HoursForm({ hours, mode, onSaved, back }: EditorProps & { hours: DayHours[] }) {
  const save = useSaveHours();
  const [days, setDays, clearDraft] = useDraft(mode === 'wizard' ? 'hours' : null, hours.map(toDraft));
  const unsaved = useUnsavedChanges({ hours: days });
  const { errors, setErrors, onSubmit } = useEditorSubmit({
    schema: businessHoursSchema,
    save: (data) => save.mutateAsync(data.hours),
    clearDraft,
    mode,
    onSaved,
    savedMessage: 'Business hours saved',
    failedMessage: 'Failed to save business hours',
    unsaved,
  });

  const [copied, setCopied] = useState<{ dayOfWeek: number; before: DayDraft[] } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // After a refused save, the first field to fix gets the focus (errors are cleared by any edit).
  useEffect(() => {
    if (Object.values(errors).some(Boolean)) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [errors]);

  const update = (index: number, patch: Partial<DayDraft>) => {
    setDays((current) => current.map((d, i) => (i === index ? { ...d, ...patch } : d)));
    setErrors({});
    setCopied(null);
  };

  const addSecondPeriod = (index: number, dayOfWeek: number) => {
    update(index, { openTime2: '', closeTime2: '' });
    requestAnimationFrame(() => document.getElementById(fieldId(dayOfWeek, 'openTime2'))?.focus());
  };

  const removeSecondPeriod = (index: number, dayOfWeek: number) => {
    update(index, { openTime2: null, closeTime2: null });
    requestAnimationFrame(() => document.getElementById(`add-period-${dayOfWeek}`)?.focus());
  };

  // Every day gets this day's periods; a closed day stays closed (with these hours kept for when it opens).
  const copyToAllDays = (source: DayDraft) => {
    setCopied({ dayOfWeek: source.dayOfWeek, before: days });
    setDays((current) =>
      current.map((d) => ({
        ...d,
        openTime: source.openTime,
        closeTime: source.closeTime,
        openTime2: source.openTime2 ?? null,
        closeTime2: source.closeTime2 ?? null,
      })),
    );
    setErrors({});
  };

  const undoCopy = () => {
    if (!copied) return;
    setDays(copied.before);
    setCopied(null);
    document.getElementById(`copy-hours-${copied.dayOfWeek}`)?.focus();
  };

  const copiedMessage = copied ? `${DAYS_OF_WEEK[copied.dayOfWeek]}’s hours copied to every day.` : '';
  const formError = errors.hours ?? errors._form;

  return (
    <form ref={formRef} onSubmit={onSubmit({ hours: days })} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-stone-600">
        Up to two periods a day, for example lunch and dinner. A closing time earlier than the opening time is after
        midnight: 18:00 to 02:00 closes at 2 in the morning.
      </p>
      <p role="status" className="sr-only">
        {copiedMessage}
      </p>
      <fieldset className="divide-y divide-stone-100 rounded-xl border border-stone-200">
        <legend className="sr-only">Opening hours for each day</legend>
        {days.map((day, index) => {
          const name = DAYS_OF_WEEK[day.dayOfWeek]!;
          const errorOf = (field: TimeField) => (day.isClosed ? undefined : errors[`hours.${index}.${field}`]);
          const errorId = (field: TimeField) => `hours-error-${fieldId(day.dayOfWeek, field)}`;
          const second = hasSecondPeriod(day);

          const timeInput = (field: TimeField, label: string, hintId?: string) => {
            const error = errorOf(field);
            const describedBy = [error ? errorId(field) : null, hintId].filter(Boolean).join(' ');
            return (
              <>
                <label className="sr-only" htmlFor={fieldId(day.dayOfWeek, field)}>
                  {name} {label}
                </label>
                <input
                  id={fieldId(day.dayOfWeek, field)}
                  type="time"
                  value={day[field] ?? ''}
                  disabled={day.isClosed}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy || undefined}
                  onChange={(e) => update(index, { [field]: e.target.value })}
                  className={clsx(
                    'h-9 w-full min-w-0 rounded-lg border px-2 text-sm',
                    error ? 'border-red-500' : 'border-stone-300',
                  )}
                />
              </>
            );
          };

          const periodRow = (open: 'openTime' | 'openTime2', close: 'closeTime' | 'closeTime2') => {
            const isSecond = open === 'openTime2';
            const openTime = day[open];
            const closeTime = day[close];
            const overnight =
              !!openTime && !!closeTime && openTime !== closeTime && isOvernight({ openTime, closeTime });
            const hintId = `next-day-${fieldId(day.dayOfWeek, close)}`;
            return (
              <div className="flex flex-col gap-1">
                {/* Opening, "to", closing; below them "Remove" (second period) and "next day" (past midnight). */}
                <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center justify-start gap-x-2 gap-y-0.5 sm:grid-cols-[9rem_auto_9rem]">
                  {timeInput(open, isSecond ? 'second opening time' : 'opening time')}
                  <span aria-hidden="true" className="text-stone-500">
                    to
                  </span>
                  {timeInput(close, isSecond ? 'second closing time' : 'closing time', overnight ? hintId : undefined)}
                  {isSecond && !day.isClosed && (
                    <button
                      type="button"
                      onClick={() => removeSecondPeriod(index, day.dayOfWeek)}
                      className="col-start-1 inline-flex items-center gap-1 justify-self-start py-0.5 text-xs font-medium text-stone-600 hover:text-stone-900 hover:underline"
                    >
                      <X className="size-3.5" aria-hidden="true" />
                      Remove<span className="sr-only"> {name}’s second period</span>
                    </button>
                  )}
                  {overnight && (
                    <span id={hintId} className="col-start-3 text-xs text-stone-500">
                      next day
                    </span>
                  )}
                </div>
                {([open, close] as const).map((field) => {
                  const error = errorOf(field);
                  return error ? (
                    <p key={field} id={errorId(field)} role="alert" className="text-xs font-medium text-red-700">
                      {name}: {error}
                    </p>
                  ) : null;
                })}
              </div>
            );
          };

          return (
            <div key={day.dayOfWeek} className="flex flex-col gap-2 px-3 py-3 sm:flex-row sm:items-start sm:gap-4">
              <div className="flex shrink-0 items-center justify-between gap-3 sm:h-9 sm:w-52 sm:pr-4">
                <span className="font-medium text-stone-800">{name}</span>
                <label className="flex items-center gap-2 text-sm text-stone-600">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-700"
                    checked={day.isClosed}
                    onChange={(e) => update(index, { isClosed: e.target.checked })}
                  />
                  Closed
                </label>
              </div>
              <div className={clsx('flex min-w-0 flex-1 flex-col gap-2', day.isClosed && 'opacity-50')}>
                {periodRow('openTime', 'closeTime')}
                {second && periodRow('openTime2', 'closeTime2')}
                {!day.isClosed && (
                  <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                    {!second && (
                      <button
                        type="button"
                        id={`add-period-${day.dayOfWeek}`}
                        onClick={() => addSecondPeriod(index, day.dayOfWeek)}
                        className="font-medium text-brand-700 hover:underline"
                      >
                        Add a second period<span className="sr-only"> on {name}</span>
                      </button>
                    )}
                    <button
                      type="button"
                      id={`copy-hours-${day.dayOfWeek}`}
                      onClick={() => copyToAllDays(day)}
                      className="font-medium text-brand-700 hover:underline"
                    >
                      Copy to all days<span className="sr-only"> from {name}</span>
                    </button>
                  </div>
                )}
                {copied?.dayOfWeek === day.dayOfWeek && (
                  <p className="flex flex-wrap items-center gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-stone-700">
                    {copiedMessage} Closed days stay closed.
                    <button type="button" onClick={undoCopy} className="font-semibold text-brand-800 underline">
                      Undo
                    </button>
                  </p>
                )}
              </div>
            </div>
          );
        })}
      </fieldset>
      {formError && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {formError}
        </p>
      )}
      <EditorFooter mode={mode} back={back} isSaving={save.isPending} />
    </form>
  );
}
