import { describe, expect, it } from 'vitest';
import { isRecipientRefused } from './mail-bounces.ts';

describe('isRecipientRefused', () => {
  it('is a permanent refusal of the recipient: 5xx to RCPT TO', () => {
    expect(isRecipientRefused({ responseCode: 550, command: 'RCPT TO' })).toBe(true);
    expect(isRecipientRefused({ responseCode: 553, rejected: ['a@b.test'] })).toBe(true);
  });
  it('is not a temporary answer, a refused sender or a network failure', () => {
    expect(isRecipientRefused({ responseCode: 451, command: 'RCPT TO' })).toBe(false);
    expect(isRecipientRefused({ responseCode: 550, command: 'MAIL FROM' })).toBe(false);
    expect(isRecipientRefused({})).toBe(false);
    expect(isRecipientRefused(null)).toBe(false);
  });
});
