import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { CheckboxField } from '@web/components/form-field';
import { allowCustomOrders } from '@web/lib/local-settings';
import { useSaveMessagingPreferences } from '../setup-api';
import { errorMessage } from '../form-errors';
import type { EditorProps } from './editor-props';
import { EditorFooter } from './editor-footer';
import { useUnsavedChanges } from '../unsaved-changes';

export function PreferencesForm({
  autoSmsEnabled,
  allowCustomOrders: allowCustom,
  mode,
  onSaved,
  back,
}: EditorProps & { autoSmsEnabled: boolean; allowCustomOrders: boolean }) {
  const save = useSaveMessagingPreferences();
  // The server's value is the one the assistant follows, so it is the one shown.
  const [values, setValues] = useState({ allowCustom, autoSms: autoSmsEnabled });
  const unsaved = useUnsavedChanges(values);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      await save.mutateAsync({ autoSmsEnabled: values.autoSms, allowCustomOrders: values.allowCustom });
      unsaved.markSaved(values);
      // Still written to this browser too, for anything that reads the older, browser-local copy.
      allowCustomOrders.set(values.allowCustom);
      if (mode === 'settings') toast.success('Preferences saved');
      await onSaved?.();
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to save preferences'));
    }
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-5">
      <CheckboxField
        label="Allow custom orders"
        description="Callers may ask for something that is not on the menu; it arrives as a custom order in their own words, marked for review."
        checked={values.allowCustom}
        onChange={(e) => setValues((v) => ({ ...v, allowCustom: e.target.checked }))}
      />
      <CheckboxField
        label="Automatic SMS notifications"
        description="Text customers when their order is being prepared and when it is ready for pickup."
        checked={values.autoSms}
        onChange={(e) => setValues((v) => ({ ...v, autoSms: e.target.checked }))}
      />
      <EditorFooter mode={mode} back={back} isSaving={save.isPending} />
    </form>
  );
}
