/*
 * 'Create attendee' (docs/rules/screens.md, docs/rules/editing-and-states.md,
 * docs/rules/forms-and-messages.md): the client's enabled, non-admin attendee fields, checked by
 * the engine before sending (required ones: 'Please complete this required field'), files uploaded
 * one at a time as they are chosen. On 201 the new attendee is handed back and the fields are
 * cleared; Cancel clears them too. Given an attendee, the same form edits it (the account area,
 * docs/rules/account.md), starting from its saved answers.
 */
import { type FormEvent, type ReactNode, useState } from 'react';
import type { ApiClient, Attendee, Field } from '../../../../api-client/index.ts';
import { messages } from '../../../../engine/messages.ts';
import { fieldDataToForm } from '../../../../engine/schemas/account.ts';
import {
  type FieldDefinition,
  normaliseFieldData,
  validateAttendeeFields,
  visibleAttendeeFields,
} from '../../../../engine/schemas/attendee.ts';
import { isBlank } from '../../../../engine/schemas/common.ts';
import { checkUpload, type UploadKind } from '../../../../engine/schemas/uploads.ts';
import { useId } from '../account/Input.tsx';
import { useStore } from '../common.tsx';
import { text } from '../text.ts';
import { Alert, LoadFailed, StepHeading, StepSkeleton, useLoad } from '../ui.tsx';

type Values = Record<string, unknown>;
type Uploaded = { _id: string; originalname: string };

/** Where each upload kind is posted, and the multipart field it goes in (docs/api/calls.md). */
const UPLOAD_ROUTES: Record<UploadKind, (fieldId: string) => [string, string]> = {
  image: () => ['/api/file-uploads/file-upload-image', 'file'],
  attachment: () => ['/api/file-uploads/attachment', 'attachment'],
  document: () => ['/api/file-uploads/file-upload-document', 'file'],
  singleImage: (id) => [`/api/file-uploads/${encodeURIComponent(id)}`, id],
};

/** A saved file's name is not part of the attendee's answers: it is shown as this. */
const SAVED_FILE = 'Saved file';

export function AttendeeForm({
  attendee,
  heading,
  onSaved,
  onCancel,
}: {
  /** The attendee to edit; without one the form creates a new attendee. */
  attendee?: Attendee;
  heading?: string;
  onSaved: (attendee: Attendee) => void;
  onCancel: () => void;
}) {
  const { api } = useStore();
  const fields = useLoad(
    () =>
      api.get<Field[]>('/api/fields?usage=attendee').catch((e) => {
        throw new Error(messages.failedToGetFields((e as { reason?: string }).reason));
      }),
    'attendee-fields',
  );
  if (fields.state.status === 'loading') return <StepSkeleton />;
  if (fields.state.status === 'error') {
    return <LoadFailed error={fields.state.error} retry={fields.reload} />;
  }
  const shown = visibleAttendeeFields(fields.state.data as unknown as FieldDefinition[], {
    admin: false,
  });
  return (
    <FormBody
      fields={shown}
      attendee={attendee}
      heading={heading ?? text.createAttendee}
      onSaved={onSaved}
      onCancel={onCancel}
    />
  );
}

function FormBody({
  fields,
  attendee,
  heading,
  onSaved,
  onCancel,
}: {
  fields: FieldDefinition[];
  attendee?: Attendee;
  heading: string;
  onSaved: (attendee: Attendee) => void;
  onCancel: () => void;
}) {
  const { api } = useStore();
  const [values, setValues] = useState<Values>(() =>
    attendee ? fieldDataToForm(fields, attendee.fieldData) : {},
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (id: string, value: unknown) => setValues((s) => ({ ...s, [id]: value }));
  const { files, upload } = useFieldUploads(api, values, set, setErrors);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const filled = Object.fromEntries(Object.entries(values).filter(([, x]) => !isBlank(x)));
    const issues = validateAttendeeFields(fields, filled, { admin: false });
    if (issues.length > 0) {
      setErrors(Object.fromEntries(issues.map((i) => [String(i.path[1]), i.message])));
      setError(messages.invalidInput);
      return;
    }
    setErrors({});
    setError(null);
    setBusy(true);
    try {
      const fieldData = Object.entries(normaliseFieldData(fields, filled)).map(
        ([field, value]) => ({ field, value }),
      );
      const saved = attendee
        ? await api.put<Attendee>(`/api/user/attendees/${encodeURIComponent(attendee._id)}`, {
            fieldData,
          })
        : await api.post<Attendee>('/api/user/attendees', { fieldData });
      setValues({});
      onSaved(saved);
    } catch (e) {
      const reason = (e as { reason?: string | null }).reason;
      setError(
        attendee ? messages.failedToSaveAttendee(reason) : messages.failedToCreateAttendee(reason),
      );
      const server = (e as { errors?: Record<string, string> }).errors ?? {};
      setErrors(
        Object.fromEntries(
          Object.entries(server).map(([k, m]) => [k.replace(/^fieldData\./, ''), m]),
        ),
      );
      setBusy(false);
    }
  };

  return (
    <form className="cw-form cw-panel" onSubmit={submit} noValidate>
      <StepHeading>{heading}</StepHeading>
      <Alert>{error}</Alert>
      {fields.map((field) => (
        <FieldInput
          key={field._id}
          field={field}
          value={values[field._id]}
          error={errors[field._id]}
          fileNames={files}
          onChange={(value) => set(field._id, value)}
          onFile={(file) => upload(field, file)}
        />
      ))}
      <div className="cw-row">
        <button
          type="button"
          className="cw-ghost"
          onClick={() => {
            setValues({});
            onCancel();
          }}
        >
          {text.cancel}
        </button>
        <button type="submit" className="cw-btn" disabled={busy}>
          {busy ? text.saving : text.save}
        </button>
      </div>
    </form>
  );
}

/**
 * Uploads for file fields, one file at a time as it is chosen: checked by the engine first, then
 * posted; the answer becomes the list of uploaded file ids. Shared by every custom field form.
 */
export function useFieldUploads(
  api: ApiClient,
  values: Values,
  set: (id: string, value: unknown) => void,
  setErrors: (update: (errors: Record<string, string>) => Record<string, string>) => void,
) {
  const [files, setFiles] = useState<Record<string, string>>({});
  const upload = async (field: FieldDefinition, file: File | undefined) => {
    const current = (values[field._id] as string[] | undefined) ?? [];
    const kind = ((field as { uploadType?: UploadKind }).uploadType ?? 'attachment') as UploadKind;
    const problem = checkUpload({
      kind,
      file,
      currentCount: current.length,
      maxFiles: field.maxFiles,
    });
    if (problem || !file) {
      setErrors((s) => ({ ...s, [field._id]: problem ?? messages.emptyDrop }));
      return;
    }
    const [path, name] = UPLOAD_ROUTES[kind](field._id);
    const form = new FormData();
    form.append(name, file);
    setErrors((s) => ({ ...s, [field._id]: text.uploading }));
    try {
      const saved = await api.upload<Uploaded>(path, form);
      setFiles((s) => ({ ...s, [saved._id]: saved.originalname }));
      set(field._id, [...current, saved._id]);
      setErrors(({ [field._id]: _, ...rest }) => rest);
    } catch (e) {
      setErrors((s) => ({
        ...s,
        [field._id]: messages.errorUploadingFile((e as { reason?: string | null }).reason),
      }));
    }
  };

  return { files, upload };
}

/** One custom field's control, labelled, with its help text and error. */
export function FieldInput({
  field,
  value,
  error,
  fileNames,
  onChange,
  onFile,
}: {
  field: FieldDefinition & { helpText?: string | null };
  value: unknown;
  error?: string;
  fileNames: Record<string, string>;
  onChange: (value: unknown) => void;
  onFile: (file: File | undefined) => void;
}) {
  const id = useId();
  const described = [field.helpText ? `${id}-h` : '', error ? `${id}-e` : '']
    .filter(Boolean)
    .join(' ');
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
    'aria-required': field.required || undefined,
  };
  const str = (value as string | undefined) ?? '';
  const options = (field.fieldOptions ?? []).filter((o) => o.enabled);
  const label = (
    <>
      {field.title}
      {field.required && <span aria-hidden="true"> *</span>}
    </>
  );
  let control: ReactNode;
  switch (field.type) {
    case 'textarea':
      control = (
        <textarea {...common} value={str} onInput={(e) => onChange(e.currentTarget.value)} />
      );
      break;
    case 'selectList':
      control = (
        <select {...common} value={str} onChange={(e) => onChange(e.currentTarget.value)}>
          <option value="" />
          {options.map((o) => (
            <option key={o._id} value={o._id}>
              {o.name}
            </option>
          ))}
        </select>
      );
      break;
    case 'checkboxSingle':
      return (
        <div className="cw-field">
          <label className="cw-check">
            <input
              {...common}
              type="checkbox"
              checked={value === true}
              onChange={(e) => onChange(e.currentTarget.checked)}
            />
            <span>{label}</span>
          </label>
          <Help id={id} field={field} error={error} />
        </div>
      );
    case 'checkboxMultiple': {
      const chosen = (value as string[] | undefined) ?? [];
      return (
        <fieldset className="cw-field" aria-describedby={described || undefined}>
          <legend>{label}</legend>
          {options.map((o) => (
            <label key={o._id} className="cw-check">
              <input
                type="checkbox"
                checked={chosen.includes(o._id)}
                onChange={(e) =>
                  onChange(
                    e.currentTarget.checked
                      ? [...chosen, o._id]
                      : chosen.filter((x) => x !== o._id),
                  )
                }
              />
              <span>{o.name}</span>
            </label>
          ))}
          <Help id={id} field={field} error={error} />
        </fieldset>
      );
    }
    case 'fileUpload': {
      const ids = (value as string[] | undefined) ?? [];
      control = (
        <>
          <input {...common} type="file" onChange={(e) => onFile(e.currentTarget.files?.[0])} />
          {ids.length > 0 && (
            <ul className="cw-files">
              {ids.map((fileId) => (
                <li key={fileId}>
                  {fileNames[fileId] ?? SAVED_FILE}{' '}
                  <button
                    type="button"
                    className="cw-ghost"
                    aria-label={text.removeFile(fileNames[fileId] ?? SAVED_FILE)}
                    onClick={() => onChange(ids.filter((x) => x !== fileId))}
                  >
                    {text.remove}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      );
      break;
    }
    case 'duration':
    case 'age':
    case 'dateTime': {
      const parts =
        field.type === 'duration'
          ? (['hours', 'minutes'] as const)
          : field.type === 'age'
            ? (['years', 'months'] as const)
            : (['date', 'time'] as const);
      const current = (value as Record<string, string> | undefined) ?? {};
      return (
        <fieldset className="cw-field" aria-describedby={described || undefined}>
          <legend>{label}</legend>
          <div className="cw-row cw-row-start">
            {parts.map((part) => (
              <label key={part} className="cw-part">
                <span>{part}</span>
                <input
                  type={part === 'date' ? 'date' : part === 'time' ? 'time' : 'text'}
                  inputMode={part === 'date' || part === 'time' ? undefined : 'numeric'}
                  value={current[part] ?? ''}
                  onInput={(e) => onChange({ ...current, [part]: e.currentTarget.value })}
                />
              </label>
            ))}
          </div>
          <Help id={id} field={field} error={error} />
        </fieldset>
      );
    }
    default: {
      const type =
        field.type === 'email'
          ? 'email'
          : field.type === 'phone'
            ? 'tel'
            : field.type === 'date'
              ? 'date'
              : 'text';
      const numeric = ['number', 'integer', 'currency'].includes(field.type);
      control = (
        <input
          {...common}
          type={type}
          inputMode={numeric ? 'decimal' : undefined}
          value={str}
          onInput={(e) => onChange(e.currentTarget.value)}
        />
      );
    }
  }
  return (
    <div className="cw-field">
      <label htmlFor={id}>{label}</label>
      {control}
      <Help id={id} field={field} error={error} />
    </div>
  );
}

function Help({
  id,
  field,
  error,
}: {
  id: string;
  field: { helpText?: string | null };
  error?: string;
}) {
  return (
    <>
      {field.helpText && (
        <span id={`${id}-h`} className="cw-help">
          {field.helpText}
        </span>
      )}
      {error && (
        <span id={`${id}-e`} className="cw-field-error">
          {error}
        </span>
      )}
    </>
  );
}
