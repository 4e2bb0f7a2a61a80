import * as v from 'valibot';
import { messages } from '../messages.ts';
import { formSchema, Issues, isBlank, optionalText } from './common.ts';

/** The state lists apply to US and AU venues only (docs/data-model.md). */
export const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;
export const AU_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;

/**
 * The state options for a client country, or null when the state is free text.
 *
 * @example statesFor('AU')?.length // 8
 */
export function statesFor(country: string): readonly string[] | null {
  return country === 'US' ? US_STATES : country === 'AU' ? AU_STATES : null;
}

const US_ZIP = /^\d{5}(-\d{4})?$/;
const AU_POSTCODE = /^\d{4}$/;

const entries = {
  _id: optionalText,
  name: optionalText,
  address: v.optional(
    v.nullable(
      v.strictObject({
        address1: optionalText,
        address2: optionalText,
        city: optionalText,
        state: optionalText,
        postalCode: optionalText,
      }),
    ),
  ),
};
export type VenueForm = v.InferOutput<v.StrictObjectSchema<typeof entries, undefined>>;

/**
 * Venue rules: name required; US ZIP and AU postcode formats and state lists by client country.
 *
 * @example validateVenue({ name: 'Hall', address: { postalCode: '123' } }, 'US') // postalCode: 'Please enter a valid ZIP code'
 */
export function validateVenue(form: VenueForm, country = 'GB') {
  const issues = new Issues();
  if (isBlank(form.name)) issues.add('name', messages.required);
  const postal = form.address?.postalCode?.trim();
  if (postal && country === 'US' && !US_ZIP.test(postal))
    issues.add(['address', 'postalCode'], messages.invalidZip);
  if (postal && country === 'AU' && !AU_POSTCODE.test(postal))
    issues.add(['address', 'postalCode'], messages.invalidAuPostcode);
  const states = statesFor(country);
  const state = form.address?.state?.trim();
  if (states && state && !states.includes(state))
    issues.add(['address', 'state'], messages.unknownOption);
  return issues.list;
}

/**
 * The 'Create venue' modal for a client country. A failed sub-form shows `messages.invalidInput`.
 *
 * @example v.parse(createVenueSchema('AU'), { name: 'Hall', address: { postalCode: '2000' } })
 */
export const createVenueSchema = (country = 'GB') =>
  formSchema(
    entries,
    (f: VenueForm) => validateVenue(f, country),
    (f: VenueForm) => {
      const t = (x: string | null | undefined) => (x ?? '').trim();
      return {
        ...(f._id ? { _id: f._id } : {}),
        name: t(f.name),
        address: {
          address1: t(f.address?.address1),
          address2: t(f.address?.address2),
          city: t(f.address?.city),
          state: t(f.address?.state),
          postalCode: t(f.address?.postalCode),
        },
      };
    },
  );
