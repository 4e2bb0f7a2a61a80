import {
  type FormEvent,
  type HTMLAttributes,
  type ReactNode,
  type SyntheticEvent,
  useState,
} from 'react';
import type { ActivityGroup } from '../../../../api-client/index.ts';
import {
  DISCOUNT_TYPES,
  discountRuleVisibleFields,
  groupsWithRuleOfType,
  type LOCKED_WHEN_USED,
} from '../../../../engine/index.ts';
import { Button } from '../../components/Button.tsx';
import { FieldError, SelectField, TextField } from '../../components/FormField.tsx';
import { useModal } from '../../components/useModal.ts';
import { Checkbox, type Errors } from '../activities/form.tsx';
import { ConditionDialog, type ConditionKind } from './ConditionDialog.tsx';
import { ConditionList } from './ConditionList.tsx';
import { MoneyField, PercentField } from './fields.tsx';
import {
  CODE_USAGE_LABELS,
  type ConditionValues,
  type DiscountValues,
  MULTI_PURCHASE_LABELS,
  SESSIONS_OPTION_LABELS,
  TYPE_LABELS,
  typeLabel,
  UNIT_LABELS,
} from './lib.ts';
import type { DiscountRule } from './queries.ts';
import { SelectActivitiesDialog } from './SelectActivitiesDialog.tsx';

const choose = (labels: Record<string, string>, values: readonly string[], none: string) => [
  { value: '', label: none },
  ...values.map((value) => ({ value, label: labels[value] ?? value })),
];

/*
 * React bubbles a nested <dialog>'s cancel (Escape) up the component tree to the rule's own
 * modal, which would close the whole form. React handles onCancel on any element, though its
 * types only list it for dialogs, hence the cast.
 */
const stopCancel = {
  onCancel: (event: SyntheticEvent) => event.stopPropagation(),
} as HTMLAttributes<HTMLDivElement>;

const CONDITION_KEYS = {
  sessions: 'multiSessionConditions',
  activities: 'multiActivityConditions',
} as const;

/**
 * The discount rule form (docs/data-model.md, docs/rules/forms-and-messages.md): which fields show
 * comes from the engine (discountRuleVisibleFields), so the form and the server always agree.
 * Amounts are typed in major units. Fields that a used rule cannot change are disabled; the type is
 * hidden when the caller presets it.
 *
 * @example <DiscountRuleForm values={v} onChange={setV} errors={errors} currency="GBP" presetType="Code" … />
 */
export function DiscountRuleForm({
  values,
  onChange,
  errors,
  currency,
  presetType,
  saved,
  otherRules,
  groups,
  onSubmit,
  top,
}: {
  values: DiscountValues;
  onChange: (values: DiscountValues) => void;
  errors: Errors;
  currency: string;
  presetType?: string | null;
  saved: DiscountRule | null;
  otherRules: readonly DiscountRule[];
  groups: readonly ActivityGroup[];
  onSubmit: () => void;
  /** Alerts shown above the first field. */
  top?: ReactNode;
}) {
  const show = discountRuleVisibleFields(values, {
    presetType: !!presetType,
    timesUsed: saved?.timesUsed,
  });
  const locked = (key: (typeof LOCKED_WHEN_USED)[number]) => show.locked.includes(key);
  const set = (patch: Partial<DiscountValues>) => onChange({ ...values, ...patch });
  const activitiesDialog = useModal();
  const conditionDialog = useModal();
  const [condition, setCondition] = useState<{
    kind: ConditionKind;
    editing: ConditionValues | null;
  }>({ kind: 'sessions', editing: null });
  const taken = groupsWithRuleOfType(values.type as DiscountRule['type'], otherRules, saved?._id);
  const groupName = (id: string) => groups.find((g) => g._id === id)?.name ?? 'Unknown activity';

  const setType = (type: string) => {
    const next = discountRuleVisibleFields({ ...values, type });
    // A unit the new type does not offer would only fail validation.
    set({ type, unit: next.unitOptions.includes(values.unit as never) ? values.unit : '' });
  };

  const openCondition = (kind: ConditionKind, editing: ConditionValues | null) => {
    setCondition({ kind, editing });
    conditionDialog.open();
  };
  const saveCondition = (kind: ConditionKind, c: ConditionValues) => {
    const key = CONDITION_KEYS[kind];
    const list = values[key];
    set({
      [key]: list.some((o) => o._id === c._id)
        ? list.map((o) => (o._id === c._id ? c : o))
        : [...list, c],
    });
  };
  const deleteCondition = (kind: ConditionKind, c: ConditionValues) => {
    const key = CONDITION_KEYS[kind];
    set({ [key]: values[key].filter((o) => o._id !== c._id) });
  };

  return (
    <>
      <form
        className="form"
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {top}
        {saved && saved.timesUsed > 0 ? (
          <p className="form-hint">
            This rule has been used {saved.timesUsed} {saved.timesUsed === 1 ? 'time' : 'times'}, so
            its type, code, usage and unit can no longer change.
          </p>
        ) : null}
        <TextField
          label="Name"
          required
          hint="Only you see this name."
          value={values.name}
          error={errors.name}
          autoFocus
          onChange={(e) => set({ name: e.target.value })}
        />
        {show.type ? (
          <SelectField
            label="Type"
            required
            value={values.type}
            error={errors.type}
            disabled={locked('type')}
            onChange={(e) => setType(e.target.value)}
            options={choose(TYPE_LABELS, DISCOUNT_TYPES, 'Select a type')}
          />
        ) : null}
        {show.multiPurchaseType ? (
          <SelectField
            label="Discount when booking"
            required
            value={values.multiPurchaseType}
            error={errors.multiPurchaseType}
            disabled={locked('multiPurchaseType')}
            onChange={(e) => set({ multiPurchaseType: e.target.value })}
            options={choose(MULTI_PURCHASE_LABELS, ['Session', 'Activity'], 'Select one')}
          />
        ) : null}
        {show.code ? (
          <div className="form-row">
            <TextField
              label="Code"
              required
              hint="Letters and numbers only. Parents type it at checkout."
              value={values.code}
              error={errors.code}
              disabled={locked('code')}
              autoCapitalize="characters"
              spellCheck={false}
              onChange={(e) => set({ code: e.target.value })}
            />
            <SelectField
              label="Code can be used for"
              required
              value={values.codeUsage}
              error={errors.codeUsage}
              disabled={locked('codeUsage')}
              onChange={(e) => set({ codeUsage: e.target.value })}
              options={choose(
                CODE_USAGE_LABELS,
                ['AllActivities', 'SelectedActivities'],
                'Select one',
              )}
            />
          </div>
        ) : null}
        {show.sessionsOption ? (
          <SelectField
            label={values.type === 'MultiAttendee' ? 'Attendees booking' : 'Sessions booked'}
            required
            value={values.sessionsOption}
            error={errors.sessionsOption}
            disabled={locked('sessionsOption')}
            hint="Whether the discount counts bookings of one activity only, or across activities."
            onChange={(e) => set({ sessionsOption: e.target.value })}
            options={choose(
              SESSIONS_OPTION_LABELS,
              ['SameActivity', 'MultipleActivities'],
              'Select one',
            )}
          />
        ) : null}
        {show.activityGroups ? (
          <fieldset className={`fieldset${errors.activityGroups ? ' has-error' : ''}`}>
            <legend className="form-label">
              Activities
              <span className="form-required" aria-hidden="true">
                {' '}
                *
              </span>
            </legend>
            {values.activityGroups.length ? (
              <ul className="chip-list" aria-label="Selected activities">
                {values.activityGroups.map((id) => (
                  <li key={id} className="chip">
                    {groupName(id)}
                    <button
                      type="button"
                      className="chip-remove"
                      aria-label={`Remove ${groupName(id)}`}
                      onClick={() =>
                        set({ activityGroups: values.activityGroups.filter((g) => g !== id) })
                      }
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">No activities selected.</p>
            )}
            <FieldError message={errors.activityGroups} />
            <div>
              <Button variant="secondary" size="sm" onClick={activitiesDialog.open}>
                Select activities
              </Button>
            </div>
          </fieldset>
        ) : null}
        {show.unit ? (
          <SelectField
            label="Discount unit"
            required
            value={values.unit}
            error={errors.unit}
            disabled={locked('unit')}
            onChange={(e) => set({ unit: e.target.value })}
            options={choose(UNIT_LABELS, show.unitOptions, 'Select a unit')}
          />
        ) : null}
        {show.fixedAmount ||
        show.percentage ||
        show.amountAdditionalAttendee ||
        show.percentageAdditionalAttendee ||
        show.maximumDiscountAmount ? (
          <div className="form-row">
            {show.fixedAmount ? (
              <MoneyField
                label="Amount off"
                required
                currency={currency}
                value={values.fixedAmount}
                error={errors.fixedAmount}
                onChange={(fixedAmount) => set({ fixedAmount })}
              />
            ) : null}
            {show.percentage ? (
              <PercentField
                label="Percentage off"
                required
                value={values.percentage}
                error={errors.percentage}
                onChange={(percentage) => set({ percentage })}
              />
            ) : null}
            {show.amountAdditionalAttendee ? (
              <MoneyField
                label="Amount off each additional attendee"
                required
                currency={currency}
                value={values.amountAdditionalAttendee}
                error={errors.amountAdditionalAttendee}
                onChange={(amountAdditionalAttendee) => set({ amountAdditionalAttendee })}
              />
            ) : null}
            {show.percentageAdditionalAttendee ? (
              <PercentField
                label="Percentage off each additional attendee"
                required
                value={values.percentageAdditionalAttendee}
                error={errors.percentageAdditionalAttendee}
                onChange={(percentageAdditionalAttendee) => set({ percentageAdditionalAttendee })}
              />
            ) : null}
            {show.maximumDiscountAmount ? (
              <MoneyField
                label="Maximum discount"
                currency={currency}
                hint="Optional cap on the amount taken off."
                value={values.maximumDiscountAmount}
                error={errors.maximumDiscountAmount}
                onChange={(maximumDiscountAmount) => set({ maximumDiscountAmount })}
              />
            ) : null}
          </div>
        ) : null}
        {show.minimumTotal ? (
          <MoneyField
            label="Minimum total"
            currency={currency}
            hint="Optional: the basket must come to at least this before the code applies."
            value={values.minimumTotal}
            error={errors.minimumTotal}
            onChange={(minimumTotal) => set({ minimumTotal })}
          />
        ) : null}
        {show.multiSessionConditions ? (
          <ConditionList
            kind="sessions"
            conditions={values.multiSessionConditions}
            currency={currency}
            errors={errors}
            errorKey="multiSessionConditions"
            onAdd={() => openCondition('sessions', null)}
            onEdit={(c) => openCondition('sessions', c)}
            onDelete={(c) => deleteCondition('sessions', c)}
          />
        ) : null}
        {show.multiActivityConditions ? (
          <ConditionList
            kind="activities"
            conditions={values.multiActivityConditions}
            currency={currency}
            errors={errors}
            errorKey="multiActivityConditions"
            onAdd={() => openCondition('activities', null)}
            onEdit={(c) => openCondition('activities', c)}
            onDelete={(c) => deleteCondition('activities', c)}
          />
        ) : null}
        {show.datePeriod ? (
          <fieldset className="fieldset">
            <legend className="form-label">Dates</legend>
            <Checkbox
              label="Only valid between certain dates"
              checked={values.shouldLimitDatePeriod}
              onChange={(shouldLimitDatePeriod) => set({ shouldLimitDatePeriod })}
            />
            {values.shouldLimitDatePeriod ? (
              <div className="form-row">
                <div className="check-list">
                  <Checkbox
                    label="Specify a start date"
                    checked={values.specifyStartDate}
                    onChange={(specifyStartDate) => set({ specifyStartDate })}
                  />
                  {show.startDate ? (
                    <TextField
                      label="Start date"
                      type="date"
                      required
                      value={values.startDate}
                      error={errors.startDate}
                      onChange={(e) => set({ startDate: e.target.value })}
                    />
                  ) : null}
                </div>
                <div className="check-list">
                  <Checkbox
                    label="Specify an end date"
                    checked={values.specifyEndDate}
                    onChange={(specifyEndDate) => set({ specifyEndDate })}
                  />
                  {show.endDate ? (
                    <TextField
                      label="End date"
                      type="date"
                      required
                      value={values.endDate}
                      error={errors.endDate}
                      onChange={(e) => set({ endDate: e.target.value })}
                    />
                  ) : null}
                </div>
              </div>
            ) : null}
          </fieldset>
        ) : null}
        {show.redemptionLimits ? (
          <fieldset className="fieldset">
            <legend className="form-label">Redemption limits</legend>
            <div className="form-row">
              <div className="check-list">
                <Checkbox
                  label="Limit the total number of uses"
                  checked={values.shouldLimitRedemptions}
                  onChange={(shouldLimitRedemptions) => set({ shouldLimitRedemptions })}
                />
                {show.maxRedemptions ? (
                  <TextField
                    label="Maximum uses"
                    required
                    inputMode="numeric"
                    value={values.maxRedemptions}
                    error={errors.maxRedemptions}
                    onChange={(e) => set({ maxRedemptions: e.target.value })}
                  />
                ) : null}
              </div>
              <div className="check-list">
                <Checkbox
                  label="Limit uses per customer"
                  checked={values.shouldLimitUserRedemptions}
                  onChange={(shouldLimitUserRedemptions) => set({ shouldLimitUserRedemptions })}
                />
                {show.maxUserRedemptions ? (
                  <TextField
                    label="Maximum uses per customer"
                    required
                    inputMode="numeric"
                    value={values.maxUserRedemptions}
                    error={errors.maxUserRedemptions}
                    onChange={(e) => set({ maxUserRedemptions: e.target.value })}
                  />
                ) : null}
              </div>
            </div>
            {show.onlyAllowForUserFirstBooking ? (
              <Checkbox
                label="Only for a customer’s first booking"
                checked={values.onlyAllowForUserFirstBooking}
                onChange={(onlyAllowForUserFirstBooking) => set({ onlyAllowForUserFirstBooking })}
              />
            ) : null}
          </fieldset>
        ) : null}
        <Checkbox
          switchStyle
          label="Enabled"
          hint={`Disabled ${values.type ? typeLabel(values.type).toLowerCase() : 'rule'}s are kept but never applied.`}
          checked={values.enabled}
          onChange={(enabled) => set({ enabled })}
        />
        <FieldError message={errors._} />
        <button type="submit" hidden />
      </form>
      {/* Escape in a sub-dialog closes only that dialog (see stopCancel). */}
      <div className="sub-dialogs" {...stopCancel}>
        {activitiesDialog.isOpen ? (
          <SelectActivitiesDialog
            dialog={activitiesDialog}
            selected={values.activityGroups}
            taken={taken}
            onSave={(activityGroups) => set({ activityGroups })}
          />
        ) : null}
        {conditionDialog.isOpen ? (
          <ConditionDialog
            dialog={conditionDialog}
            kind={condition.kind}
            condition={condition.editing}
            others={values[CONDITION_KEYS[condition.kind]].filter(
              (c) => c._id !== condition.editing?._id,
            )}
            currency={currency}
            onSave={(c) => saveCondition(condition.kind, c)}
          />
        ) : null}
      </div>
    </>
  );
}
