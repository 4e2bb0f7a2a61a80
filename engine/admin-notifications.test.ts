import { describe, expect, it } from 'vitest';
import { digestDateDue, digestNumbers } from './admin-notifications.ts';

describe('digestDateDue', () => {
  it('is tomorrow from 17:00 on the organiser’s clock, and nothing before', () => {
    expect(digestDateDue(Date.parse('2031-01-06T16:59:00Z'), 'Europe/London')).toBeNull();
    expect(digestDateDue(Date.parse('2031-01-06T17:00:00Z'), 'Europe/London')).toBe('2031-01-07');
    expect(digestDateDue(Date.parse('2031-01-06T23:59:00Z'), 'Europe/London')).toBe('2031-01-07');
    // 01:00 on the 7th in London: before 17:00 again, nothing due.
    expect(digestDateDue(Date.parse('2031-01-07T01:00:00Z'), 'Europe/London')).toBeNull();
  });
  it('uses the organiser’s zone: 17:30Z is 12:30 in New York', () => {
    expect(digestDateDue(Date.parse('2031-01-06T17:30:00Z'), 'America/New_York')).toBeNull();
    expect(digestDateDue(Date.parse('2031-01-06T22:30:00Z'), 'America/New_York')).toBe(
      '2031-01-07',
    );
  });
  it('in summer time, 17:00 BST is 16:00Z', () => {
    expect(digestDateDue(Date.parse('2031-07-01T16:00:00Z'), 'Europe/London')).toBe('2031-07-02');
  });
});

describe('digestNumbers', () => {
  it('shows booked over capacity, or that there is no limit', () => {
    expect(digestNumbers(7, 12)).toBe('7 / 12 booked');
    expect(digestNumbers(3, null)).toBe('3 booked (no limit)');
  });
});
