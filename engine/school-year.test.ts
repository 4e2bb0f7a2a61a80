import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { bookingAgeProblem } from './bookings.ts';
import { messages } from './messages.ts';
import { createActivityGroupSchema } from './schemas/activity-group.ts';
import { fieldErrors } from './schemas/common.ts';
import {
  isOutsideSchoolYears,
  SCHOOL_YEARS,
  schoolYearName,
  schoolYearOn,
  schoolYearRangeLabel,
  suitsSchoolYear,
} from './school-year.ts';

describe('schoolYearOn: the UK school year on a date (31 August cut-off)', () => {
  it('puts a whole September-to-August birth cohort in the same year', () => {
    for (const born of ['2019-09-01', '2019-12-25', '2020-02-29', '2020-08-31']) {
      expect(schoolYearOn(born, '2024-09-02'), born).toBe(0);
    }
  });

  it('separates children born either side of 31 August', () => {
    expect(schoolYearOn('2016-08-31', '2026-11-28')).toBe(6);
    expect(schoolYearOn('2016-09-01', '2026-11-28')).toBe(5);
  });

  it('moves every child up one year in September, not on their birthday', () => {
    const born = '2018-03-10';
    expect(schoolYearOn(born, '2026-08-31')).toBe(3);
    expect(schoolYearOn(born, '2026-09-01')).toBe(4);
    expect(schoolYearOn(born, '2027-03-10')).toBe(4);
  });

  it('reads pre-school children below Reception and school leavers above Year 13', () => {
    expect(schoolYearOn('2023-01-01', '2026-11-28')).toBe(-1);
    expect(schoolYearOn('2008-09-01', '2026-11-28')).toBe(13);
    expect(schoolYearOn('2008-08-31', '2026-11-28')).toBe(14);
  });
});

describe('school year names and ranges', () => {
  it('names Reception and Years 1 to 13', () => {
    expect(SCHOOL_YEARS.map(schoolYearName)).toEqual([
      'Reception',
      ...Array.from({ length: 13 }, (_, i) => `Year ${i + 1}`),
    ]);
  });

  it('reads a range the way a parent would', () => {
    expect(schoolYearRangeLabel(3, 6)).toBe('Years 3–6');
    expect(schoolYearRangeLabel(0, 2)).toBe('Reception–Year 2');
    expect(schoolYearRangeLabel(4, 4)).toBe('Year 4');
    expect(schoolYearRangeLabel(1, null)).toBe('Year 1 and above');
    expect(schoolYearRangeLabel(null, 0)).toBe('Reception and below');
    expect(schoolYearRangeLabel(null, null)).toBeNull();
  });

  it('accepts a year inside the range and at both ends, and anything at an open end', () => {
    expect(isOutsideSchoolYears(3, 3, 6)).toBe(false);
    expect(isOutsideSchoolYears(6, 3, 6)).toBe(false);
    expect(isOutsideSchoolYears(2, 3, 6)).toBe(true);
    expect(isOutsideSchoolYears(7, 3, 6)).toBe(true);
    expect(isOutsideSchoolYears(-1, null, 2)).toBe(false);
    expect(isOutsideSchoolYears(13, 1, null)).toBe(false);
  });
});

describe('limiting an activity by school year', () => {
  const schema = createActivityGroupSchema({ planLevel: 20 });
  const group = {
    name: 'Years 3–6 Football',
    activities: [{ _id: 'temp_1', date: '2027-01-09', startTime: '10:00', endTime: '11:00' }],
    tickets: [{ _id: 'temp_t', type: 'all', name: 'Term', price: '80' }],
  };

  it('stores the chosen years, and open ends as null', () => {
    expect(v.parse(schema, { ...group, schoolYears: { min: 3, max: 6 } }).schoolYears).toEqual({
      min: 3,
      max: 6,
    });
    expect(v.parse(schema, group).schoolYears).toEqual({ min: null, max: null });
  });

  it('refuses a first year after the last, and a year that is not on the list', () => {
    const errors = (input: unknown) => fieldErrors(v.safeParse(schema, input).issues);
    expect(errors({ ...group, schoolYears: { min: 6, max: 3 } })['schoolYears.max']).toBe(
      'The first school year cannot be after the last.',
    );
    expect(errors({ ...group, schoolYears: { min: 14 } })['schoolYears.min']).toBe(
      'Choose a school year from the list.',
    );
    expect(errors({ ...group, schoolYears: { min: 2.5 } })['schoolYears.min']).toBe(
      'Choose a school year from the list.',
    );
  });

  const booking = {
    sessions: [{ date: '2027-01-09' }],
    ageRange: { minMonths: null, maxMonths: null },
    schoolYears: { min: 3, max: 6 },
  };

  it('lets a child in the range book, on the first session’s school year', () => {
    // Born March 2019: Year 2 until August 2026, Year 3 from September 2026.
    expect(
      bookingAgeProblem({ ...booking, dateOfBirth: '2019-03-01', blockOutOfRange: true }),
    ).toBeNull();
  });

  it('gives the age notice, or the block, to a child outside the years', () => {
    // Born September 2019: Year 2 in January 2027.
    expect(
      bookingAgeProblem({ ...booking, dateOfBirth: '2019-09-01', blockOutOfRange: false }),
    ).toEqual({ blocked: false, message: messages.ageRangeNotice });
    expect(
      bookingAgeProblem({ ...booking, dateOfBirth: '2019-09-01', blockOutOfRange: true }),
    ).toEqual({ blocked: true, message: messages.ageRangeBlockedBooking });
  });
});

describe('the listing’s school-year filter', () => {
  const open = { minMonths: null, maxMonths: null };
  it('keeps activities for that year and drops the others', () => {
    const club = { schoolYears: { min: 3, max: 6 }, ageRange: open };
    expect(suitsSchoolYear(club, 3)).toBe(true);
    expect(suitsSchoolYear(club, 2)).toBe(false);
  });

  it('matches age-only activities to the ages a child in that year can have', () => {
    // Year 1 children are 5 to just under 7.
    expect(suitsSchoolYear({ ageRange: { minMonths: 72, maxMonths: 119 } }, 1)).toBe(true);
    expect(suitsSchoolYear({ ageRange: { minMonths: 96, maxMonths: 119 } }, 1)).toBe(false);
    expect(suitsSchoolYear({ ageRange: { minMonths: 12, maxMonths: 47 } }, 0)).toBe(false);
    expect(suitsSchoolYear({ ageRange: open, schoolYears: { min: null, max: null } }, 9)).toBe(
      true,
    );
  });
});
