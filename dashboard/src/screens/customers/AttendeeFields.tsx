/*
 * The inputs of an attendee form, one per custom field (docs/data-model.md field types), and the
 * read-only answers of the View tab. Values are form values: currency in major units, numbers as
 * typed; the engine's attendee schema converts them when the form is saved.
 */
import { useId, useState } from 'react';
import type { Attendee, Field } from '../../../../api-client/index.ts';
import { describeFailure } from '../../../../api-client/index.ts';
import {
  checkUpload,
  formatCivilDate,
  formatMoney,
  formatTime,
  messages,
  minorToMajor,
  type UploadKind,
} from '../../../../engine/index.ts';
import { api } from '../../api.ts';
import { Badge } from '../../components/Badge.tsx';
import { type ControlProps, FieldError, FormField } from '../../components/FormField.tsx';
import { Checkbox, text } from '../activities/form.tsx';
import { useVenues } from '../activities/queries.ts';

export type AttendeeValues = Record<string, unknown>;

const UPLOAD_PATHS: Record<UploadKind, string> = {
  image: '/api/file-uploads/file-upload-image',
  attachment: '/api/file-uploads/attachment',
  document: '/api/file-uploads/file-upload-document',
  singleImage: '/api/file-uploads/image',
};
const UPLOAD_FIELD: Record<UploadKind, string> = {
  image: 'file',
  attachment: 'attachment',
  document: 'file',
  singleImage: 'image',
};

type Pair = Record<string, unknown> | null | undefined;
const part = (value: unknown, key: string) => text((value as Pair)?.[key]);

/** A saved attendee's answers as form values (currency back to major units). */
export function attendeeFormValues(fields: readonly Field[], attendee: Attendee): AttendeeValues {
  const values: AttendeeValues = {};
  for (const field of fields) {
    const value = attendee.fieldData[field._id];
    if (value === undefined || value === null) continue;
    values[field._id] =
      field.type === 'currency' && typeof value === 'number' ? String(minorToMajor(value)) : value;
  }
  return values;
}

/** The answers to send: blanks left out, so an empty optional field is simply not answered. */
export function attendeeFieldData(values: AttendeeValues) {
  return Object.entries(values)
    .filter(([, value]) => {
      if (value === undefined || value === null) return false;
      if (typeof value === 'string') return value.trim() !== '';
      if (Array.isArray(value)) return value.length > 0;
      return true;
    })
    .map(([field, value]) => ({ field, value: typeof value === 'string' ? value.trim() : value }));
}

function FileInput({
  field,
  value,
  onChange,
  control,
}: {
  field: Field;
  value: unknown;
  onChange: (value: string[]) => void;
  control: ControlProps;
}) {
  const ids = Array.isArray(value) ? (value as string[]) : [];
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const problemId = useId();
  const kind = (field.uploadType ?? 'attachment') as UploadKind;
  const upload = async (file: File | undefined) => {
    const refused = checkUpload({
      kind,
      file,
      currentCount: ids.length,
      maxFiles: field.maxFiles,
    });
    setProblem(refused);
    if (refused || !file) return;
    const form = new FormData();
    form.append(UPLOAD_FIELD[kind], file);
    setBusy(true);
    try {
      const saved = await describeFailure(api.upload<{ _id: string }>(UPLOAD_PATHS[kind], form), {
        prefix: '',
        bare: '',
      });
      onChange([...ids, saved._id]);
    } catch (error) {
      setProblem(messages.errorUploadingFile((error as { reason?: string | null }).reason));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <input
        {...control}
        aria-describedby={
          [control['aria-describedby'], problem && problemId].filter(Boolean).join(' ') || undefined
        }
        type="file"
        className="input"
        disabled={busy}
        onChange={(event) => {
          void upload(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {ids.length ? (
        <ul className="plain-list">
          {ids.map((id, index) => (
            <li key={id}>
              <a href={`/api/asset?fileId=${id}`} target="_blank" rel="noreferrer">
                File {index + 1}
              </a>{' '}
              <button
                type="button"
                className="link-button"
                onClick={() => onChange(ids.filter((x) => x !== id))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {/* An upload fails after the parent has moved on from the picker: announce it. */}
      {problem ? (
        <p id={problemId} className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/**
 * One labelled input for one attendee field, with its error and the 'Admin only' badge.
 *
 * @example <AttendeeFieldInput field={field} value={values[field._id]} error={errors[`fieldData.${field._id}`]} onChange={set} />
 */
export function AttendeeFieldInput({
  field,
  value,
  error,
  onChange,
}: {
  field: Field;
  value: unknown;
  error?: string;
  onChange: (value: unknown) => void;
}) {
  const venues = useVenues();
  const errorId = useId();
  const options = field.fieldOptions.filter((o) => o.enabled);
  const label = (
    <>
      {field.title}
      {field.adminOnly ? (
        <>
          {' '}
          <Badge tone="warning">{messages.adminOnlyBadge}</Badge>
        </>
      ) : null}
    </>
  );
  if (field.type === 'checkboxSingle') {
    return (
      <div className={`form-field${error ? ' has-error' : ''}`}>
        <Checkbox
          label={label}
          checked={value === true}
          onChange={onChange}
          hint={field.helpText ?? undefined}
          errorId={error ? errorId : undefined}
        />
        <FieldError id={errorId} message={error} />
      </div>
    );
  }
  if (field.type === 'checkboxMultiple') {
    const chosen = Array.isArray(value) ? (value as string[]) : [];
    return (
      <fieldset
        className={`form-field fieldset${error ? ' has-error' : ''}`}
        aria-describedby={error ? errorId : undefined}
      >
        <legend className="form-label">
          {label}
          {field.required ? (
            <span className="form-required" aria-hidden="true">
              {' '}
              *
            </span>
          ) : null}
        </legend>
        <div className="check-list">
          {options.map((o) => (
            <Checkbox
              key={o._id}
              label={o.name}
              checked={chosen.includes(o._id)}
              onChange={(on) =>
                onChange(on ? [...chosen, o._id] : chosen.filter((id) => id !== o._id))
              }
            />
          ))}
        </div>
        {field.helpText ? <p className="form-hint">{field.helpText}</p> : null}
        <FieldError id={errorId} message={error} />
      </fieldset>
    );
  }
  return (
    <FormField
      label={label}
      required={field.required}
      error={error}
      hint={field.helpText ?? undefined}
    >
      {(control) => {
        switch (field.type) {
          case 'textarea':
            return (
              <textarea
                {...control}
                className="input"
                rows={3}
                value={text(value)}
                onChange={(e) => onChange(e.target.value)}
              />
            );
          case 'selectList':
          case 'venue': {
            const choices =
              field.type === 'venue'
                ? (venues.data ?? [])
                    .filter((v) => v.enabled)
                    .map((v) => ({ _id: v._id, name: v.name }))
                : options;
            return (
              <select
                {...control}
                className="input select"
                value={text(value)}
                onChange={(e) => onChange(e.target.value)}
              >
                <option value="">Choose…</option>
                {choices.map((o) => (
                  <option key={o._id} value={o._id}>
                    {o.name}
                  </option>
                ))}
              </select>
            );
          }
          case 'date':
            return (
              <input
                {...control}
                type="date"
                className="input"
                value={text(value)}
                onChange={(e) => onChange(e.target.value)}
              />
            );
          case 'dateTime':
            return (
              <div className="form-row">
                <input
                  {...control}
                  type="date"
                  className="input"
                  value={part(value, 'date')}
                  onChange={(e) => onChange({ ...(value as object), date: e.target.value })}
                />
                <input
                  type="time"
                  className="input"
                  aria-label={`${field.title} time`}
                  value={part(value, 'time')}
                  onChange={(e) => onChange({ ...(value as object), time: e.target.value })}
                />
              </div>
            );
          case 'duration':
          case 'age': {
            const [a, b] = field.type === 'duration' ? ['hours', 'minutes'] : ['years', 'months'];
            return (
              <div className="form-row">
                <input
                  {...control}
                  type="number"
                  min={0}
                  className="input"
                  aria-label={`${field.title} ${a}`}
                  placeholder={a}
                  value={part(value, a)}
                  onChange={(e) => onChange({ ...(value as object), [a]: e.target.value })}
                />
                <input
                  type="number"
                  min={0}
                  className="input"
                  aria-label={`${field.title} ${b}`}
                  placeholder={b}
                  value={part(value, b)}
                  onChange={(e) => onChange({ ...(value as object), [b]: e.target.value })}
                />
              </div>
            );
          }
          case 'fileUpload':
            return <FileInput field={field} value={value} onChange={onChange} control={control} />;
          default: {
            const type =
              field.type === 'email'
                ? 'email'
                : field.type === 'phone'
                  ? 'tel'
                  : ['integer', 'number', 'currency'].includes(field.type)
                    ? 'number'
                    : 'text';
            return (
              <input
                {...control}
                type={type}
                step={
                  field.type === 'currency' ? '0.01' : field.type === 'number' ? 'any' : undefined
                }
                className="input"
                value={text(value)}
                onChange={(e) => onChange(e.target.value)}
              />
            );
          }
        }
      }}
    </FormField>
  );
}

/**
 * A stored answer as an admin reads it (View tab).
 *
 * @example answerText(field, 1250, { currency: 'GBP', locale: 'en-GB', dateFormat: 'dd/MM/yyyy', venues: [] }) // '£12.50'
 */
export function answerText(
  field: Field,
  value: unknown,
  opts: {
    currency: string;
    locale: string;
    dateFormat: string;
    venues: { _id: string; name: string }[];
  },
): string {
  if (value === undefined || value === null || value === '') return '—';
  const option = (id: unknown) => field.fieldOptions.find((o) => o._id === id)?.name ?? String(id);
  switch (field.type) {
    case 'currency':
      return typeof value === 'number'
        ? formatMoney(value, opts.currency, opts.locale)
        : String(value);
    case 'date':
      return formatCivilDate(String(value), opts.dateFormat);
    case 'dateTime':
      return `${formatCivilDate(part(value, 'date'), opts.dateFormat)} ${formatTime(part(value, 'time'))}`;
    case 'checkboxSingle':
      return value === true ? 'Yes' : 'No';
    case 'checkboxMultiple':
      return Array.isArray(value) ? value.map(option).join(', ') || '—' : '—';
    case 'selectList':
      return option(value);
    case 'venue':
      return opts.venues.find((v) => v._id === value)?.name ?? String(value);
    case 'duration':
      return `${part(value, 'hours') || 0}h ${part(value, 'minutes') || 0}m`;
    case 'age':
      return `${part(value, 'years') || 0} years ${part(value, 'months') || 0} months`;
    case 'fileUpload':
      return Array.isArray(value) ? `${value.length} file(s)` : '—';
    default:
      return String(value);
  }
}
