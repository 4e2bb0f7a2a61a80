import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import { isScheduleUsable } from './payment-schedule.ts';
import { connectedAccountBadge, featureGate, hasFeature, paymentMethodToggles } from './plans.ts';

describe('messages table', () => {
  it('holds each text once', () => {
    const texts = Object.values(messages).filter((m) => typeof m === 'string');
    expect(new Set(texts).size).toBe(texts.length);
  });
  it.each([
    [messages.failedToGetFields(), 'Failed to get fields'],
    [messages.failedToGetFields('timeout'), 'Failed to get fields: timeout'],
    [messages.failedToCreateAttendee(), 'Failed to create attendee.'],
    [
      messages.failedToUpdateStripeAccountStatus('nope'),
      'Failed to update Stripe account status: nope',
    ],
    [messages.errorUploadingFile(), 'Error uploading file'],
    [messages.tooManyFiles(3), 'You can only upload up to 3 file(s)'],
    [
      messages.duplicateCondition(4, 'activities'),
      'A condition has already been created for a minimum of 4 activities.',
    ],
  ])('%s', (actual, expected) => expect(actual).toBe(expected));
});

describe('plans and payment settings', () => {
  it('gates features by plan level', () => {
    expect([
      hasFeature(19, 'accountCredit'),
      hasFeature(20, 'accountCredit'),
      hasFeature(10, 'addOns'),
      hasFeature(29, 'level30'),
    ]).toEqual([false, true, true, false]);
    expect(featureGate(10, 'waitlists')).toMatchObject({
      allowed: false,
      title: messages.upgradeToPremium,
    });
    expect(featureGate(0, 'addOns')).toMatchObject({
      allowed: false,
      title: messages.featureNotAvailable,
    });
  });
  it.each([
    ['GB', true, true],
    ['US', false, true],
    ['CY', true, false],
    ['JP', false, false],
  ])('toggles for %s: revolut %s, klarna %s', (country, revolut, klarna) => {
    const methods = paymentMethodToggles(country).map((t) => t.method);
    expect(methods.includes('revolut_pay')).toBe(revolut);
    expect(methods.includes('klarna')).toBe(klarna);
    expect(paymentMethodToggles(country).find((t) => t.method === 'card')).toEqual({
      method: 'card',
      on: true,
      disabled: true,
    });
  });
  it.each([
    [
      { connected: false, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true },
      'Disconnected',
    ],
    [
      { connected: true, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: false },
      'Pending',
    ],
    [
      { connected: true, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true },
      'Connected',
    ],
  ])('badge %j → %s', (status, badge) => expect(connectedAccountBadge(status)).toBe(badge));
  it('a schedule is usable until its final date, or until its first date when so set', () => {
    const s = {
      type: 'fixed' as const,
      schedule: [
        { date: '2025-02-01', amount: 1 },
        { date: '2025-03-01', amount: 1 },
      ],
    };
    expect(isScheduleUsable(s, '2025-03-01')).toBe(true);
    expect(isScheduleUsable(s, '2025-03-02')).toBe(false);
    expect(isScheduleUsable({ ...s, disableAfterFirstPaymentDate: true }, '2025-02-02')).toBe(
      false,
    );
  });
});
