import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Field } from '../../../../api-client/index.ts';
import { describeFailure } from '../../../../api-client/index.ts';
import {
  canChangeFieldType,
  canDeleteFieldOption,
  canDisableFieldOption,
  customFieldSchema,
  customFieldVisibleFields,
  FIELD_TYPE_LABELS,
  FIELD_TYPES,
  fieldOptionSchema,
  type Guard,
  messages,
  UPLOAD_TYPES,
} from '../../../../engine/index.ts';
import { api, type FieldUsage, queryClient, queryKeys, useActivityGroups } from '../../api.ts';
import { Alert } from '../../components/Alert.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { FieldError, FormField, SelectField, TextField } from '../../components/FormField.tsx';
import { Modal } from '../../components/Modal.tsx';
import { type ModalControls, useModal } from '../../components/useModal.ts';
import {
  Checkbox,
  type Errors,
  errorsOf,
  isTemp,
  serverErrorsOf,
  tempId,
  text,
} from '../activities/form.tsx';
import { NoticeDialog } from '../activities/parts.tsx';

type Option = { _id?: string | null; name?: string | null; enabled?: boolean | null };

const UPLOAD_LABELS: Record<string, string> = {
  image: 'Images (jpeg, jpg, png, gif)',
  attachment: 'Attachments (images and pdf)',
  document: 'Documents (pdf, docx, xlsx, pptx, txt, csv)',
  singleImage: 'A single image',
};

/** POST /api/fields or PUT /api/fields/{id}; the server's guard messages come back as the reason. */
export function useSaveField(usage: FieldUsage) {
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: unknown }) =>
      id
        ? describeFailure(api.put<Field>(`/api/fields/${id}`, body), {
            prefix: 'Failed to save field',
            bare: 'Failed to save field.',
          })
        : describeFailure(api.post<Field>('/api/fields', body), {
            prefix: 'Failed to create field',
            bare: 'Failed to create field.',
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.fields(usage) }),
  });
}

export function useDeleteField(usage: FieldUsage) {
  return useMutation({
    mutationFn: (id: string) =>
      describeFailure(api.delete<{ success: boolean }>(`/api/fields/${id}`), {
        prefix: 'Failed to delete field',
        bare: 'Failed to delete field.',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.fields(usage) }),
  });
}

type OptionUsage = Record<string, { usedByHomeTabs: number; dataCount: number }>;

/** How a saved field's options are used (home tabs, answers): what the option guards need. */
function useOptionUsage(fieldId: string | undefined) {
  return useQuery({
    queryKey: ['fields', 'option-usage', fieldId],
    queryFn: () => api.get<OptionUsage>(`/api/fields/${fieldId}/option-usage`),
    enabled: !!fieldId,
    staleTime: 0,
  });
}

/** How many answers a saved field has: its Type is locked once there are any. */
function useFieldUsage(fieldId: string | undefined) {
  return useQuery({
    queryKey: ['fields', 'usage', fieldId],
    queryFn: () => api.get<{ dataCount: number }>(`/api/fields/${fieldId}/usage`),
    enabled: !!fieldId,
    staleTime: 0,
  });
}

/** The 'Add new field option' / 'Edit field option' modal. */
function FieldOptionDialog({
  dialog,
  option,
  onSave,
}: {
  dialog: ModalControls;
  option: Option | null;
  onSave: (option: Option) => void;
}) {
  const [name, setName] = useState(option?.name ?? '');
  const [tried, setTried] = useState(false);
  const values = { _id: option?._id ?? null, name, enabled: option?.enabled ?? true };
  const errors = tried ? errorsOf(fieldOptionSchema, values) : {};
  const save = () => {
    setTried(true);
    if (Object.keys(errorsOf(fieldOptionSchema, values)).length) return;
    dialog.confirm(() => onSave({ ...values, _id: values._id || tempId(), name: name.trim() }));
  };
  return (
    <Modal
      {...dialog.modalProps}
      size="sm"
      title={option ? 'Edit field option' : 'Add new field option'}
      footer={
        <>
          <Button variant="secondary" onClick={dialog.cancel}>
            Cancel
          </Button>
          <Button onClick={save}>Save option</Button>
        </>
      }
    >
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <TextField
          label="Option name"
          required
          autoFocus
          value={name}
          error={errors.name}
          onChange={(e) => setName(e.target.value)}
        />
      </form>
    </Modal>
  );
}

/**
 * Add or edit a custom field definition of any type of docs/data-model.md, with its options. Mount
 * only while open (unmounting after the close delay resets it).
 */
export function FieldDialog({
  dialog,
  field,
  usage,
}: {
  dialog: ModalControls;
  field: Field | null;
  usage: FieldUsage;
}) {
  const [values, setValues] = useState(() => ({
    _id: field?._id ?? null,
    title: field?.title ?? '',
    helpText: field?.helpText ?? '',
    type: field?.type ?? 'text',
    usage,
    required: field?.required ?? false,
    adminOnly: field?.adminOnly ?? false,
    enabled: field?.enabled ?? true,
    maxFiles: text(field?.maxFiles ?? 1),
    uploadType: field?.uploadType ?? 'attachment',
    textareaFormatting: field?.textareaFormatting ?? false,
    appliesToAllActivityGroups: field?.appliesToAllActivityGroups ?? true,
    activityGroups: field?.activityGroups ?? [],
    useForAdminFiltering: field?.useForAdminFiltering ?? false,
    safeguarding: field?.safeguarding ?? false,
    fieldOptions: (field?.fieldOptions ?? []) as Option[],
  }));
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [option, setOption] = useState<Option | null>(null);
  const optionDialog = useModal();
  const refusal = useModal();
  const [refused, setRefused] = useState({ title: '', message: '' });
  const optionUsage = useOptionUsage(field?._id);
  const fieldUsage = useFieldUsage(field?._id);
  // Locked while the count loads too, so the type cannot be changed before the answer is known.
  // If the count cannot be read, the server's own refusal on save still protects the answers.
  const typeGuard: Guard = fieldUsage.data
    ? canChangeFieldType(fieldUsage.data)
    : field && fieldUsage.isPending
      ? { ok: false, message: 'Checking whether this field has answers…' }
      : { ok: true };
  /** Runs an option guard for a saved option; a refusal is shown and stops the change. */
  const allowed = (o: Option, title: string, guard: (u: OptionUsage[string]) => Guard) => {
    const counts = o._id && !isTemp(o._id) ? optionUsage.data?.[o._id] : undefined;
    const verdict = counts ? guard(counts) : ({ ok: true } as const);
    if (verdict.ok) return true;
    setRefused({ title, message: verdict.message });
    refusal.open();
    return false;
  };
  const groups = useActivityGroups();
  const save = useSaveField(usage);
  const set = (patch: Partial<typeof values>) => setValues((current) => ({ ...current, ...patch }));
  const errors = { ...(tried ? errorsOf(customFieldSchema, values) : {}), ...serverErrors };
  const show = customFieldVisibleFields(values);
  const options = values.fieldOptions;

  const submit = () => {
    setTried(true);
    setServerErrors({});
    if (Object.keys(errorsOf(customFieldSchema, values)).length) return;
    save.mutate(
      { id: field?._id, body: values },
      {
        onSuccess: () => dialog.confirm(),
        onError: (error) => setServerErrors(serverErrorsOf(error)),
      },
    );
  };

  return (
    <Modal
      {...dialog.modalProps}
      size="lg"
      title={field ? `Edit ${field.title}` : 'Add new field'}
      footer={
        <>
          <Button variant="secondary" onClick={dialog.cancel}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Save field
          </Button>
        </>
      }
    >
      <div className="form">
        {save.error ? <Alert>{save.error.message}</Alert> : null}
        <div className="form-row">
          <TextField
            label="Title"
            required
            value={values.title}
            error={errors.title}
            onChange={(e) => set({ title: e.target.value })}
          />
          <SelectField
            label="Type"
            required
            value={values.type}
            error={errors.type}
            disabled={!typeGuard.ok}
            hint={typeGuard.ok ? undefined : typeGuard.message}
            onChange={(e) => set({ type: e.target.value })}
            options={FIELD_TYPES.map((t) => ({ value: t, label: FIELD_TYPE_LABELS[t] }))}
          />
        </div>
        <TextField
          label="Help text"
          value={values.helpText}
          hint="Shown under the field."
          onChange={(e) => set({ helpText: e.target.value })}
        />
        {show.fieldOptions ? (
          <FormField label="Options" required error={errors.fieldOptions}>
            {() => (
              <div className="form">
                {/* docs/rules/editing-and-states.md: options are edited locally; an existing field says when they apply. */}
                {field ? <Alert tone="info">{messages.changesAppliedOnSave}</Alert> : null}
                {options.length ? (
                  <ul className="option-list">
                    {options.map((o, index) => (
                      <li
                        key={o._id ?? index}
                        className={o.enabled === false ? 'is-dimmed' : undefined}
                      >
                        <span className="option-name">
                          {o.name} {o.enabled === false ? <Badge>Disabled</Badge> : null}
                          {errors[`fieldOptions.${index}.name`] ? (
                            <FieldError message={errors[`fieldOptions.${index}.name`]} />
                          ) : null}
                        </span>
                        <span className="row-actions">
                          <button
                            type="button"
                            className="link-button"
                            aria-label={`Edit option ${o.name}`}
                            onClick={() => {
                              setOption(o);
                              optionDialog.open();
                            }}
                          >
                            Edit
                          </button>
                          <button
                            type="button"
                            className="link-button"
                            aria-label={`${o.enabled === false ? 'Enable' : 'Disable'} option ${o.name}`}
                            onClick={() => {
                              if (
                                o.enabled !== false &&
                                !allowed(o, 'Disable field option', canDisableFieldOption)
                              )
                                return;
                              set({
                                fieldOptions: options.map((x) =>
                                  x === o ? { ...x, enabled: x.enabled === false } : x,
                                ),
                              });
                            }}
                          >
                            {o.enabled === false ? 'Enable' : 'Disable'}
                          </button>
                          <button
                            type="button"
                            className="link-button link-danger"
                            aria-label={`Delete option ${o.name}`}
                            onClick={() => {
                              if (!allowed(o, 'Delete field option', canDeleteFieldOption)) return;
                              set({ fieldOptions: options.filter((x) => x !== o) });
                            }}
                          >
                            Delete
                          </button>
                        </span>
                      </li>
                    ))}
                  </ul>
                ) : null}
                <div>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => {
                      setOption(null);
                      optionDialog.open();
                    }}
                  >
                    Add new field option
                  </Button>
                </div>
              </div>
            )}
          </FormField>
        ) : null}
        {show.maxFiles ? (
          <div className="form-row">
            <TextField
              label="Maximum files"
              type="number"
              min={1}
              required
              value={values.maxFiles}
              error={errors.maxFiles}
              onChange={(e) => set({ maxFiles: e.target.value })}
            />
            <SelectField
              label="File types"
              required
              value={values.uploadType}
              error={errors.uploadType}
              onChange={(e) => set({ uploadType: e.target.value })}
              options={Object.keys(UPLOAD_TYPES).map((k) => ({
                value: k,
                label: UPLOAD_LABELS[k] ?? k,
              }))}
            />
          </div>
        ) : null}
        {show.textareaFormatting ? (
          <Checkbox
            label="Allow formatting (bold, lists, links)"
            checked={values.textareaFormatting}
            onChange={(textareaFormatting) => set({ textareaFormatting })}
          />
        ) : null}
        <div className="check-list">
          <Checkbox
            label="Required"
            checked={values.required}
            onChange={(required) => set({ required })}
          />
          <Checkbox
            label="Admin only"
            hint="Filled in and seen by your staff only, never by parents."
            checked={values.adminOnly}
            onChange={(adminOnly) => set({ adminOnly })}
          />
          <Checkbox
            label="Enabled"
            checked={values.enabled}
            onChange={(enabled) => set({ enabled })}
          />
          {show.useForAdminFiltering ? (
            <Checkbox
              label="Use for filtering activities"
              hint="Offer this field as a filter on the activities list and home page tabs."
              checked={values.useForAdminFiltering}
              onChange={(useForAdminFiltering) => set({ useForAdminFiltering })}
            />
          ) : null}
          {show.safeguarding ? (
            <Checkbox
              label="Safeguarding"
              hint="Show the answer as a flag on session registers (allergies, medical notes, photo consent, who may collect)."
              checked={values.safeguarding}
              onChange={(safeguarding) => set({ safeguarding })}
            />
          ) : null}
          {show.appliesToAllActivityGroups ? (
            <Checkbox
              label="Ask for every activity"
              checked={values.appliesToAllActivityGroups}
              onChange={(appliesToAllActivityGroups) => set({ appliesToAllActivityGroups })}
            />
          ) : null}
        </div>
        {show.activityGroups ? (
          <FormField label="Activities that ask for it" required error={errors.activityGroups}>
            {() => (
              <div className="check-list check-list-scroll">
                {(groups.data ?? []).map((g) => (
                  <Checkbox
                    key={g._id}
                    label={g.name}
                    checked={values.activityGroups.includes(g._id)}
                    onChange={(on) =>
                      set({
                        activityGroups: on
                          ? [...values.activityGroups, g._id]
                          : values.activityGroups.filter((id) => id !== g._id),
                      })
                    }
                  />
                ))}
              </div>
            )}
          </FormField>
        ) : null}
      </div>
      {optionDialog.isOpen ? (
        <FieldOptionDialog
          dialog={optionDialog}
          option={option}
          onSave={(saved) =>
            set({
              fieldOptions: option
                ? options.map((o) => (o === option ? saved : o))
                : [...options, saved],
            })
          }
        />
      ) : null}
      <NoticeDialog dialog={refusal} title={refused.title} message={refused.message} />
    </Modal>
  );
}
