import { useState } from 'react';
import {
  createSessionPassSchema,
  groupsWithOtherPass,
  messages,
} from '../../../../engine/index.ts';
import { useActivityGroups } from '../../api.ts';
import { Alert, QueryError } from '../../components/Alert.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { FieldError, TextField } from '../../components/FormField.tsx';
import { Modal } from '../../components/Modal.tsx';
import { PageSpinner } from '../../components/Spinner.tsx';
import { type ModalControls, useModal } from '../../components/useModal.ts';
import { useLocale } from '../../lib/money.ts';
import { Checkbox, type Errors, errorsOf, serverErrorsOf, tempId } from '../activities/form.tsx';
import { RowActions } from '../activities/parts.tsx';
import {
  newOptionValues,
  newPassValues,
  type OptionValues,
  optionValuesText,
  type PassValues,
  passValuesOf,
} from './lib.ts';
import { PurchaseOptionDialog } from './PurchaseOptionDialog.tsx';
import { type SessionPass, useSaveSessionPass } from './queries.ts';

/**
 * The session pass form (docs/data-model.md, docs/rules/forms-and-messages.md): a name, the
 * activities whose sessions its credits pay for (an activity already in another pass says 'Another
 * pass already applied') and the purchase options parents choose from, edited locally with
 * temporary ids and saved with the pass. Mount it only while open.
 *
 * @example {dialog.isOpen ? <SessionPassDialog dialog={dialog} pass={null} passes={passes} currency="GBP" /> : null}
 */
export function SessionPassDialog({
  dialog,
  pass,
  passes,
  currency,
}: {
  dialog: ModalControls;
  pass: SessionPass | null;
  passes: readonly SessionPass[];
  currency: string;
}) {
  const locale = useLocale();
  const [values, setValues] = useState<PassValues>(() =>
    pass ? passValuesOf(pass) : newPassValues(),
  );
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [option, setOption] = useState<{ values: OptionValues; isNew: boolean } | null>(null);
  const optionDialog = useModal({ onCancel: () => setOption(null) });
  const groups = useActivityGroups();
  const save = useSaveSessionPass();
  const otherPasses = passes.filter((p) => p._id !== pass?._id);
  const schema = createSessionPassSchema({ otherPasses, selfId: pass?._id ?? null });
  const errors = submitted ? { ...serverErrors, ...errorsOf(schema, values) } : serverErrors;
  const taken = groupsWithOtherPass(otherPasses, pass?._id);

  const toggleGroup = (id: string, on: boolean) =>
    setValues((current) => ({
      ...current,
      activityGroups: on
        ? [...current.activityGroups, id]
        : current.activityGroups.filter((g) => g !== id),
    }));

  const putOption = (next: OptionValues) =>
    setValues((current) => ({
      ...current,
      purchaseOptions: current.purchaseOptions.some((o) => o._id === next._id)
        ? current.purchaseOptions.map((o) => (o._id === next._id ? next : o))
        : [...current.purchaseOptions, next],
    }));

  const editOption = (values: OptionValues, isNew: boolean) => {
    setOption({ values, isNew });
    optionDialog.open();
  };

  const submit = () => {
    const found = errorsOf(schema, values);
    setSubmitted(true);
    setServerErrors({});
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { id: pass?._id, body: values },
      {
        onSuccess: () => dialog.confirm(),
        onError: (error) => setServerErrors(serverErrorsOf(error)),
      },
    );
  };

  const optionError = (index: number) =>
    Object.entries(errors).find(([key]) => key.startsWith(`purchaseOptions.${index}.`))?.[1];

  return (
    <Modal
      {...dialog.modalProps}
      size="lg"
      title={pass ? 'Edit session pass' : 'Add session pass'}
      footer={
        <>
          <Button variant="secondary" onClick={dialog.cancel}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {pass ? 'Save' : 'Add pass'}
          </Button>
        </>
      }
    >
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {save.error ? <Alert>{save.error.message}</Alert> : null}
        <TextField
          label="Name"
          required
          hint="Parents see it when they buy credits, e.g. “10 swimming sessions”."
          value={values.name}
          error={errors.name}
          autoFocus
          onChange={(e) => setValues({ ...values, name: e.target.value })}
        />
        <fieldset className="fieldset">
          <legend className="form-label">Activities</legend>
          <p className="form-hint">Credits pay for sessions of these activities.</p>
          <QueryError error={groups.error} />
          {groups.isPending ? (
            <PageSpinner label="Loading activities" />
          ) : (groups.data ?? []).length === 0 ? (
            <p className="muted">{messages.noActivities}</p>
          ) : (
            <div className="check-list check-list-scroll">
              {(groups.data ?? []).map((g) => {
                const chosen = values.activityGroups.includes(g._id);
                const blocked = taken.has(g._id);
                return (
                  <Checkbox
                    key={g._id}
                    label={
                      <>
                        {g.name}
                        {blocked ? (
                          <>
                            {' '}
                            <Badge tone="warning">{messages.anotherPassApplied}</Badge>
                          </>
                        ) : null}
                      </>
                    }
                    checked={chosen}
                    disabled={blocked && !chosen}
                    onChange={(on) => toggleGroup(g._id, on)}
                  />
                );
              })}
            </div>
          )}
          <FieldError message={errors.activityGroups} />
        </fieldset>
        <fieldset className="fieldset">
          <legend className="form-label">Purchase options</legend>
          {pass ? <p className="form-hint">{messages.changesAppliedOnSave}</p> : null}
          {values.purchaseOptions.length === 0 ? (
            <p className="muted">No purchase options yet: parents cannot buy this pass.</p>
          ) : (
            <ul className="pass-options" aria-label="Purchase options">
              {values.purchaseOptions.map((o, index) => {
                const text = optionValuesText(o, currency, locale);
                return (
                  <li key={o._id} className={o.enabled ? undefined : 'is-dimmed'}>
                    <span className="cell-stack">
                      <span className="cell-strong">
                        {text.line}
                        {o.enabled ? null : (
                          <>
                            {' '}
                            <Badge>Disabled</Badge>
                          </>
                        )}
                      </span>
                      <span className="muted">{text.expiry}</span>
                      <FieldError message={optionError(index)} />
                    </span>
                    <RowActions
                      name={text.line}
                      enabled={o.enabled}
                      onEdit={() => editOption(o, false)}
                      onToggle={() => putOption({ ...o, enabled: !o.enabled })}
                      onDelete={() =>
                        setValues((current) => ({
                          ...current,
                          purchaseOptions: current.purchaseOptions.filter((x) => x._id !== o._id),
                        }))
                      }
                    />
                  </li>
                );
              })}
            </ul>
          )}
          <div>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => editOption(newOptionValues(tempId()), true)}
            >
              Add purchase option
            </Button>
          </div>
        </fieldset>
        <Checkbox
          switchStyle
          label="Enabled"
          hint="Disabled passes cannot be bought, and their credits cannot be spent."
          checked={values.enabled}
          onChange={(enabled) => setValues({ ...values, enabled })}
        />
        <button type="submit" hidden />
      </form>
      {option ? (
        <PurchaseOptionDialog
          dialog={optionDialog}
          option={option.values}
          isNew={option.isNew}
          currency={currency}
          onSave={(next) => {
            putOption(next);
            setOption(null);
          }}
        />
      ) : null}
    </Modal>
  );
}
