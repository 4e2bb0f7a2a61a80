import { FormField } from '../../components/FormField.tsx';
import { currencySymbol } from '../../lib/format.ts';

interface AffixFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
}

/**
 * An amount typed in major units with the client's currency symbol in front (docs/data-model.md:
 * amounts are entered in major currency units).
 *
 * @example <MoneyField label="Fixed amount" currency="GBP" value={v.fixedAmount} onChange={…} />
 */
export function MoneyField({ currency, ...props }: AffixFieldProps & { currency: string }) {
  return <AffixField {...props} prefix={currencySymbol(currency) ?? currency} />;
}

/** A percentage with a % after it. */
export function PercentField(props: AffixFieldProps) {
  return <AffixField {...props} suffix="%" />;
}

function AffixField({
  label,
  value,
  onChange,
  error,
  hint,
  required,
  disabled,
  prefix,
  suffix,
}: AffixFieldProps & { prefix?: string; suffix?: string }) {
  return (
    <FormField label={label} error={error} hint={hint} required={required}>
      {(control) => (
        <div className="input-affix">
          {prefix ? (
            <span className="input-prefix" aria-hidden="true">
              {prefix}
            </span>
          ) : null}
          <input
            {...control}
            className="input"
            inputMode="decimal"
            value={value}
            disabled={disabled}
            onChange={(e) => onChange(e.target.value)}
          />
          {suffix ? (
            <span className="input-suffix" aria-hidden="true">
              {suffix}
            </span>
          ) : null}
        </div>
      )}
    </FormField>
  );
}
