import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import type { FieldDefinition } from './attendee.ts';
import { fieldErrors } from './common.ts';
import { newCustomerSchema } from './new-customer.ts';

const phone: FieldDefinition = {
  _id: 'phone',
  title: 'Phone',
  type: 'phone',
  required: true,
  adminOnly: false,
  enabled: true,
};
const notes: FieldDefinition = {
  ...phone,
  _id: 'notes',
  title: 'Notes',
  type: 'text',
  required: false,
  adminOnly: true,
};
const old: FieldDefinition = { ...phone, _id: 'old', title: 'Old', enabled: false };
const schema = newCustomerSchema([phone, notes, old]);
const errors = (input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : fieldErrors(result.issues);
};

describe('newCustomerSchema', () => {
  it('takes a name, an e-mail (lower-cased) and answers, admin-only fields included', () => {
    expect(
      v.parse(schema, {
        fullName: ' Dana Hill ',
        email: ' Dana@Home.TEST ',
        fieldData: { phone: '07700 900123', notes: 'Rang on Monday' },
      }),
    ).toEqual({
      fullName: 'Dana Hill',
      email: 'dana@home.test',
      fieldData: { phone: '07700 900123', notes: 'Rang on Monday' },
    });
  });

  it('says everything that is wrong at once, the answers too', () => {
    expect(errors({ fullName: '', email: 'nope', fieldData: {} })).toEqual({
      fullName: messages.required,
      email: messages.invalidEmail,
      'fieldData.phone': messages.requiredAttendeeField,
    });
    expect(
      errors({ fullName: 'A', email: 'a@b.co', fieldData: { phone: 'call me', old: 'x' } }),
    ).toEqual({
      'fieldData.phone': messages.invalidPhone,
      'fieldData.old': messages.unknownField('old'),
    });
  });
});
