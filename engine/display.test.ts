import { describe, expect, it } from 'vitest';
import {
  bookingReference,
  clientDate,
  formatAgeRange,
  formatCivilDate,
  formatInstant,
  friendlyDate,
  localeFor,
} from './display.ts';
import { formatMoney } from './money.ts';

describe('display formatting', () => {
  it.each([
    ['dd/MM/yyyy', '07/03/2026'],
    ['MM/dd/yyyy', '03/07/2026'],
    ['yyyy-MM-dd', '2026-03-07'],
    ['d MMM yyyy', '7 Mar 2026'],
    ['d MMMM yy', '7 March 26'],
  ])('formats a civil date as %s', (pattern, expected) => {
    expect(formatCivilDate('2026-03-07', pattern)).toBe(expected);
  });

  it('keeps the day whatever the zone of the machine', () => {
    expect(friendlyDate('2025-11-29', 'en-GB')).toBe('Sat 29 Nov');
    expect(clientDate('2025-11-29', 'dd/MM/yyyy', 'en-GB')).toBe('Sat 29/11/2025');
  });

  // Amounts, weekdays and instants follow the organiser's country (docs/rules/money.md).
  it.each([
    ['GB', 'GBP', 'Europe/London', '£1,234.50', 'Sat 29/11/2025', '29 Nov 2025, 16:05'],
    ['US', 'USD', 'America/New_York', '$1,234.50', 'Sat 29/11/2025', 'Nov 29, 2025, 11:05 AM'],
    ['IE', 'EUR', 'Europe/Dublin', '€1,234.50', 'Sat 29/11/2025', '29 Nov 2025, 16:05'],
    ['CA', 'CAD', 'America/Toronto', '$1,234.50', 'Sat 29/11/2025', 'Nov 29, 2025, 11:05 a.m.'],
    ['AU', 'AUD', 'Australia/Sydney', '$1,234.50', 'Sat 29/11/2025', '30 Nov 2025, 3:05 am'],
    ['NZ', 'NZD', 'Pacific/Auckland', '$1,234.50', 'Sat 29/11/2025', '30 Nov 2025, 5:05 am'],
  ])(
    'a %s organiser reads %s amounts and dates their way',
    (country, currency, zone, money, day, instant) => {
      const locale = localeFor(country);
      expect(formatMoney(123450, currency, locale)).toBe(money);
      const at = '2025-11-29T16:05:00Z';
      expect(clientDate('2025-11-29', 'dd/MM/yyyy', locale)).toBe(day);
      expect(formatInstant(at, locale, zone)).toBe(instant);
    },
  );

  it("puts a US organiser's dates month first where the format says so", () => {
    expect(clientDate('2025-11-29', 'MM/dd/yyyy', localeFor('US'))).toBe('Sat 11/29/2025');
    expect(formatInstant('2025-11-29T16:05:00Z', localeFor('US'), 'UTC')).toBe(
      'Nov 29, 2025, 4:05 PM',
    );
    expect(formatInstant('2025-11-29T16:05:00Z', localeFor('GB'), 'UTC')).toBe(
      '29 Nov 2025, 16:05',
    );
  });

  it.each([
    [{ minMonths: 72, maxMonths: 119 }, 'Ages 6–9'],
    [{ minMonths: 60, maxMonths: null }, 'Ages 5+'],
    [{ minMonths: null, maxMonths: 95 }, 'Ages up to 7'],
    [{ minMonths: 18, maxMonths: 30 }, 'Ages 18–30 months'],
    [{ minMonths: null, maxMonths: null }, null],
  ])('reads the age range %j as %s', (range, expected) => {
    expect(formatAgeRange(range)).toBe(expected);
  });
});

describe('bookingReference', () => {
  it('is the end of the id in capitals, what parents quote and organisers search by', () => {
    expect(bookingReference('6b048af9c3e1a2b4d5f60718')).toBe('D5F60718');
    expect(bookingReference('6b048af9c3e1a2b4aaaaaaaa')).not.toBe(
      bookingReference('6b048af9c3e1a2b4bbbbbbbb'),
    );
  });
});
