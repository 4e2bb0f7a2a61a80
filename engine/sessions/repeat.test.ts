import { describe, expect, it } from 'vitest';
import { addMonths, formatTime, formatTimeRange, todayIn, zonedToInstant } from '../dates.ts';
import { generateSessions } from './repeat.ts';

const base = { startTime: '09:00', endTime: '10:00', placeLimit: 12, enabled: true };

describe('session repeats in the client time zone', () => {
  it('keeps 9am on the wall clock across the late-October UK change', () => {
    const week = generateSessions(
      {
        ...base,
        date: '2025-10-22',
        repeat: {
          frequency: 'Daily',
          repeatDays: [
            'Monday',
            'Tuesday',
            'Wednesday',
            'Thursday',
            'Friday',
            'Saturday',
            'Sunday',
          ],
          end: { type: 'occurrences', occurrences: 7 },
        },
      },
      'Europe/London',
    );
    expect(week.map((s) => s.date)).toEqual([
      '2025-10-22',
      '2025-10-23',
      '2025-10-24',
      '2025-10-25',
      '2025-10-26',
      '2025-10-27',
      '2025-10-28',
    ]);
    expect(week.map((s) => s.startsAt.slice(11, 16))).toEqual([
      '08:00',
      '08:00',
      '08:00',
      '08:00',
      '09:00',
      '09:00',
      '09:00',
    ]);
  });

  it('daily repeats on the chosen days only (default Monday to Friday) until an end date', () => {
    const s = generateSessions(
      {
        ...base,
        date: '2025-10-25',
        repeat: {
          frequency: 'Daily',
          repeatDays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
          end: { type: 'date', endDate: '2025-11-03' },
        },
      },
      'Europe/London',
    );
    expect(s.map((x) => x.date)).toEqual([
      '2025-10-27',
      '2025-10-28',
      '2025-10-29',
      '2025-10-30',
      '2025-10-31',
      '2025-11-03',
    ]);
  });

  it('weekly repeats on the start weekday for N occurrences; no repeat gives one session', () => {
    const s = generateSessions(
      {
        ...base,
        date: '2025-03-24',
        repeat: {
          frequency: 'Weekly',
          repeatDays: [],
          end: { type: 'occurrences', occurrences: 3 },
        },
      },
      'Europe/London',
    );
    expect(s.map((x) => [x.date, x.startsAt])).toEqual([
      ['2025-03-24', '2025-03-24T09:00:00.000Z'],
      ['2025-03-31', '2025-03-31T08:00:00.000Z'],
      ['2025-04-07', '2025-04-07T08:00:00.000Z'],
    ]);
    expect(
      generateSessions({ ...base, date: '2025-03-24', repeat: null }, 'Europe/London'),
    ).toHaveLength(1);
  });
});

describe('dates and times', () => {
  it.each([
    ['15:30', '3.30pm'],
    ['15:00', '3pm'],
    ['00:00', '12am'],
    ['12:00', '12pm'],
    ['09:05', '9.05am'],
  ])('formats %s as %s', (t, shown) => expect(formatTime(t)).toBe(shown));

  it('formats ranges, clamps month ends and reads today in the client zone', () => {
    expect(formatTimeRange('15:30', '16:30')).toBe('3.30pm–4.30pm');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(todayIn(Date.parse('2025-07-01T23:30:00Z'), 'Europe/London')).toBe('2025-07-02');
    expect(todayIn(Date.parse('2025-07-01T23:30:00Z'), 'America/New_York')).toBe('2025-07-01');
  });

  it('resolves a skipped spring time forward and a repeated autumn time to its first occurrence', () => {
    expect(new Date(zonedToInstant('2025-03-30', '01:30', 'Europe/London')).toISOString()).toBe(
      '2025-03-30T01:30:00.000Z',
    );
    expect(new Date(zonedToInstant('2025-10-26', '01:30', 'Europe/London')).toISOString()).toBe(
      '2025-10-26T00:30:00.000Z',
    );
  });
});
