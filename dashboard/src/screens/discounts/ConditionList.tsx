import { toNumber } from '../../../../engine/index.ts';
import { Button } from '../../components/Button.tsx';
import { FieldError } from '../../components/FormField.tsx';
import { useLocale } from '../../lib/money.ts';
import { formatMajor } from '../activities/lib.ts';
import type { ConditionKind } from './ConditionDialog.tsx';
import type { ConditionValues } from './lib.ts';

/** '10%', '£5.00' or '£2.00 per session' for a condition as typed (major units). */
function typedAmount(c: ConditionValues, currency: string, locale: string) {
  if (c.unit === 'Percentage') return `${c.percentage}%`;
  if (c.unit === 'AmountPerSession')
    return `${formatMajor(c.amountPerSession, currency, locale)} per session`;
  return formatMajor(c.fixedAmount, currency, locale);
}

/** Conditions in the order parents meet them: the smallest minimum first. */
export const byMinimum = (list: readonly ConditionValues[]) =>
  [...list].sort((a, b) => (toNumber(a.minimum) ?? 0) - (toNumber(b.minimum) ?? 0));

/**
 * The rule's conditions with Edit and Delete, and 'Add condition'. Errors the engine reports on
 * a row ('multiSessionConditions.1.percentage') show under that row.
 *
 * @example <ConditionList kind="sessions" conditions={v.multiSessionConditions} errors={errors} errorKey="multiSessionConditions" … />
 */
export function ConditionList({
  kind,
  conditions,
  currency,
  errors,
  errorKey,
  onAdd,
  onEdit,
  onDelete,
}: {
  kind: ConditionKind;
  conditions: ConditionValues[];
  currency: string;
  errors: Record<string, string>;
  errorKey: string;
  onAdd: () => void;
  onEdit: (condition: ConditionValues) => void;
  onDelete: (condition: ConditionValues) => void;
}) {
  const locale = useLocale();
  const noun = kind === 'sessions' ? 'sessions' : 'activities';
  const rowError = (c: ConditionValues) => {
    const index = conditions.indexOf(c);
    const prefix = `${errorKey}.${index}.`;
    return Object.entries(errors).find(([key]) => key.startsWith(prefix))?.[1];
  };
  return (
    <fieldset className={`fieldset${errors[errorKey] ? ' has-error' : ''}`}>
      <legend className="form-label">Conditions</legend>
      {conditions.length === 0 ? (
        <p className="muted">
          No conditions yet. Add one for each number of {noun} that earns a discount.
        </p>
      ) : (
        <ul className="condition-list">
          {byMinimum(conditions).map((c) => (
            <li key={c._id}>
              <span className="condition-text">
                <strong>
                  {c.minimum}+ {noun}
                </strong>{' '}
                {typedAmount(c, currency, locale)} off
              </span>
              <span className="row-actions">
                <button
                  type="button"
                  className="link-button"
                  aria-label={`Edit condition for ${c.minimum} ${noun}`}
                  onClick={() => onEdit(c)}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="link-button link-danger"
                  aria-label={`Delete condition for ${c.minimum} ${noun}`}
                  onClick={() => onDelete(c)}
                >
                  Delete
                </button>
              </span>
              <FieldError message={rowError(c)} />
            </li>
          ))}
        </ul>
      )}
      <FieldError message={errors[errorKey]} />
      <div>
        <Button variant="secondary" size="sm" onClick={onAdd}>
          Add condition
        </Button>
      </div>
    </fieldset>
  );
}
