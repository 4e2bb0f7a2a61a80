import { describe, expect, it } from 'vitest';
import { countryName, currencySymbol } from './format.ts';

describe('format', () => {
  it("puts the organiser's own symbol beside amount fields: $ for dollars, not US$", () => {
    expect(currencySymbol('GBP')).toBe('£');
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('CHF')).toBeNull();
  });

  it('names every country the settings offer, Cyprus included', () => {
    expect(countryName('CY')).toBe('Cyprus');
    expect(countryName('US')).toBe('United States');
  });
});
