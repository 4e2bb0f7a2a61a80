import { describe, expect, it } from 'vitest';
import { scheduleForTicket, scheduleTexts } from './payment-schedule.ts';

describe('scheduleTexts', () => {
  it('prints the dates in the client’s date format', () => {
    const dates = ['2026-12-01', '2027-01-01'];
    expect(scheduleTexts({ dates, today: '2026-11-23', dateFormat: 'dd/MM/yyyy' })).toEqual([
      'First payment on 01/12/2026',
      'Final payment on 01/01/2027',
    ]);
    expect(scheduleTexts({ dates, today: '2026-12-05', dateFormat: 'd MMM yyyy' })).toEqual([
      'Next payment on 1 Jan 2027',
      'Final payment on 1 Jan 2027',
    ]);
  });

  it('ends a subscription’s texts with “Continues until cancelled”', () => {
    expect(
      scheduleTexts({
        dates: ['2026-12-01'],
        today: '2026-11-23',
        untilCancelled: true,
        dateFormat: 'MM/dd/yyyy',
      }),
    ).toEqual(['First payment on 12/01/2026', 'Continues until cancelled']);
  });
});

describe('scheduleForTicket', () => {
  it('splits a regular schedule without an amount evenly over its dates', () => {
    expect(
      scheduleForTicket(30000, {
        type: 'regular',
        firstPaymentDate: '2027-01-01',
        finalPaymentDate: '2027-03-01',
      }),
    ).toEqual({
      atBooking: 0,
      instalments: [
        { date: '2027-01-01', amount: 10000 },
        { date: '2027-02-01', amount: 10000 },
        { date: '2027-03-01', amount: 10000 },
      ],
    });
  });

  it('leaves what fixed instalments do not cover to be paid at booking', () => {
    expect(
      scheduleForTicket(25000, {
        type: 'fixed',
        schedule: [
          { date: '2027-02-01', amount: 10000 },
          { date: '2027-01-01', amount: 10000 },
        ],
      }),
    ).toEqual({
      atBooking: 5000,
      instalments: [
        { date: '2027-01-01', amount: 10000 },
        { date: '2027-02-01', amount: 10000 },
      ],
    });
  });
});
