import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, isCountryCode } from './countries.ts';

describe('countries', () => {
  it('lists every ISO 3166-1 alpha-2 code once, each one Intl can name', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    const names = new Intl.DisplayNames(['en-GB'], { type: 'region' });
    for (const code of COUNTRY_CODES) expect(names.of(code)).not.toBe(code);
  });

  it('knows Cyprus (on the Revolut Pay list) and refuses codes that are not countries', () => {
    expect(isCountryCode('CY')).toBe(true);
    expect(isCountryCode('US')).toBe(true);
    expect(isCountryCode('ZZ')).toBe(false);
    expect(isCountryCode('UK')).toBe(false);
  });
});
