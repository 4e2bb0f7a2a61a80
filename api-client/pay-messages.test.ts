import { describe, expect, it } from 'vitest';
import { hostOriginOf, isPayMessage, payPageUrl } from './pay-messages.ts';

describe('pay page messages', () => {
  it('names the framing origin in the /pay URL and reads it back', () => {
    const url = payPageUrl('https://pay.example', 'b1', 'https://club.example/book?x=1');
    expect(url).toBe('https://pay.example/pay/b1?origin=https%3A%2F%2Fclub.example');
    expect(hostOriginOf(new URL(url).search)).toBe('https://club.example');
  });

  it('refuses origins that are not plain http(s) origins', () => {
    expect(hostOriginOf('')).toBeNull();
    expect(hostOriginOf('?origin=*')).toBeNull();
    expect(hostOriginOf('?origin=javascript:alert(1)')).toBeNull();
    expect(hostOriginOf('?origin=https%3A%2F%2Fclub.example%2Fpath')).toBeNull();
  });

  it('recognises only our messages about the same booking', () => {
    expect(isPayMessage({ type: 'classwise:pay', bookingId: 'b1', event: 'ready' }, 'b1')).toBe(
      true,
    );
    expect(isPayMessage({ type: 'classwise:pay', bookingId: 'b2', event: 'ready' }, 'b1')).toBe(
      false,
    );
    expect(isPayMessage({ type: 'other', bookingId: 'b1', event: 'ready' }, 'b1')).toBe(false);
    expect(isPayMessage('ready', 'b1')).toBe(false);
  });
});
