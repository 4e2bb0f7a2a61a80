import { describe, expect, it } from 'vitest';
import { offerDeadline, quietNightAround } from './offer-deadline.ts';

const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;

describe('offerDeadline: no offer lapses between 22:00 and 08:00 on the organiser’s clock', () => {
  it('leaves a daytime deadline alone, up to 21:59', () => {
    const offered = at('2031-01-06T10:00:00Z');
    expect(offerDeadline(offered, at('2031-01-08T10:00:00Z'), 'Europe/London')).toBe(
      at('2031-01-08T10:00:00Z'),
    );
    expect(offerDeadline(offered, at('2031-01-08T21:59:00Z'), 'Europe/London')).toBe(
      at('2031-01-08T21:59:00Z'),
    );
    // 08:00 itself is morning: the offer may lapse then.
    expect(offerDeadline(offered, at('2031-01-08T08:00:00Z'), 'Europe/London')).toBe(
      at('2031-01-08T08:00:00Z'),
    );
  });

  it('moves a late-evening deadline to 08:00 plus the time left at 22:00', () => {
    // 23:30 in London in January: 1.5 hours after 22:00, so 09:30 next morning.
    expect(
      offerDeadline(
        at('2031-01-06T23:30:00Z') - 48 * HOUR,
        at('2031-01-08T23:30:00Z'),
        'Europe/London',
      ),
    ).toBe(at('2031-01-09T09:30:00Z'));
    // Exactly 22:00: nothing left, so 08:00.
    expect(
      offerDeadline(at('2031-01-06T22:00:00Z'), at('2031-01-08T22:00:00Z'), 'Europe/London'),
    ).toBe(at('2031-01-09T08:00:00Z'));
  });

  it('moves an early-morning deadline to the same morning’s 08:00 plus the night’s part', () => {
    // 03:00 is 5 hours after the previous 22:00: 13:00.
    expect(
      offerDeadline(at('2031-01-06T03:00:00Z'), at('2031-01-08T03:00:00Z'), 'Europe/London'),
    ).toBe(at('2031-01-08T13:00:00Z'));
  });

  it('counts only the time since the offer was made when it was made during the night', () => {
    // Offered at 23:00 for 2 hours (until 01:00): the parent has 2 hours from 08:00.
    expect(
      offerDeadline(at('2031-01-06T23:00:00Z'), at('2031-01-07T01:00:00Z'), 'Europe/London'),
    ).toBe(at('2031-01-07T10:00:00Z'));
  });

  it('works on the organiser’s clock, not UTC (New York, UTC−5 in winter)', () => {
    // 23:00Z is 18:00 in New York: daytime there.
    expect(
      offerDeadline(at('2031-01-06T23:00:00Z'), at('2031-01-08T23:00:00Z'), 'America/New_York'),
    ).toBe(at('2031-01-08T23:00:00Z'));
    // 04:00Z is 23:00 in New York: 1 hour into the night, so 09:00 there (14:00Z).
    expect(
      offerDeadline(at('2031-01-06T04:00:00Z'), at('2031-01-08T04:00:00Z'), 'America/New_York'),
    ).toBe(at('2031-01-08T14:00:00Z'));
  });

  it('keeps 08:00 local across the spring clock change (a 9-hour night)', () => {
    // London springs forward at 01:00 GMT on Sun 29 March 2026. A deadline at 23:00 GMT on the
    // 28th is 1 hour into the night; 08:00 BST on the 29th is 07:00Z, plus 1 hour.
    expect(
      offerDeadline(at('2026-03-26T23:00:00Z'), at('2026-03-28T23:00:00Z'), 'Europe/London'),
    ).toBe(at('2026-03-29T08:00:00Z'));
    const night = quietNightAround(at('2026-03-29T02:30:00Z'), 'Europe/London')!;
    expect(night.end - night.start).toBe(9 * HOUR);
    // 03:30 BST (02:30Z) is 4.5 real hours after 22:00 GMT: 08:00 BST + 4.5 h = 11:30Z.
    expect(
      offerDeadline(at('2026-03-27T02:30:00Z'), at('2026-03-29T02:30:00Z'), 'Europe/London'),
    ).toBe(at('2026-03-29T11:30:00Z'));
  });

  it('keeps 08:00 local across the autumn clock change (an 11-hour night)', () => {
    // London falls back at 02:00 BST (01:00Z) on Sun 25 October 2026. The night runs from 22:00
    // BST (21:00Z on the 24th) to 08:00 GMT (08:00Z on the 25th).
    const night = quietNightAround(at('2026-10-25T01:30:00Z'), 'Europe/London')!;
    expect(night.start).toBe(at('2026-10-24T21:00:00Z'));
    expect(night.end).toBe(at('2026-10-25T08:00:00Z'));
    expect(night.end - night.start).toBe(11 * HOUR);
    // A deadline at 01:30Z is 4.5 real hours into the night: 12:30Z.
    expect(
      offerDeadline(at('2026-10-23T01:30:00Z'), at('2026-10-25T01:30:00Z'), 'Europe/London'),
    ).toBe(at('2026-10-25T12:30:00Z'));
  });

  it('is daytime at noon: no night around it', () => {
    expect(quietNightAround(at('2031-07-01T11:00:00Z'), 'Europe/London')).toBeNull();
  });
});
