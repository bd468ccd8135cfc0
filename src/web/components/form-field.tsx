import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import clsx from 'clsx';

interface FrameProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
  id?: string;
  children: (control: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

/** Label, control, hint and error, wired so a screen reader announces the hint and the error with the control. */
function FieldFrame({ label, error, hint, className, id, children }: FrameProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint && !error ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      {children({ id: inputId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && !error && (
        <p id={hintId} className="text-xs text-stone-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs font-medium text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

const controlClasses = (error: string | undefined) =>
  clsx(
    'rounded-lg border bg-white text-sm text-stone-900 shadow-sm placeholder:text-stone-400 disabled:bg-stone-100 disabled:text-stone-500',
    error ? 'border-red-500' : 'border-stone-300 focus:border-brand-600',
  );

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

export function TextField({ label, error, hint, className, id, ...props }: FieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className} id={id}>
      {(control) => <input {...control} className={clsx('h-10 px-3', controlClasses(error))} {...props} />}
    </FieldFrame>
  );
}

export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </div>
  );
}

interface TextAreaProps extends React.TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

export function TextAreaField({ label, error, hint, className, id, ...props }: TextAreaProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className} id={id}>
      {(control) => <textarea {...control} rows={3} className={clsx('px-3 py-2', controlClasses(error))} {...props} />}
    </FieldFrame>
  );
}

interface SelectProps extends React.SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  options: readonly { value: string; label: string }[];
}

export function SelectField({ label, error, hint, options, className, id, ...props }: SelectProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className} id={id}>
      {(control) => (
        <select {...control} className={clsx('h-10 px-3', controlClasses(error))} {...props}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  description?: ReactNode;
  error?: string;
}

export function CheckboxField({ label, description, error, id, className, ...props }: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div className={clsx('flex flex-col gap-1', className)}>
      <div className="flex items-start gap-3">
        <input
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 size-4 shrink-0 rounded border-stone-300 accent-brand-700"
          {...props}
        />
        <label htmlFor={inputId} className="text-sm text-stone-800">
          <span className="font-medium">{label}</span>
          {description && <span className="block text-stone-500">{description}</span>}
        </label>
      </div>
      {error && (
        <p id={errorId} className="ml-7 text-xs font-medium text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
