import { useState } from 'react';
import { Link } from 'react-router';
import {
  createHomeTabSchema,
  qualifyingTabFields,
  suggestTabPath,
} from '../../../../engine/index.ts';
import { Alert } from '../../components/Alert.tsx';
import { FieldError, FormField, SelectField, TextField } from '../../components/FormField.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import type { ModalControls } from '../../components/useModal.ts';
import { Checkbox, type Errors, errorsOf, serverErrorsOf } from '../activities/form.tsx';
import {
  choicesFor,
  newTabValues,
  type TabField,
  type TabValues,
  tabBody,
  tabValuesOf,
} from './lib.ts';
import { type HomeTab, useSaveHomeTab } from './queries.ts';

/**
 * The 'Add new tab' / 'Edit tab' modal (docs/rules/screens.md, docs/rules/forms-and-messages.md):
 * display name, a path suggested from the name until typed over, the field the tab filters by (only
 * fields a tab can use are offered) and at least one of its options or venues. Mount it only while
 * open.
 *
 * @example {dialog.isOpen ? <HomeTabDialog dialog={dialog} tab={null} tabs={tabs} fields={fields} venues={venues} /> : null}
 */
export function HomeTabDialog({
  dialog,
  tab,
  tabs,
  fields,
  venues,
}: {
  dialog: ModalControls;
  tab: HomeTab | null;
  tabs: readonly HomeTab[];
  fields: readonly TabField[];
  venues: readonly { _id: string; name: string }[];
}) {
  const [values, setValues] = useState<TabValues>(() => (tab ? tabValuesOf(tab) : newTabValues()));
  // After the first save, messages follow the typing; the server's stay until the next save.
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const save = useSaveHomeTab();
  const usable = qualifyingTabFields(fields, venues.length);
  // A tab keeps showing its field even if that field stopped qualifying, so it can be changed.
  const offered = usable.some((f) => f._id === values.field)
    ? usable
    : [...usable, ...fields.filter((f) => f._id === values.field)];
  const field = offered.find((f) => f._id === values.field);
  const schema = createHomeTabSchema({ otherTabs: tabs });
  const body = tabBody(values, fields);
  const errors = submitted ? { ...serverErrors, ...errorsOf(schema, body) } : serverErrors;
  const choices = choicesFor(field, venues, values.value);

  const setName = (name: string) =>
    setValues((current) => ({
      ...current,
      name,
      path: current.pathTouched ? current.path : suggestTabPath(name),
    }));

  const toggleValue = (id: string, on: boolean) =>
    setValues((current) => ({
      ...current,
      value: on ? [...current.value, id] : current.value.filter((v) => v !== id),
    }));

  const submit = () => {
    const found = errorsOf(schema, body);
    setSubmitted(true);
    setServerErrors({});
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { id: tab?._id, body },
      {
        onSuccess: () => dialog.confirm(),
        onError: (error) => setServerErrors(serverErrorsOf(error)),
      },
    );
  };

  return (
    <FormModal
      dialog={dialog}
      title={tab ? 'Edit tab' : 'Add new tab'}
      onSubmit={submit}
      saving={save.isPending}
      formError={save.error?.message}
      saveLabel={tab ? 'Save' : 'Add tab'}
    >
      <TextField
        label="Display name"
        required
        hint="The tab's title on your home page."
        value={values.name}
        error={errors.name}
        autoFocus
        onChange={(e) => setName(e.target.value)}
      />
      <FormField
        label="Path"
        required
        error={errors.path}
        hint="Lowercase letters, numbers and single dashes."
      >
        {(control) => (
          <div className="input-affix">
            <span className="input-prefix" aria-hidden="true">
              /listing/
            </span>
            <input
              {...control}
              className="input"
              value={values.path}
              onChange={(e) => setValues({ ...values, path: e.target.value, pathTouched: true })}
            />
          </div>
        )}
      </FormField>
      {usable.length === 0 && !field ? (
        <Alert tone="warning">
          No field can be used for a tab yet: a tab needs an enabled venue field (with venues added)
          or an enabled select list or multiple checkbox field with options.{' '}
          <Link to="/settings/fields?usage=activity">Add activity fields</Link>
        </Alert>
      ) : null}
      <SelectField
        label="Field"
        required
        value={values.field}
        error={errors.field}
        hint="Activities are listed under the tab by their answer to this field."
        onChange={(e) => setValues({ ...values, field: e.target.value, value: [] })}
        options={[
          { value: '', label: 'Choose a field' },
          ...offered.map((f) => ({ value: f._id, label: f.title })),
        ]}
      />
      {field ? (
        <fieldset className="fieldset">
          <legend className="form-label">
            {field.type === 'venue' ? 'Venues' : 'Options'}
            <span className="form-required" aria-hidden="true">
              {' '}
              *
            </span>
          </legend>
          <div className="check-list">
            {choices.map((choice) => (
              <Checkbox
                key={choice._id}
                label={choice.name}
                hint={choice.disabled ? 'Disabled option' : undefined}
                checked={values.value.includes(choice._id)}
                onChange={(on) => toggleValue(choice._id, on)}
              />
            ))}
          </div>
          <FieldError message={errors.value} />
        </fieldset>
      ) : (
        <FieldError message={errors.value} />
      )}
      <Checkbox
        switchStyle
        label="Enabled"
        hint="Disabled tabs are not shown to parents."
        checked={values.enabled}
        onChange={(enabled) => setValues({ ...values, enabled })}
      />
      <button type="submit" hidden />
    </FormModal>
  );
}
