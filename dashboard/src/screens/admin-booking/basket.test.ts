import { describe, expect, it } from 'vitest';
import type { AdminQuote } from '../../../../api-client/index.ts';
import { messages } from '../../../../engine/index.ts';
import { adminBasket, quoteNotices, toggle } from './basket.ts';

const group = {
  _id: 'g1',
  tickets: [
    { _id: 'day', type: 'single' },
    { _id: 'week', type: 'all' },
  ],
} as Parameters<typeof adminBasket>[1];

describe('adminBasket', () => {
  it('drops tickets with no attendee and sends sessions only for single-session tickets', () => {
    const body = adminBasket(
      'u1',
      group,
      [
        { ticketId: 'day', attendeeIds: ['a1'], sessionIds: ['s1'], addOnIds: ['lunch'] },
        { ticketId: 'week', attendeeIds: ['a2'], sessionIds: ['s9'], addOnIds: [] },
        { ticketId: 'day', attendeeIds: [], sessionIds: ['s2'], addOnIds: [] },
      ],
      { type: 'payLater' },
    );
    expect(body).toEqual({
      user: 'u1',
      activityGroups: [
        {
          activityGroup: 'g1',
          items: [
            { ticket: 'day', attendees: ['a1'], activities: ['s1'], addOns: [{ addOn: 'lunch' }] },
            { ticket: 'week', attendees: ['a2'], addOns: [] },
          ],
        },
      ],
      paymentMethod: { type: 'payLater' },
    });
  });
});

describe('toggle', () => {
  it('adds once and removes', () => {
    expect(toggle(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(toggle(['a', 'b'], 'b', true)).toEqual(['a', 'b']);
    expect(toggle(['a', 'b'], 'a', false)).toEqual(['b']);
  });
});

describe('quoteNotices', () => {
  it('names the attendee and ticket of each warning and problem', () => {
    const quote = {
      lines: [{ key: 0, attendeeId: 'a1', ticketId: 'day' }],
      warnings: [
        {
          lineKey: 0,
          activityGroup: 'g1',
          ticket: 'day',
          attendee: 'a1',
          warnings: [{ code: 'outsideAgeRange', message: messages.ageRangeNotice }],
        },
      ],
      problems: [{ lineKey: 0, message: messages.sessionFull }],
    } as unknown as AdminQuote;
    const names = { attendee: () => 'Leo Parent', ticket: () => 'Day ticket' };
    expect(quoteNotices(quote, names)).toEqual({
      warnings: [
        {
          key: '0-outsideAgeRange',
          who: 'Leo Parent, Day ticket',
          message: messages.ageRangeNotice,
        },
      ],
      problems: [{ key: '0-0', who: 'Leo Parent, Day ticket', message: messages.sessionFull }],
    });
  });
});
