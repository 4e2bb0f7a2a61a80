import * as v from 'valibot';
import { formatMoney, minorToMajor, passPurchaseOptionSchema } from '../../../../engine/index.ts';
import type { PurchaseOption, SessionPass } from './queries.ts';

/** A purchase option as the 'Add new Purchase option' modal types it (price in major units). */
export interface OptionValues {
  /** `temp_…` until the pass is saved (docs/rules/editing-and-states.md). */
  _id: string;
  creditAmount: string;
  price: string;
  expiresAfter: { amount: string; unit: string };
  enabled: boolean;
}

/** The pass form; the body POST/PUT /api/session-passes reads as it is. */
export interface PassValues {
  _id?: string;
  name: string;
  activityGroups: string[];
  purchaseOptions: OptionValues[];
  enabled: boolean;
}

export const newOptionValues = (id: string): OptionValues => ({
  _id: id,
  creditAmount: '',
  price: '',
  expiresAfter: { amount: '', unit: 'days' },
  enabled: true,
});

export const optionValuesOf = (o: PurchaseOption): OptionValues => ({
  _id: o._id,
  creditAmount: String(o.creditAmount),
  price: String(minorToMajor(o.price)),
  expiresAfter: {
    amount: o.expiresAfter.amount === null ? '' : String(o.expiresAfter.amount),
    unit: o.expiresAfter.unit,
  },
  enabled: o.enabled,
});

export const newPassValues = (): PassValues => ({
  name: '',
  activityGroups: [],
  purchaseOptions: [],
  enabled: true,
});

export const passValuesOf = (pass: SessionPass): PassValues => ({
  _id: pass._id,
  name: pass.name,
  activityGroups: [...pass.activityGroups],
  purchaseOptions: pass.purchaseOptions.map(optionValuesOf),
  enabled: pass.enabled,
});

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * How long credits last, in words.
 *
 * @example expiryText({ amount: 3, unit: 'months' }) // 'Expires after 3 months'
 */
export function expiryText(expiresAfter: { amount: number | null; unit: string }): string {
  if (!expiresAfter.amount) return 'Never expires';
  return `Expires after ${plural(expiresAfter.amount, expiresAfter.unit.replace(/s$/, ''))}`;
}

/**
 * One option in a line, from stored values (price in minor units).
 *
 * @example optionText({ creditAmount: 10, price: 4550, … }, 'GBP', 'en-GB') // '10 credits for £45.50'
 */
export const optionText = (
  o: Pick<PurchaseOption, 'creditAmount' | 'price'>,
  currency: string,
  locale: string,
) => `${plural(o.creditAmount, 'credit')} for ${formatMoney(o.price, currency, locale)}`;

/** The same from what the modal holds (checked by it, so it parses), for the form's rows. */
export function optionValuesText(o: OptionValues, currency: string, locale: string) {
  const option = v.parse(passPurchaseOptionSchema, o);
  return { line: optionText(option, currency, locale), expiry: expiryText(option.expiresAfter) };
}
