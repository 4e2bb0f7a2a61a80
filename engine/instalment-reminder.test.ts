import { describe, expect, it } from 'vitest';
import { instalmentNoticeAt } from './instalment-reminder.ts';

const DAY = 86_400_000;

describe('instalmentNoticeAt', () => {
  it('is 3 days before the collection', () => {
    expect(instalmentNoticeAt(0, 30 * DAY)).toBe(27 * DAY);
  });
  it('is now when the collection is nearer than 3 days, and none within the hour', () => {
    expect(instalmentNoticeAt(5, 2 * DAY)).toBe(5);
    expect(instalmentNoticeAt(0, 3_600_000)).toBeNull();
  });
});
