import { describe, expect, it } from 'vitest';
import { copyActivityGroup, copyName, shiftSessionDates } from './activity-group-copy.ts';
import { weekdayOf } from './dates.ts';

describe('shiftSessionDates', () => {
  it('puts the earliest session on the start date and keeps the gaps across a month end', () => {
    const shifted = shiftSessionDates(
      [
        { date: '2026-09-12', startTime: '09:00' },
        { date: '2026-09-05', startTime: '09:00' },
        { date: '2026-09-19', startTime: '10:30' },
      ],
      '2027-01-23',
    );
    expect(shifted).toEqual([
      { date: '2027-01-30', startTime: '09:00' },
      { date: '2027-01-23', startTime: '09:00' },
      { date: '2027-02-06', startTime: '10:30' },
    ]);
  });

  it('keeps every weekday when the new start is on the same weekday, even over a leap day', () => {
    const old = ['2027-02-20', '2027-02-27', '2027-03-06'].map((date) => ({ date }));
    const shifted = shiftSessionDates(old, '2028-02-19');
    expect(shifted.map((s) => s.date)).toEqual(['2028-02-19', '2028-02-26', '2028-03-04']);
    expect(shifted.map((s) => weekdayOf(s.date))).toEqual(old.map((s) => weekdayOf(s.date)));
  });

  it('shifts backwards too, and has nothing to shift without sessions', () => {
    expect(shiftSessionDates([{ date: '2026-03-01' }], '2026-02-27')).toEqual([
      { date: '2026-02-27' },
    ]);
    expect(shiftSessionDates([], '2026-02-27')).toEqual([]);
  });
});

describe('copyActivityGroup', () => {
  const form = {
    name: 'Football',
    enabled: true,
    description: '<p>Fun</p>',
    activities: [
      { _id: 's1', date: '2026-10-31', startTime: '09:00', endTime: '10:00' },
      { _id: 's2', date: '2026-11-07', startTime: '09:00', endTime: '10:00' },
    ],
    tickets: [{ _id: 't1', name: 'Drop-in', price: '5', sessionsCanBeUsedFor: ['s2'] }],
    addOns: [{ _id: 'a1', name: 'Kit', price: '2', sessionsCanBeUsedFor: ['s1'] }],
  };

  it('makes an unpublished new group with new ids, shifted sessions and restrictions that follow', () => {
    const copy = copyActivityGroup(form, { startDate: '2027-01-30', name: copyName('Football') });
    expect(copy.name).toBe('Football (copy)');
    expect(copy.enabled).toBe(false);
    expect(copy.description).toBe('<p>Fun</p>');
    expect(copy.activities.map((s) => [s.date, s.startTime, s.endTime])).toEqual([
      ['2027-01-30', '09:00', '10:00'],
      ['2027-02-06', '09:00', '10:00'],
    ]);
    const ids = [...copy.activities, ...copy.tickets, ...copy.addOns].map((i) => i._id);
    expect(ids.every((id) => id.startsWith('temp_'))).toBe(true);
    expect(copy.tickets[0]!.sessionsCanBeUsedFor).toEqual([copy.activities[1]!._id]);
    expect(copy.addOns[0]!.sessionsCanBeUsedFor).toEqual([copy.activities[0]!._id]);
    expect(copy.tickets[0]!.price).toBe('5');
  });
});
