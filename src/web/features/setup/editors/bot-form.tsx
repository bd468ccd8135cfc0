import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { LANGUAGES, botPreferencesSchema, type BotPreferencesResponse } from '@shared/contracts/restaurant';
import { Button } from '@web/components/button';
import { SelectField, TextAreaField } from '@web/components/form-field';
import { useSaveBot } from '../setup-api';
import { useDraft } from '@web/lib/drafts';
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from '../form-errors';
import { submitLabel, type EditorProps } from './editor-props';

export function BotForm({ bot, mode, onSaved, back }: EditorProps & { bot: BotPreferencesResponse }) {
  const save = useSaveBot();
  const [values, setValues, clearDraft] = useDraft(mode === 'wizard' ? 'bot' : null, {
    language: bot.language,
    greetingMessage: bot.greetingMessage,
    busyMessage: bot.busyMessage,
  });
  const [errors, setErrors] = useState<FieldErrors>({});

  const field = (name: keyof typeof values) => ({
    value: values[name],
    error: errors[name],
    onChange: (e: React.ChangeEvent<HTMLTextAreaElement | HTMLSelectElement>) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setErrors((errs) => ({ ...errs, [name]: '' }));
    },
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = botPreferencesSchema.safeParse(values);
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    try {
      await save.mutateAsync(parsed.data);
      clearDraft();
      if (mode === 'settings') toast.success('Bot preferences saved');
      await onSaved?.();
    } catch (error) {
      setErrors(apiFieldErrors(error));
      toast.error('Failed to save bot preferences');
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <SelectField
        label="Language"
        name="language"
        hint="The assistant speaks with callers, and texts customers, in this language."
        options={LANGUAGES.map((l) => ({ value: l.code, label: l.label }))}
        {...field('language')}
      />
      <TextAreaField
        label="Greeting"
        name="greetingMessage"
        hint="The first thing callers hear."
        required
        {...field('greetingMessage')}
      />
      <TextAreaField
        label="Busy message"
        name="busyMessage"
        hint="What callers hear when you switch on Busy Mode from the dashboard."
        required
        {...field('busyMessage')}
      />
      <div className="flex items-center justify-between gap-3">
        {back ?? <span />}
        <Button type="submit" isLoading={save.isPending}>
          {submitLabel(mode)}
        </Button>
      </div>
    </form>
  );
}
