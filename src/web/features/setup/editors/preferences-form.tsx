import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { CheckboxField } from '@web/components/form-field';
import { allowCustomOrders } from '@web/lib/local-settings';
import { useSaveMessagingPreferences } from '../setup-api';
import { errorMessage } from '../form-errors';
import type { EditorProps } from './editor-props';
import { EditorFooter } from './editor-footer';

export function PreferencesForm({ autoSmsEnabled, mode, onSaved, back }: EditorProps & { autoSmsEnabled: boolean }) {
  const save = useSaveMessagingPreferences();
  const [values, setValues] = useState({ allowCustom: allowCustomOrders.get(), autoSms: autoSmsEnabled });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      await save.mutateAsync({ autoSmsEnabled: values.autoSms });
      // Custom orders are a choice of this browser's dashboard, kept on this device only.
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
        description="Callers may ask for something that is not on the menu; it arrives as a custom order with their own words. Saved on this device."
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
