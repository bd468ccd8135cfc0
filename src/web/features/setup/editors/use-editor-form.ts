import { useState, type ChangeEvent, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import type { ZodType } from 'zod';
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from '../form-errors';
import type { EditorProps } from './editor-props';

interface SaveFlow<In, Out> extends Pick<EditorProps, 'mode' | 'onSaved'> {
  schema: ZodType<Out, In>;
  save: (data: Out) => Promise<unknown>;
  /** Drops the wizard's unsaved draft once the server has the data. */
  clearDraft?: () => void;
  /** The spec's toasts: success is shown on the settings page only; the wizard's Continue moves on instead. */
  savedMessage: string;
  failedMessage: string;
  /** The form's unsaved-changes tracker (useUnsavedChanges): what was saved is no longer unsaved. */
  unsaved?: { markSaved: (values: NoInfer<In>) => void };
}

/**
 * What every settings editor does on submit: check with the shared contract, save, confirm, move on; or put the
 * client's or the server's reasons next to their fields.
 */
export function useEditorSubmit<In, Out>({
  schema,
  save,
  clearDraft,
  mode,
  onSaved,
  savedMessage,
  failedMessage,
  unsaved,
}: SaveFlow<In, Out>) {
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = async (values: In) => {
    const parsed = schema.safeParse(values);
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    try {
      await save(parsed.data);
      unsaved?.markSaved(values);
      clearDraft?.();
      if (mode === 'settings') toast.success(savedMessage);
      await onSaved?.();
    } catch (error) {
      setErrors(apiFieldErrors(error));
      toast.error(failedMessage);
    }
  };

  const onSubmit = (values: In) => (event: FormEvent) => {
    event.preventDefault();
    void submit(values);
  };

  return { errors, setErrors, onSubmit };
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Props for a text-like field bound to one key of a flat form; typing clears that field's error. */
export function bindField<V extends Record<string, string>>(
  values: V,
  setValues: (update: (previous: V) => V) => void,
  errors: FieldErrors,
  setErrors: (update: (previous: FieldErrors) => FieldErrors) => void,
) {
  return (name: keyof V & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: ChangeEvent<Control>) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setErrors((errs) => ({ ...errs, [name]: '' }));
    },
  });
}
