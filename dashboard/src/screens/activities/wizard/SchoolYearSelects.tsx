import { SCHOOL_YEARS, schoolYearName } from '../../../../../engine/school-year.ts';
import { SelectField } from '../../../components/FormField.tsx';

/*
 * An activity's UK school years (docs/rules/school-years.md), beside its age range: organisers
 * of school clubs think in "Years 3 to 6", and a child's year follows from the date of birth.
 */

type Range = { min?: number | null; max?: number | null } | null;

const ANY = '';
const OPTIONS = [
  { value: ANY, label: 'Any' },
  ...SCHOOL_YEARS.map((year) => ({ value: String(year), label: schoolYearName(year) })),
];

const parse = (value: string) => (value === ANY ? null : Number(value));

export function SchoolYearSelects({
  value,
  errors,
  onChange,
}: {
  value: Range;
  errors: { min?: string; max?: string };
  onChange: (range: { min: number | null; max: number | null }) => void;
}) {
  const min = value?.min ?? null;
  const max = value?.max ?? null;
  return (
    <div className="form-grid">
      <SelectField
        label="From school year"
        value={min === null ? ANY : String(min)}
        options={OPTIONS}
        onChange={(event) => onChange({ min: parse(event.target.value), max })}
        error={errors.min}
        hint="UK school years, from the 31 August cut-off."
      />
      <SelectField
        label="To school year"
        value={max === null ? ANY : String(max)}
        options={OPTIONS}
        onChange={(event) => onChange({ min, max: parse(event.target.value) })}
        error={errors.max}
      />
    </div>
  );
}
