import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  registerCustomer,
  signUpOrganiser,
  type TestContext,
} from '../test/harness.ts';

/*
 * The parent's account area (docs/rules/account.md): their own details with the organiser's user
 * fields, their children with custom attendee fields, changing the password, and the terms and
 * privacy links the registration agreements point at.
 */

let ctx: TestContext;
let org: { clientId: string; token: string };
const attendeeField: Record<string, string> = {};
const userField: Record<string, string> = {};

const createField = async (body: Record<string, unknown>) => {
  const res = await ctx.request('POST', '/api/fields', { token: org.token, body });
  expect(res.status).toBe(201);
  return res.body.data._id as string;
};

beforeAll(async () => {
  ctx = await createTestContext();
  org = await signUpOrganiser(ctx);
  attendeeField.medical = await createField({
    title: 'Medical notes',
    type: 'textarea',
    usage: 'attendee',
    required: true,
  });
  attendeeField.consent = await createField({
    title: 'Photo consent',
    type: 'checkboxSingle',
    usage: 'attendee',
  });
  userField.phone = await createField({
    title: 'Mobile',
    type: 'phone',
    usage: 'user',
    required: true,
  });
  userField.private = await createField({
    title: 'Office notes',
    type: 'text',
    usage: 'user',
    adminOnly: true,
  });
  const list = await ctx.request('GET', '/api/fields?usage=attendee', { token: org.token });
  for (const f of list.body.data as { _id: string; internalKey: string | null }[]) {
    if (f.internalKey) attendeeField[f.internalKey] = f._id;
  }
});
afterAll(() => ctx.close());

const answers = (values: Record<string, unknown>) =>
  Object.entries(values).map(([field, value]) => ({ field, value }));

const child = (overrides: Record<string, unknown> = {}) => ({
  fieldData: answers({
    [attendeeField.firstName!]: 'Mia',
    [attendeeField.lastName!]: 'Parent',
    [attendeeField.dateOfBirth!]: '2019-05-04',
    [attendeeField.medical!]: 'Asthma: inhaler in bag',
    [attendeeField.consent!]: true,
    ...overrides,
  }),
});

const signIn = (email: string, password: string) =>
  ctx.request('POST', '/api/auth/login', { clientId: org.clientId, body: { email, password } });

describe('a parent’s own details', () => {
  it('reads and saves the name and user fields, never the organiser’s admin-only ones', async () => {
    const parent = await registerCustomer(ctx, org.clientId, 'Pat Parent');
    const before = await ctx.request('GET', '/api/users/me/details', { token: parent.token });
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({
      _id: parent.user._id,
      fullName: 'Pat Parent',
      email: parent.email,
      fieldData: {},
    });

    const saved = await ctx.request('PUT', '/api/users/me', {
      token: parent.token,
      body: {
        fullName: 'Patricia Parent',
        fieldData: answers({ [userField.phone!]: '07700 900123' }),
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.fullName).toBe('Patricia Parent');
    expect(saved.body.data.fieldData).toEqual({ [userField.phone!]: '07700 900123' });
    const me = await ctx.request('GET', '/api/users/me', { token: parent.token });
    expect(me.body.data.fullName).toBe('Patricia Parent');

    // The organiser's customer search finds the parent by the saved phone number.
    const search = await ctx.request(
      'GET',
      `/api/users?filters=${encodeURIComponent(JSON.stringify({ search: '900123' }))}`,
      { token: org.token },
    );
    expect(search.body.data.map((u: { _id: string }) => u._id)).toContain(parent.user._id);

    const hidden = await ctx.request('PUT', '/api/users/me', {
      token: parent.token,
      body: {
        fullName: 'Patricia Parent',
        fieldData: answers({ [userField.phone!]: '07700 900123', [userField.private!]: 'x' }),
      },
    });
    expect(hidden.status).toBe(400);
    expect(hidden.body.errors[`fieldData.${userField.private}`]).toBe(
      `Unknown field: ${userField.private}`,
    );
  });

  it('refuses a missing required field, a blank name or a bad phone and writes nothing', async () => {
    const parent = await registerCustomer(ctx, org.clientId, 'Sam Smith');
    const cases = [
      [
        { fullName: 'Sam Smith', fieldData: [] },
        `fieldData.${userField.phone}`,
        'Please complete this required field',
      ],
      [
        { fullName: '  ', fieldData: answers({ [userField.phone!]: '07700 900123' }) },
        'fullName',
        'Required',
      ],
      [
        { fullName: 'Sam', fieldData: answers({ [userField.phone!]: 'call me' }) },
        `fieldData.${userField.phone}`,
        'Not a valid phone number',
      ],
    ] as const;
    for (const [body, key, message] of cases) {
      const res = await ctx.request('PUT', '/api/users/me', { token: parent.token, body });
      expect(res.status).toBe(400);
      expect(res.body.errors[key]).toBe(message);
    }
    const bad = await ctx.request('PUT', '/api/users/me', {
      token: parent.token,
      body: { fullName: 'Sam', fieldData: 'lots' },
    });
    expect(bad.status).toBe(400);
    const after = await ctx.request('GET', '/api/users/me/details', { token: parent.token });
    expect(after.body.data).toMatchObject({ fullName: 'Sam Smith', fieldData: {} });
  });

  it('is for a signed-in parent only', async () => {
    expect((await ctx.request('GET', '/api/users/me/details')).status).toBe(401);
    const body = { fullName: 'X', fieldData: [] };
    expect((await ctx.request('PUT', '/api/users/me', { body })).status).toBe(401);
    const admin = await ctx.request('PUT', '/api/users/me', { token: org.token, body });
    expect(admin.status).toBe(403);
  });
});

describe('a parent’s children', () => {
  it('adds and edits a child with the organiser’s fields; another parent can neither read nor edit it', async () => {
    const owner = await registerCustomer(ctx, org.clientId, 'Olga Owner');
    const other = await registerCustomer(ctx, org.clientId, 'Ned Nosy');
    const created = await ctx.request('POST', '/api/user/attendees', {
      token: owner.token,
      body: child(),
    });
    expect(created.status).toBe(201);
    const id = created.body.data._id as string;
    expect(created.body.data.fieldData[attendeeField.medical!]).toBe('Asthma: inhaler in bag');
    expect(created.body.data.fieldData[attendeeField.consent!]).toBe(true);

    const edited = await ctx.request('PUT', `/api/user/attendees/${id}`, {
      token: owner.token,
      body: child({ [attendeeField.medical!]: 'None', [attendeeField.consent!]: false }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.fieldData).toMatchObject({
      [attendeeField.medical!]: 'None',
      [attendeeField.consent!]: false,
    });

    const theirs = await ctx.request('GET', '/api/user/attendees', { token: other.token });
    expect(theirs.body.data).toEqual([]);
    const hijack = await ctx.request('PUT', `/api/user/attendees/${id}`, {
      token: other.token,
      body: child({ [attendeeField.firstName!]: 'Hijacked' }),
    });
    expect(hijack.status).toBe(404);
    const mine = await ctx.request('GET', '/api/user/attendees', { token: owner.token });
    expect(mine.body.data.map((a: { name: string }) => a.name)).toEqual(['Mia Parent']);
  });

  it('keeps a required custom field required when editing, and writes nothing on bad input', async () => {
    const parent = await registerCustomer(ctx, org.clientId);
    const created = await ctx.request('POST', '/api/user/attendees', {
      token: parent.token,
      body: child(),
    });
    const id = created.body.data._id as string;
    const cleared = await ctx.request('PUT', `/api/user/attendees/${id}`, {
      token: parent.token,
      body: child({ [attendeeField.firstName!]: 'Zoe', [attendeeField.medical!]: '' }),
    });
    expect(cleared.status).toBe(400);
    expect(cleared.body.errors[`fieldData.${attendeeField.medical}`]).toBe(
      'Please complete this required field',
    );
    const badDate = await ctx.request('PUT', `/api/user/attendees/${id}`, {
      token: parent.token,
      body: child({
        [attendeeField.firstName!]: 'Zoe',
        [attendeeField.dateOfBirth!]: '31/02/2019',
      }),
    });
    expect(badDate.status).toBe(400);
    const notAList = await ctx.request('PUT', `/api/user/attendees/${id}`, {
      token: parent.token,
      body: { fieldData: { oops: true } },
    });
    expect(notAList.status).toBe(400);
    const after = await ctx.request('GET', '/api/user/attendees', { token: parent.token });
    expect(after.body.data[0]).toMatchObject({ name: 'Mia Parent', dateOfBirth: '2019-05-04' });
    expect(after.body.data[0].fieldData[attendeeField.medical!]).toBe('Asthma: inhaler in bag');
  });
});

describe('changing the password', () => {
  it('needs the current password, then signs every other session out', async () => {
    const parent = await registerCustomer(ctx, org.clientId);
    const elsewhere = await signIn(parent.email, 'parent-pass');
    expect(elsewhere.status).toBe(200);

    const wrong = await ctx.request('POST', '/api/users/me/password', {
      token: parent.token,
      body: {
        currentPassword: 'guess-pass',
        password: 'brand-new-1',
        confirmPassword: 'brand-new-1',
      },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.currentPassword).toBe('Your current password is not right.');
    const mismatch = await ctx.request('POST', '/api/users/me/password', {
      token: parent.token,
      body: {
        currentPassword: 'parent-pass',
        password: 'brand-new-1',
        confirmPassword: 'brand-new-2',
      },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors.confirmPassword).toBe('Passwords do not match.');
    const short = await ctx.request('POST', '/api/users/me/password', {
      token: parent.token,
      body: { currentPassword: 'parent-pass', password: 'short', confirmPassword: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.body.errors.password).toBe('Password must be at least 8 characters.');
    // Nothing was changed by the refused attempts: the old password still works everywhere.
    expect((await signIn(parent.email, 'parent-pass')).status).toBe(200);
    const stillIn = await ctx.request('GET', '/api/users/me', { token: elsewhere.body.data.token });
    expect(stillIn.status).toBe(200);

    const changed = await ctx.request('POST', '/api/users/me/password', {
      token: parent.token,
      body: {
        currentPassword: 'parent-pass',
        password: 'brand-new-1',
        confirmPassword: 'brand-new-1',
      },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.message).toBe(
      'Your password has been changed. You are signed out everywhere else.',
    );
    expect((await ctx.request('GET', '/api/users/me', { token: parent.token })).status).toBe(200);
    const other = await ctx.request('GET', '/api/users/me', { token: elsewhere.body.data.token });
    expect(other.status).toBe(401);
    expect((await signIn(parent.email, 'parent-pass')).status).toBe(401);
    expect((await signIn(parent.email, 'brand-new-1')).status).toBe(200);
  });

  it('is refused signed out', async () => {
    const res = await ctx.request('POST', '/api/users/me/password', {
      body: { currentPassword: 'a', password: 'brand-new-1', confirmPassword: 'brand-new-1' },
    });
    expect(res.status).toBe(401);
  });
});

describe('the organiser’s terms and privacy links', () => {
  const settingsWith = async (links: Record<string, unknown>) => {
    const form = {
      name: 'Links Club',
      country: 'GB',
      currency: 'GBP',
      timeZone: 'Europe/London',
      dateFormat: 'dd/MM/yyyy',
      holdMinutes: 15,
      allowPayLater: false,
      formTemplate: 'Default',
      buttonDisplay: 'align right',
    };
    return ctx.request('PUT', '/api/client', { token: org.token, body: { ...form, ...links } });
  };

  it('saves http(s) addresses and shows them to the widget', async () => {
    const saved = await settingsWith({
      termsUrl: ' https://club.example/terms ',
      privacyUrl: 'http://club.example/privacy',
    });
    expect(saved.status).toBe(200);
    const widget = await ctx.request('GET', '/api/client', { clientId: org.clientId });
    expect(widget.body.data).toMatchObject({
      termsUrl: 'https://club.example/terms',
      privacyUrl: 'http://club.example/privacy',
    });
    const cleared = await settingsWith({ termsUrl: '', privacyUrl: null });
    expect(cleared.body.data).toMatchObject({ termsUrl: null, privacyUrl: null });
  });

  it('refuses anything but an http(s) address and keeps the saved one', async () => {
    await settingsWith({ termsUrl: 'https://club.example/terms', privacyUrl: '' });
    for (const bad of [
      'javascript:alert(1)',
      'club.example/terms',
      'ftp://club.example/t',
      'https://',
    ]) {
      const res = await settingsWith({ termsUrl: bad });
      expect(res.status).toBe(400);
      expect(res.body.errors.termsUrl).toBe(
        'Enter a web address starting with https:// or http://.',
      );
    }
    const tooLong = await settingsWith({ privacyUrl: `https://club.example/${'p'.repeat(2100)}` });
    expect(tooLong.status).toBe(400);
    const widget = await ctx.request('GET', '/api/client', { clientId: org.clientId });
    expect(widget.body.data).toMatchObject({
      termsUrl: 'https://club.example/terms',
      privacyUrl: null,
    });
  });
});
