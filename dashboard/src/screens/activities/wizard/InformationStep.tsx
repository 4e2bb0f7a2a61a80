import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import type { Field } from '../../../../../api-client/index.ts';
import { Button } from '../../../components/Button.tsx';
import { Card } from '../../../components/Card.tsx';
import { FieldError, FormField, SelectField, TextField } from '../../../components/FormField.tsx';
import { useModal } from '../../../components/useModal.ts';
import { AttendeeFieldInput } from '../../customers/AttendeeFields.tsx';
import { VenueDialog } from '../../venues/VenueDialog.tsx';
import { Checkbox, text } from '../form.tsx';
import type { GroupValues } from '../lib.ts';
import type { Venue } from '../queries.ts';
import { SchoolYearSelects } from './SchoolYearSelects.tsx';
import type { StepProps } from './step.ts';

/** A small rich-text editor: bold, italic, lists and links. The server sanitises the HTML. */
function RichText({
  value,
  onChange,
  label,
  error,
  onBlur,
  tall = false,
  hint,
  required,
}: {
  value: string;
  onChange: (html: string) => void;
  label: string;
  error?: string;
  onBlur?: () => void;
  /** docs/rules/constants.md: a rich-text activity field's editor is 500 px high. */
  tall?: boolean;
  hint?: string;
  required?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  // Written once: rewriting innerHTML on every keystroke would move the caret.
  // biome-ignore lint/correctness/useExhaustiveDependencies: initial content only
  useEffect(() => {
    if (ref.current && ref.current.innerHTML !== value) ref.current.innerHTML = value;
  }, []);
  const run = (command: string, arg?: string) => {
    ref.current?.focus();
    document.execCommand(command, false, arg);
    onChange(ref.current?.innerHTML ?? '');
  };
  const tools: { label: string; icon: string; run: () => void }[] = [
    {
      label: 'Bold',
      icon: 'M7 5h6a3.5 3.5 0 010 7H7zM7 12h7a3.5 3.5 0 010 7H7z',
      run: () => run('bold'),
    },
    { label: 'Italic', icon: 'M10 5h8M6 19h8M14 5l-4 14', run: () => run('italic') },
    {
      label: 'Bulleted list',
      icon: 'M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01',
      run: () => run('insertUnorderedList'),
    },
    {
      label: 'Numbered list',
      icon: 'M10 6h10M10 12h10M10 18h10M4 6h1v4M4 18h2l-2-2.5a1 1 0 112-1',
      run: () => run('insertOrderedList'),
    },
    {
      label: 'Link',
      icon: 'M10 14a4 4 0 005.66 0l3-3a4 4 0 00-5.66-5.66l-1 1M14 10a4 4 0 00-5.66 0l-3 3a4 4 0 005.66 5.66l1-1',
      run: () => {
        const url = window.prompt('Link address (https://…)');
        if (url) run('createLink', url);
      },
    },
  ];
  return (
    <div className={`form-field${error ? ' has-error' : ''}`}>
      <span className="form-label" id={`${id}-label`}>
        {label}
        {required ? (
          <span className="form-required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </span>
      <div className="rte">
        <div className="rte-toolbar" role="toolbar" aria-label="Formatting">
          {tools.map((tool) => (
            <button
              key={tool.label}
              type="button"
              className="rte-button"
              title={tool.label}
              aria-label={tool.label}
              onMouseDown={(e) => e.preventDefault()}
              onClick={tool.run}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d={tool.icon} />
              </svg>
            </button>
          ))}
        </div>
        {/* biome-ignore lint/a11y/useSemanticElements: a rich-text editor has no native element */}
        <div
          ref={ref}
          className={`rte-content input${tall ? ' rte-tall' : ''}`}
          contentEditable
          suppressContentEditableWarning
          role="textbox"
          tabIndex={0}
          aria-multiline="true"
          aria-labelledby={`${id}-label`}
          aria-invalid={error ? true : undefined}
          onInput={(e) => onChange((e.target as HTMLDivElement).innerHTML)}
          onBlur={onBlur}
        />
      </div>
      {hint ? <p className="form-hint">{hint}</p> : null}
      <FieldError message={error} />
    </div>
  );
}

/** One activity custom field, as its type asks. */
function CustomFieldInput({
  field,
  value,
  error,
  venues,
  onChange,
}: {
  field: Field;
  value: unknown;
  error?: string;
  venues: Venue[];
  onChange: (value: unknown) => void;
}) {
  const options = field.fieldOptions.filter((o) => o.enabled || o._id === value);
  const common = {
    label: field.title,
    error,
    hint: field.helpText ?? undefined,
    required: field.required,
  };
  switch (field.type) {
    // Two-part answers and uploads: the same inputs as the attendee form's.
    case 'duration':
    case 'age':
    case 'dateTime':
    case 'fileUpload':
      return <AttendeeFieldInput field={field} value={value} error={error} onChange={onChange} />;
    case 'selectList':
    case 'venue':
      return (
        <SelectField
          {...common}
          value={text(value)}
          onChange={(e) => onChange(e.target.value || null)}
          options={[
            { value: '', label: 'Not set' },
            ...(field.type === 'venue'
              ? venues.map((v) => ({ value: v._id, label: v.name }))
              : options.map((o) => ({ value: o._id, label: o.name }))),
          ]}
        />
      );
    case 'checkboxMultiple': {
      const list = Array.isArray(value) ? (value as string[]) : [];
      return (
        <FormField {...common}>
          {() => (
            <div className="check-list check-list-inline">
              {options.map((o) => (
                <Checkbox
                  key={o._id}
                  label={o.name}
                  checked={list.includes(o._id)}
                  onChange={(on) =>
                    onChange(on ? [...list, o._id] : list.filter((id) => id !== o._id))
                  }
                />
              ))}
            </div>
          )}
        </FormField>
      );
    }
    case 'checkboxSingle':
      return (
        <Checkbox
          label={field.title}
          hint={field.helpText}
          checked={value === true}
          onChange={onChange}
        />
      );
    case 'textarea':
      if (field.textareaFormatting) {
        return (
          <div className="form-grid-wide">
            <RichText
              tall
              label={field.title}
              hint={common.hint}
              required={common.required}
              value={text(value)}
              error={error}
              onChange={(html) => onChange(html)}
            />
          </div>
        );
      }
      return (
        <FormField {...common}>
          {(control) => (
            <textarea
              {...control}
              className="input"
              rows={3}
              value={text(value)}
              onChange={(e) => onChange(e.target.value)}
            />
          )}
        </FormField>
      );
    default: {
      const type =
        {
          email: 'email',
          date: 'date',
          integer: 'number',
          number: 'number',
          currency: 'number',
          phone: 'tel',
        }[field.type] ?? 'text';
      return (
        <TextField
          {...common}
          type={type}
          value={text(value)}
          onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
        />
      );
    }
  }
}

type Age = { years?: unknown; months?: unknown } | null | undefined;

function AgeInputs({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: Age;
  error?: string;
  onChange: (age: Age) => void;
}) {
  const update = (patch: { years?: string; months?: string }) => {
    const next = { years: text(value?.years), months: text(value?.months), ...patch };
    onChange(next.years === '' && next.months === '' ? null : next);
  };
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <div className="age-inputs">
          <div className="input-affix">
            <input
              {...control}
              className="input"
              type="number"
              min={0}
              value={text(value?.years)}
              aria-label={`${label} years`}
              onChange={(e) => update({ years: e.target.value })}
            />
            <span className="input-suffix">years</span>
          </div>
          <div className="input-affix">
            <input
              className="input"
              type="number"
              min={0}
              max={11}
              value={text(value?.months)}
              aria-label={`${label} months`}
              onChange={(e) => update({ months: e.target.value })}
            />
            <span className="input-suffix">months</span>
          </div>
        </div>
      )}
    </FormField>
  );
}

/** Step 01: name, description, venue (with 'Create venue'), activity fields and age range. */
export function InformationStep({
  values,
  set,
  error,
  touch,
  venues,
  fields,
  country,
}: StepProps & { venues: Venue[]; fields: Field[]; country: string }) {
  const venueDialog = useModal();
  const fieldData = (values.fieldData ?? {}) as Record<string, unknown>;
  const age = values.ageRange ?? null;
  const setAge = (patch: Partial<NonNullable<GroupValues['ageRange']>>) =>
    set({ ageRange: { min: age?.min ?? null, max: age?.max ?? null, ...patch } });
  const shownFields = fields.filter((f) => f.enabled);
  return (
    <>
      <Card
        title="Information"
        description="What parents see first: the name, a description and where it runs."
      >
        <div className="form">
          <TextField
            label="Activity name"
            required
            value={values.name ?? ''}
            error={error('name')}
            placeholder="Junior Football – Spring Term"
            onChange={(e) => set({ name: e.target.value })}
            onBlur={() => touch('name')}
          />
          <RichText
            label="Description"
            value={values.description ?? ''}
            error={error('description')}
            onChange={(description) => set({ description })}
          />
          <div className="venue-row">
            <SelectField
              label="Venue"
              value={values.venue ?? ''}
              error={error('venue')}
              onChange={(e) => set({ venue: e.target.value || null })}
              options={[
                { value: '', label: 'No venue' },
                ...venues.map((v) => ({ value: v._id, label: v.name })),
              ]}
            />
            <Button variant="secondary" onClick={venueDialog.open}>
              Create venue
            </Button>
          </div>
        </div>
      </Card>
      <Card
        title="Filters"
        description="Details parents can filter by, and who the activity is for."
        actions={
          <Link className="btn btn-ghost btn-sm" to="/settings/fields?usage=activity">
            Add activity fields
          </Link>
        }
      >
        <div className="form">
          {shownFields.length === 0 ? (
            <p className="muted">
              No activity fields yet.{' '}
              <Link to="/settings/fields?usage=activity">Add activity fields</Link> such as the
              sport or level to filter activities by.
            </p>
          ) : (
            <div className="form-grid">
              {shownFields.map((field) => (
                <CustomFieldInput
                  key={field._id}
                  field={field}
                  value={fieldData[field._id]}
                  error={error(`fieldData.${field._id}`)}
                  venues={venues}
                  onChange={(value) => set({ fieldData: { ...fieldData, [field._id]: value } })}
                />
              ))}
            </div>
          )}
          <div className="form-grid">
            <AgeInputs
              label="Minimum age"
              value={age?.min}
              error={
                error('ageRange.min.years') ?? error('ageRange.min.months') ?? error('ageRange.min')
              }
              onChange={(min) => setAge({ min: min as never })}
            />
            <AgeInputs
              label="Maximum age"
              value={age?.max}
              error={
                error('ageRange.max.years') ?? error('ageRange.max.months') ?? error('ageRange.max')
              }
              onChange={(max) => setAge({ max: max as never })}
            />
          </div>
          <SchoolYearSelects
            value={values.schoolYears ?? null}
            errors={{ min: error('schoolYears.min'), max: error('schoolYears.max') }}
            onChange={(schoolYears) => set({ schoolYears })}
          />
          <Checkbox
            label="Block attendees outside the age range"
            hint="Otherwise parents see a notice but can still book."
            checked={values.blockOutOfRange === true}
            onChange={(blockOutOfRange) => set({ blockOutOfRange })}
          />
        </div>
      </Card>
      {venueDialog.isOpen ? (
        <VenueDialog
          dialog={venueDialog}
          venue={null}
          country={country}
          onSaved={(venue) => set({ venue: venue._id })}
        />
      ) : null}
    </>
  );
}
