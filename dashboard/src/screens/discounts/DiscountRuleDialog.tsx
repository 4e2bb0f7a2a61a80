import { useRef, useState } from 'react';
import type { ActivityGroup } from '../../../../api-client/index.ts';
import { createDiscountRuleSchema } from '../../../../engine/index.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Modal } from '../../components/Modal.tsx';
import type { ModalControls } from '../../components/useModal.ts';
import { type Errors, errorsOf, scrollToFirstError, serverErrorsOf } from '../activities/form.tsx';
import { DiscountRuleForm } from './DiscountRuleForm.tsx';
import {
  type DiscountValues,
  discountInput,
  discountValuesOf,
  newDiscountValues,
  typeLabel,
} from './lib.ts';
import { type DiscountRule, useSaveDiscountRule } from './queries.ts';

/**
 * The discount rule form in a modal: 'Create <type>' with Submit and Cancel
 * (docs/rules/screens.md), or the edit of a saved rule. The browser runs the engine's schema with
 * the same context the server uses (the saved rule, the other rules), so every message shows by its
 * field before a call is made. A failed create scrolls the dialog to the top, where the
 * docs/rules/forms-and-messages.md message shows. Mount it only while open.
 *
 * @example {dialog.isOpen ? <DiscountRuleDialog dialog={dialog} rule={null} presetType="Code" … /> : null}
 */
export function DiscountRuleDialog({
  dialog,
  rule,
  presetType,
  otherRules,
  groups,
  currency,
}: {
  dialog: ModalControls;
  rule: DiscountRule | null;
  presetType: string | null;
  otherRules: readonly DiscountRule[];
  groups: readonly ActivityGroup[];
  currency: string;
}) {
  const [values, setValues] = useState<DiscountValues>(() =>
    rule ? discountValuesOf(rule) : newDiscountValues(presetType ?? ''),
  );
  // After the first Submit, messages follow the typing; the server's stay until the next edit.
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const top = useRef<HTMLDivElement>(null);
  const save = useSaveDiscountRule();
  const title = rule
    ? `Edit ${typeLabel(rule.type).toLowerCase()}`
    : presetType
      ? `Create ${typeLabel(presetType).toLowerCase()}`
      : 'Create discount rule';

  // docs/rules/editing-and-states.md: on a failed create the dialog scrolls to the top, where the
  // failure shows.
  const scrollToTop = () =>
    requestAnimationFrame(() =>
      top.current?.closest('.modal-body')?.scrollTo({ top: 0, behavior: 'smooth' }),
    );

  const schema = createDiscountRuleSchema({ saved: rule, otherRules });
  const errors = submitted
    ? { ...serverErrors, ...errorsOf(schema, discountInput(values)) }
    : serverErrors;

  const submit = () => {
    const body = discountInput(values);
    const found = errorsOf(schema, body);
    setSubmitted(true);
    setServerErrors({});
    if (Object.keys(found).length > 0) {
      scrollToFirstError(top.current?.closest('.modal-body') ?? document);
      return;
    }
    save.mutate(
      { id: rule?._id, body },
      {
        onSuccess: () => dialog.confirm(),
        onError: (error) => {
          setServerErrors(serverErrorsOf(error));
          scrollToTop();
        },
      },
    );
  };

  return (
    <Modal
      {...dialog.modalProps}
      size="lg"
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={dialog.cancel}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Submit
          </Button>
        </>
      }
    >
      <div ref={top} />
      <DiscountRuleForm
        values={values}
        onChange={(next) => {
          setValues(next);
          setServerErrors({});
        }}
        errors={errors}
        currency={currency}
        presetType={presetType}
        saved={rule}
        otherRules={otherRules}
        groups={groups}
        onSubmit={submit}
        top={save.error ? <Alert>{save.error.message}</Alert> : null}
      />
    </Modal>
  );
}
