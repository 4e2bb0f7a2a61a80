import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId } from 'react';

/**
 * A field's error message ('Required', 'Not a valid email address'), linked to its input by id
 * so screen readers read it with the field.
 *
 * @example <FieldError id={errorId} message={errors.email} />
 */
export function FieldError({ id, message }: { id?: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error">
      {message}
    </p>
  );
}

/** What FormField hands its control so label, hint and error are wired up. */
export interface ControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

export interface FormFieldProps {
  label: ReactNode;
  /** Shown under the control in red, replacing nothing: the hint stays. */
  error?: string | null;
  hint?: ReactNode;
  /** Marks the label; validation itself belongs to the engine's schema. */
  required?: boolean;
  children: (control: ControlProps) => ReactNode;
}

/**
 * Label, control, hint and error of one form field. The control is a render prop so any input
 * (text, select, a date picker later) gets the same ids and aria wiring.
 *
 * @example
 * <FormField label="Name" error={errors.name}>{(control) => <input {...control} className="input" />}</FormField>
 */
export function FormField({ label, error, hint, required, children }: FormFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`form-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id} className="form-label">
        {label}
        {required ? (
          <span className="form-required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId ?? undefined} className="form-hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId ?? undefined} message={error} />
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> &
  Pick<FormFieldProps, 'label' | 'error' | 'hint' | 'required'>;

/**
 * A labelled text input with its error.
 *
 * @example <TextField label="Email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
 */
export function TextField({ label, error, hint, required, className, ...input }: TextFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} required={required}>
      {(control) => (
        <input {...control} {...input} className={['input', className].filter(Boolean).join(' ')} />
      )}
    </FormField>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> &
  Pick<FormFieldProps, 'label' | 'error' | 'hint' | 'required'> & {
    options: readonly { value: string; label: string }[];
  };

/**
 * A labelled select with its error.
 *
 * @example <SelectField label="Template" value={t} onChange={…} options={[{ value: 'Default', label: 'Default' }]} />
 */
export function SelectField({
  label,
  error,
  hint,
  required,
  options,
  className,
  ...select
}: SelectFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} required={required}>
      {(control) => (
        <select
          {...control}
          {...select}
          className={['input', 'select', className].filter(Boolean).join(' ')}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
