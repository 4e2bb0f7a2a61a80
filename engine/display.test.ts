import { describe, expect, it } from 'vitest';
import {
  bookingReference,
  clientDate,
  formatAgeRange,
  formatCivilDate,
  friendlyDate,
} from './display.ts';

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
