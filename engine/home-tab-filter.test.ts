import { describe, expect, it } from 'vitest';
import { groupMatchesTab } from './home-tab-filter.ts';

describe('groupMatchesTab', () => {
  const football = {
    venue: { _id: 'riverside' },
    fieldData: { sport: 'o-football', days: ['o-sat', 'o-sun'] },
  };

  it.each([
    [
      'select list answer in the tab',
      { type: 'fieldOption', field: 'sport', value: ['o-football'] },
      true,
    ],
    [
      'select list answer not in the tab',
      { type: 'fieldOption', field: 'sport', value: ['o-swim'] },
      false,
    ],
    [
      'one of several checkbox answers',
      { type: 'fieldOption', field: 'days', value: ['o-sun'] },
      true,
    ],
    [
      'a field the group did not answer',
      { type: 'fieldOption', field: 'level', value: ['o-1'] },
      false,
    ],
    [
      'the group venue on a venue tab',
      { type: 'venue', field: 'where', value: ['riverside'] },
      true,
    ],
    ['another venue', { type: 'venue', field: 'where', value: ['northfield'] }, false],
  ] as const)('%s', (_, tab, expected) => {
    expect(groupMatchesTab(football, { ...tab, value: [...tab.value] })).toBe(expected);
  });

  it('matches a venue field answer even when the group has no venue of its own', () => {
    const group = { venue: null, fieldData: { where: 'northfield' } };
    expect(groupMatchesTab(group, { type: 'venue', field: 'where', value: ['northfield'] })).toBe(
      true,
    );
  });
});
