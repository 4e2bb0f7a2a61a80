import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  fieldDataToForm,
  isWebAddress,
  userDetailsSchema,
  webAddressProblem,
} from './account.ts';
import type { FieldDefinition } from './attendee.ts';
import { fieldErrors } from './common.ts';

const field = (over: Partial<FieldDefinition> & Pick<FieldDefinition, '_id' | 'type'>) =>
  ({
    title: over._id,
    required: false,
    adminOnly: false,
    enabled: true,
    ...over,
  }) as FieldDefinition;

describe('terms and privacy links', () => {
  it('accepts absolute http(s) addresses only', () => {
    expect(isWebAddress('https://club.example/terms')).toBe(true);
    expect(isWebAddress('http://club.example')).toBe(true);
    expect(isWebAddress('https://club.example:8443/legal?lang=en#privacy')).toBe(true);
    expect(isWebAddress('https://bücher.example/agb')).toBe(true);
    expect(isWebAddress('http://[2001:db8::1]/terms')).toBe(true);
    expect(isWebAddress('https://trusted.example@evil.example/')).toBe(false);
    expect(isWebAddress('https:///terms')).toBe(false);
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      '//club.example',
      'club.example',
      'https://',
      'https://a b.example',
      `https://x.example/${'a'.repeat(2000)}`,
    ])
      expect(isWebAddress(bad), bad).toBe(false);
  });

  it('lets a blank link clear the setting', () => {
    expect(webAddressProblem('  ')).toBeNull();
    expect(webAddressProblem(null)).toBeNull();
    expect(webAddressProblem('mailto:office@club.example')).toBe(
      'Enter a web address starting with https:// or http://.',
    );
  });
});

describe('a parent’s own details', () => {
  const fields = [
    field({ _id: 'phone', type: 'phone', required: true }),
    field({ _id: 'fee', type: 'currency' }),
    field({ _id: 'notes', type: 'text', adminOnly: true }),
  ];

  it('needs the name and the required fields, and refuses admin-only answers', () => {
    const result = v.safeParse(userDetailsSchema(fields), {
      fullName: ' ',
      fieldData: { notes: 'x' },
    });
    expect(fieldErrors(result.issues)).toEqual({
      fullName: 'Required',
      'fieldData.notes': 'Unknown field: notes',
      'fieldData.phone': 'Please complete this required field',
    });
  });

  it('stores amounts in minor units and edits them back in major units', () => {
    const saved = v.parse(userDetailsSchema(fields), {
      fullName: ' Pat ',
      fieldData: { phone: '07700 900123', fee: '12.50' },
    });
    expect(saved).toEqual({ fullName: 'Pat', fieldData: { phone: '07700 900123', fee: 1250 } });
    expect(fieldDataToForm(fields, saved.fieldData)).toEqual({
      phone: '07700 900123',
      fee: '12.5',
    });
  });
});

describe('changing the password', () => {
  const check = (input: Record<string, string>) =>
    fieldErrors(v.safeParse(changePasswordSchema, input).issues);

  it('needs the current password and a new one typed twice by the registration rules', () => {
    expect(check({ currentPassword: '', password: 'short', confirmPassword: 'other' })).toEqual({
      currentPassword: 'Required',
      password: 'Password must be at least 8 characters.',
      confirmPassword: 'Passwords do not match.',
    });
    expect(
      check({
        currentPassword: 'old-secret',
        password: 'new-secret',
        confirmPassword: 'new-secrex',
      }),
    ).toEqual({ confirmPassword: 'Passwords do not match.' });
    expect(
      check({
        currentPassword: 'same-secret',
        password: 'same-secret',
        confirmPassword: 'same-secret',
      }),
    ).toEqual({ password: 'Choose a password different from your current one.' });
    expect(
      check({
        currentPassword: 'old-secret',
        password: 'new-secret',
        confirmPassword: 'new-secret',
      }),
    ).toEqual({});
  });
});
