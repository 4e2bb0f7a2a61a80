import { describe, expect, it } from 'vitest';
import { passCreditsFor } from './pass-credits.ts';

const settings = { timeZone: 'Europe/London', country: 'GB' };
const pass = (credits: number, expiresAt: string | null, groups = ['g1']) => ({
  _id: 'p1',
  name: '10 swims',
  credits,
  expiresAt,
  activityGroupIds: groups,
});

describe('passCreditsFor', () => {
  it('adds up the credits usable for the group and names each pot with its last day', () => {
    // Valid until the end of 1 Jan 2031 in London: lapses at midnight, shown as that day.
    const shown = passCreditsFor(
      [pass(7, '2031-01-02T00:00:00.000Z'), pass(4, null), pass(9, null, ['g2'])],
      'g1',
      settings,
    );
    expect(shown).toEqual({
      total: 11,
      lines: ['10 swims: 7 left, expires Wed 1 Jan 2031', '10 swims: 4 left'],
    });
  });

  it('has nothing to show without credits for the group', () => {
    expect(passCreditsFor([pass(3, null, ['g2'])], 'g1', settings)).toEqual({
      total: 0,
      lines: [],
    });
  });
});
