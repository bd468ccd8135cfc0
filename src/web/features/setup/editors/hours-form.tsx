import clsx from 'clsx';
import { businessHoursSchema } from '@shared/contracts/restaurant';
import { DAYS_OF_WEEK, type DayHours } from '@shared/domain/hours';
import { useSaveHours } from '../setup-api';
import { useDraft } from '@web/lib/drafts';
import type { EditorProps } from './editor-props';
import { EditorFooter } from './editor-footer';
import { useEditorSubmit } from './use-editor-form';

const toInput = (time: string) => time.slice(0, 5);

export function HoursForm({ hours, mode, onSaved, back }: EditorProps & { hours: DayHours[] }) {
  const save = useSaveHours();
  const [days, setDays, clearDraft] = useDraft(
    mode === 'wizard' ? 'hours' : null,
    hours.map((h) => ({ ...h, openTime: toInput(h.openTime), closeTime: toInput(h.closeTime) })),
  );
  const { errors, setErrors, onSubmit } = useEditorSubmit({
    schema: businessHoursSchema,
    save: (data) => save.mutateAsync(data.hours),
    clearDraft,
    mode,
    onSaved,
    savedMessage: 'Business hours saved',
    failedMessage: 'Failed to save business hours',
  });

  const update = (index: number, patch: Partial<DayHours>) => {
    setDays((current) => current.map((d, i) => (i === index ? { ...d, ...patch } : d)));
    setErrors({});
  };

  return (
    <form onSubmit={onSubmit({ hours: days })} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-stone-600">
        Closing time must be later than opening time on the same day. If you stay open past midnight, set closing to
        23:59 and open the next day at 00:00.
      </p>
      <fieldset className="divide-y divide-stone-100 rounded-xl border border-stone-200">
        <legend className="sr-only">Opening hours for each day</legend>
        {days.map((day, index) => {
          const name = DAYS_OF_WEEK[day.dayOfWeek]!;
          const error = errors[`hours.${index}.closeTime`] ?? errors[`hours.${index}.openTime`];
          return (
            <div key={day.dayOfWeek} className="flex flex-col gap-2 px-3 py-3 sm:flex-row sm:items-center sm:gap-4">
              <div className="flex shrink-0 items-center justify-between sm:w-52 sm:pr-4">
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
              <div className={clsx('flex items-center gap-2', day.isClosed && 'opacity-50')}>
                <label className="sr-only" htmlFor={`open-${day.dayOfWeek}`}>
                  {name} opening time
                </label>
                <input
                  id={`open-${day.dayOfWeek}`}
                  type="time"
                  value={day.openTime}
                  disabled={day.isClosed}
                  onChange={(e) => update(index, { openTime: e.target.value })}
                  className="h-9 rounded-lg border border-stone-300 px-2 text-sm"
                />
                <span aria-hidden="true" className="text-stone-500">
                  to
                </span>
                <label className="sr-only" htmlFor={`close-${day.dayOfWeek}`}>
                  {name} closing time
                </label>
                <input
                  id={`close-${day.dayOfWeek}`}
                  type="time"
                  value={day.closeTime}
                  disabled={day.isClosed}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `hours-error-${day.dayOfWeek}` : undefined}
                  onChange={(e) => update(index, { closeTime: e.target.value })}
                  className={clsx('h-9 rounded-lg border px-2 text-sm', error ? 'border-red-500' : 'border-stone-300')}
                />
              </div>
              {error && (
                <p id={`hours-error-${day.dayOfWeek}`} role="alert" className="text-xs font-medium text-red-700">
                  {name}: {error}
                </p>
              )}
            </div>
          );
        })}
      </fieldset>
      <EditorFooter mode={mode} back={back} isSaving={save.isPending} />
    </form>
  );
}
