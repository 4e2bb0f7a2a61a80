import { describe, expect, it } from 'vitest';
import { choicesFor, newTabValues, type TabField, tabBody } from './lib.ts';

const venueField: TabField = {
  _id: 'fv',
  title: 'Venue',
  type: 'venue',
  enabled: true,
  fieldOptions: [],
};
const sport: TabField = {
  _id: 'fs',
  title: 'Sport',
  type: 'selectList',
  enabled: true,
  fieldOptions: [
    { _id: 'o1', name: 'Football', enabled: true },
    { _id: 'o2', name: 'Rugby', enabled: false },
  ],
};

describe('home tab form', () => {
  it('takes the type from the chosen field', () => {
    const values = { ...newTabValues(), name: 'Bristol', path: 'bristol', field: 'fv' };
    expect(tabBody(values, [venueField, sport]).type).toBe('venue');
    expect(tabBody({ ...values, field: 'fs' }, [venueField, sport]).type).toBe('fieldOption');
  });

  it('offers venues for a venue field, enabled options (and those in use) otherwise', () => {
    const venues = [{ _id: 'v1', name: 'Riverside' }];
    expect(choicesFor(venueField, venues, [])).toEqual([{ _id: 'v1', name: 'Riverside' }]);
    expect(choicesFor(sport, venues, []).map((c) => c.name)).toEqual(['Football']);
    expect(choicesFor(sport, venues, ['o2']).map((c) => [c.name, c.disabled])).toEqual([
      ['Football', false],
      ['Rugby', true],
    ]);
  });
});
