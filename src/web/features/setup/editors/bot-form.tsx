import { botPreferencesSchema, type BotPreferencesResponse } from '@shared/contracts/restaurant';
import { LANGUAGES } from '@shared/domain/languages';
import { SelectField, TextAreaField } from '@web/components/form-field';
import { useSaveBot } from '../setup-api';
import { useDraft } from '@web/lib/drafts';
import type { EditorProps } from './editor-props';
import { EditorFooter } from './editor-footer';
import { bindField, useEditorSubmit } from './use-editor-form';
import { useUnsavedChanges } from '../unsaved-changes';

export function BotForm({ bot, mode, onSaved, back }: EditorProps & { bot: BotPreferencesResponse }) {
  const save = useSaveBot();
  const [values, setValues, clearDraft] = useDraft(mode === 'wizard' ? 'bot' : null, {
    language: bot.language,
    greetingMessage: bot.greetingMessage,
    busyMessage: bot.busyMessage,
  });
  const unsaved = useUnsavedChanges(values);
  const { errors, setErrors, onSubmit } = useEditorSubmit({
    schema: botPreferencesSchema,
    save: (data) => save.mutateAsync(data),
    clearDraft,
    mode,
    onSaved,
    savedMessage: 'Bot preferences saved',
    failedMessage: 'Failed to save bot preferences',
    unsaved,
  });
  const field = bindField(values, setValues, errors, setErrors);

  return (
    <form onSubmit={onSubmit(values)} noValidate className="flex flex-col gap-4">
      <SelectField
        label="Language"
        hint="The assistant speaks with callers, and texts customers, in this language."
        options={LANGUAGES.map((l) => ({ value: l.code, label: l.label }))}
        {...field('language')}
      />
      <TextAreaField label="Greeting" hint="The first thing callers hear." required {...field('greetingMessage')} />
      <TextAreaField
        label="Busy message"
        hint="What callers hear when you switch on Busy Mode from the dashboard."
        required
        {...field('busyMessage')}
      />
      <EditorFooter mode={mode} back={back} isSaving={save.isPending} />
    </form>
  );
}
