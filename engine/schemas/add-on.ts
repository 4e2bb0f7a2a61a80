import type * as v from 'valibot';
import { messages } from '../messages.ts';
import {
  checkMoney,
  flag,
  formSchema,
  Issues,
  idList,
  isBlank,
  numberish,
  optionalText,
} from './common.ts';

const addOnEntries = {
  _id: optionalText,
  name: optionalText,
  price: numberish,
  restrictSessions: flag,
  sessionsCanBeUsedFor: idList,
  enabled: flag,
};
export type AddOnForm = v.InferOutput<v.StrictObjectSchema<typeof addOnEntries, undefined>>;

/** An add-on as stored and priced (minor units). Charged once per session it is booked for. */
export interface AddOnData {
  _id?: string;
  name: string;
  price: number;
  restrictSessions: boolean;
  sessionsCanBeUsedFor: string[];
  enabled: boolean;
}

/**
 * The add-on dialog's rules (docs/rules/forms-and-messages.md): name, price required and not
 * negative, a restriction needs at least one session.
 *
 * @example validateAddOn({ name: 'Lunch' }) // [{ path: ['price'], message: 'Price is required' }]
 */
export function validateAddOn(form: AddOnForm) {
  const issues = new Issues();
  if (isBlank(form.name)) issues.add('name', messages.required);
  checkMoney(issues, 'price', form.price, {
    required: messages.priceRequired,
    negative: messages.priceNegative,
  });
  if (form.restrictSessions && !form.sessionsCanBeUsedFor?.length) {
    issues.add('sessionsCanBeUsedFor', messages.addOnRestrictSessions);
  }
  return issues.list;
}

/**
 * The add-on dialog's schema: major units in, minor units out.
 *
 * @example v.parse(addOnSchema, { name: 'Lunch', price: '3.50' }).price // 350
 */
export const addOnSchema = formSchema(
  addOnEntries,
  validateAddOn,
  (f): AddOnData => ({
    ...(f._id ? { _id: f._id } : {}),
    name: (f.name ?? '').trim(),
    price: checkMoney(new Issues(), 'price', f.price, { negative: '' }) ?? 0,
    restrictSessions: f.restrictSessions === true,
    sessionsCanBeUsedFor: f.restrictSessions ? [...(f.sessionsCanBeUsedFor ?? [])] : [],
    enabled: f.enabled ?? true,
  }),
);
