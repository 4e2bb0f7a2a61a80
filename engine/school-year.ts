/*
 * UK school years (docs/rules/school-years.md). Children in England and Wales start Reception in
 * the September after they turn four, in cohorts running 1 September to 31 August, and move up
 * a year every September. Organisers of children's activities think in these years ("Years 3 to
 * 6"), so an activity may be limited by school year as well as by age.
 *
 * Years are numbered 0 (Reception) to 13 (Year 13); below 0 is pre-school, above 13 has left.
 */

export const RECEPTION = 0;

export const schoolYearMessages = {
  unknown: 'Choose a school year from the list.',
  order: 'The first school year cannot be after the last.',
} as const;
export const LAST_SCHOOL_YEAR = 13;

/** Every school year an organiser can pick, in order. */
export const SCHOOL_YEARS: readonly number[] = Array.from(
  { length: LAST_SCHOOL_YEAR - RECEPTION + 1 },
  (_, index) => RECEPTION + index,
);

/** The calendar year in which the school year containing a `yyyy-MM-dd` date began. */
function academicYearStart(date: string): number {
  const [year, month] = date.split('-').map(Number);
  return month >= 9 ? year : year - 1;
}

/**
 * The school year a child is in on a date: a child born from 1 September 2019 to 31 August 2020
 * starts Reception in September 2024.
 *
 * @example schoolYearOn('2019-09-01', '2024-09-02') // 0 (Reception)
 * @example schoolYearOn('2020-08-31', '2024-09-02') // 0 (the youngest of the same cohort)
 * @example schoolYearOn('2017-03-10', '2026-11-28') // 4 (Year 4)
 */
export function schoolYearOn(dateOfBirth: string, onDate: string): number {
  return academicYearStart(onDate) - academicYearStart(dateOfBirth) - 5;
}

/** @example schoolYearName(0) // 'Reception'  @example schoolYearName(3) // 'Year 3' */
export function schoolYearName(year: number): string {
  return year === RECEPTION ? 'Reception' : `Year ${year}`;
}

/**
 * How a range of school years reads on an activity: 'Years 3–6', 'Reception–Year 2', 'Year 1
 * and above'. Null when neither end is set.
 */
export function schoolYearRangeLabel(min: number | null, max: number | null): string | null {
  if (min == null && max == null) return null;
  if (min != null && max != null) {
    if (min === max) return schoolYearName(min);
    if (min === RECEPTION) return `Reception–Year ${max}`;
    return `Years ${min}–${max}`;
  }
  if (min != null) return `${schoolYearName(min)} and above`;
  return `${schoolYearName(max as number)} and below`;
}

/** Whether a school year falls outside an activity's range (an open end accepts everything). */
export function isOutsideSchoolYears(
  year: number,
  min: number | null | undefined,
  max: number | null | undefined,
): boolean {
  return (min != null && year < min) || (max != null && year > max);
}

/** An activity's school-year limits; null ends are open. */
export interface SchoolYearRange {
  min: number | null;
  max: number | null;
}

/**
 * Whether an activity suits children in a school year, for the listing's school-year filter.
 * An activity limited by school year answers by its years. One limited only by age suits the
 * year when its range meets the ages such a child can have (4 to 6 years above the year's
 * number: a Reception class holds children from 4 to just under 6 across the school year). An
 * activity with neither limit suits everyone.
 *
 * @example suitsSchoolYear({ schoolYears: { min: 3, max: 6 }, ageRange: { minMonths: null, maxMonths: null } }, 2) // false
 */
export function suitsSchoolYear(
  group: {
    schoolYears?: SchoolYearRange | null;
    ageRange: { minMonths: number | null; maxMonths: number | null };
  },
  year: number,
): boolean {
  const years = group.schoolYears;
  if (years && (years.min !== null || years.max !== null)) {
    return !isOutsideSchoolYears(year, years.min, years.max);
  }
  const youngest = (year + 4) * 12;
  const oldest = (year + 6) * 12 - 1;
  const { minMonths, maxMonths } = group.ageRange;
  return (
    (minMonths === null || minMonths <= oldest) && (maxMonths === null || maxMonths >= youngest)
  );
}
