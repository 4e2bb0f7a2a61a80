import type * as v from 'valibot';
import { messages } from '../messages.ts';
import {
  flag,
  formSchema,
  Issues,
  isBlank,
  LIMITS,
  optionalText,
  optionalTextOf,
} from './common.ts';

/** docs/rules/constants.md: provider account names are under 50 characters. */
export const FUNDING_ACCOUNT_NAME_MAX = 49;

const providerEntries = {
  _id: optionalText,
  name: optionalText,
  paymentInstructions: optionalTextOf(LIMITS.text),
  enabled: flag,
};

/**
 * The childcare voucher provider dialog.
 *
 * @example v.safeParse(childcareVoucherProviderSchema, { name: '' }).issues?.[0].message // 'Please supply a name for the Childcare Voucher Provider.'
 */
export const childcareVoucherProviderSchema = formSchema(
  providerEntries,
  (f) => (isBlank(f.name) ? [{ path: ['name'], message: messages.voucherProviderName }] : []),
  (f) => ({
    ...(f._id ? { _id: f._id } : {}),
    name: f.name!.trim(),
    paymentInstructions: (f.paymentInstructions ?? '').trim(),
    enabled: f.enabled ?? true,
  }),
);

const accountEntries = {
  _id: optionalText,
  name: optionalText,
  regReference: optionalTextOf(LIMITS.code),
  postcode: optionalTextOf(LIMITS.code),
};
export type FundingAccountForm = v.InferOutput<
  v.StrictObjectSchema<typeof accountEntries, undefined>
>;
export interface FundingAccountContext {
  /** The client's other accounts; the record being edited is skipped by its `_id`. */
  others?: readonly { _id?: string; name: string; regReference: string }[];
}

/**
 * Provider account rules: name required, unique ignoring case, under 50 characters;
 * registration reference required and unique (ignoring the record itself); postcode required.
 *
 * @example validateFundingAccount({ name: 'a', regReference: 'R1', postcode: 'X' }, { others: [{ name: 'A', regReference: 'R2' }] }) // name: 'Name already exists'
 */
export function validateFundingAccount(form: FundingAccountForm, ctx: FundingAccountContext = {}) {
  const issues = new Issues();
  const others = (ctx.others ?? []).filter((o) => !form._id || o._id !== form._id);
  const name = (form.name ?? '').trim();
  if (!name) issues.add('name', messages.nameRequired);
  else if (name.length > FUNDING_ACCOUNT_NAME_MAX) issues.add('name', messages.nameTooLong);
  else if (others.some((o) => o.name.trim().toLowerCase() === name.toLowerCase()))
    issues.add('name', messages.nameExists);
  const ref = (form.regReference ?? '').trim();
  if (!ref) issues.add('regReference', messages.regReferenceRequired);
  else if (others.some((o) => o.regReference.trim() === ref))
    issues.add('regReference', messages.regReferenceExists);
  if (isBlank(form.postcode)) issues.add('postcode', messages.postcodeRequired);
  return issues.list;
}

/**
 * The 'Add a Provider account' / 'Edit Provider account' dialog.
 *
 * @example v.parse(createFundingAccountSchema(), { name: 'Tax-Free Childcare', regReference: 'R1', postcode: 'AB1 2CD' })
 */
export const createFundingAccountSchema = (ctx: FundingAccountContext = {}) =>
  formSchema(
    accountEntries,
    (f: FundingAccountForm) => validateFundingAccount(f, ctx),
    (f: FundingAccountForm) => ({
      ...(f._id ? { _id: f._id } : {}),
      name: f.name!.trim(),
      regReference: f.regReference!.trim(),
      postcode: f.postcode!.trim(),
    }),
  );
