import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../engine/index.ts';
import { newId } from '../db/ids.ts';
import {
  createTestContext,
  registerCustomer,
  signUpOrganiser,
  type TestContext,
} from '../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const sportField = {
  title: 'Sport',
  type: 'selectList',
  usage: 'activity',
  fieldOptions: [
    { _id: 'temp_1', name: 'Football' },
    { _id: 'temp_2', name: 'Tennis' },
  ],
};

async function answer(
  clientId: string,
  fieldId: string,
  ref: { value_ref?: string; value_ref_array?: string },
) {
  const now = new Date().toISOString();
  await ctx.handle.db
    .insertInto('field_data')
    .values({
      id: newId(),
      client_id: clientId,
      owner_type: 'activityGroup',
      owner_id: newId(),
      field_id: fieldId,
      data_type: ref.value_ref ? 'ref' : 'refArray',
      value: null,
      value_ref: ref.value_ref ?? null,
      value_ref_array: ref.value_ref_array ?? null,
      value_ref_venue: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

async function homeTabUsing(clientId: string, fieldId: string, optionId: string) {
  const now = new Date().toISOString();
  await ctx.handle.db
    .insertInto('home_tabs')
    .values({
      id: newId(),
      client_id: clientId,
      name: 'Football',
      path: `football-${newId().slice(-6)}`,
      type: 'fieldOption',
      field_id: fieldId,
      value: JSON.stringify([optionId]),
      created_at: now,
      updated_at: now,
    })
    .execute();
}

describe('custom fields', () => {
  it('creates a select list with its options and lists it for activities', async () => {
    const { token } = await signUpOrganiser(ctx);
    const res = await ctx.request('POST', '/api/fields', { token, body: sportField });
    expect(res.status).toBe(201);
    expect(res.body.data.fieldOptions.map((o: { name: string }) => o.name)).toEqual([
      'Football',
      'Tennis',
    ]);
    const list = await ctx.request('GET', '/api/fields?usage=activity', { token });
    expect(list.body.data.map((f: { title: string }) => f.title)).toEqual(['Sport']);
  });

  it('validates: title and type required, options for lists, file settings for uploads', async () => {
    const { token } = await signUpOrganiser(ctx);
    const bad = await ctx.request('POST', '/api/fields', {
      token,
      body: { title: '', type: 'selectList', usage: 'attendee' },
    });
    expect(bad.body.errors).toMatchObject({
      title: 'Required',
      fieldOptions: 'Please add at least one option.',
    });
    const option = await ctx.request('POST', '/api/fields', {
      token,
      body: { ...sportField, fieldOptions: [{ name: '' }] },
    });
    expect(option.body.errors['fieldOptions.0.name']).toBe(
      'Please supply a name for the Field Option.',
    );
    const upload = await ctx.request('POST', '/api/fields', {
      token,
      body: { title: 'Consent form', type: 'fileUpload', usage: 'attendee', maxFiles: '0' },
    });
    expect(upload.body.errors).toMatchObject({
      maxFiles: 'Amount cannot be less than 1.',
      uploadType: 'Required',
    });
  });

  it('refuses to disable or delete an option a home tab uses, with the spec messages', async () => {
    const { token, clientId } = await signUpOrganiser(ctx);
    const field = (await ctx.request('POST', '/api/fields', { token, body: sportField })).body.data;
    const [football, tennis] = field.fieldOptions;
    await homeTabUsing(clientId, field._id, football._id);
    const put = (fieldOptions: unknown[]) =>
      ctx.request('PUT', `/api/fields/${field._id}`, {
        token,
        body: { ...sportField, fieldOptions },
      });
    const disable = await put([{ ...football, enabled: false }, tennis]);
    expect(disable.status).toBe(409);
    expect(disable.body.message).toBe(
      'Sorry, this Field option cannot be disabled as it is used for a Home page tab. Please update or delete the tab first.',
    );
    const remove = await put([tennis]);
    expect(remove.status).toBe(409);
    expect(remove.body.message).toMatch(
      /^Sorry, this Field option cannot be deleted as it is used for a Home page tab/,
    );
    const renamed = await put([{ ...football, name: 'Soccer' }, tennis]);
    expect(renamed.body.data.fieldOptions.map((o: { name: string }) => o.name)).toEqual([
      'Soccer',
      'Tennis',
    ]);
  });

  it('refuses to delete an option with data, but lets it be disabled', async () => {
    const { token, clientId } = await signUpOrganiser(ctx);
    const field = (await ctx.request('POST', '/api/fields', { token, body: sportField })).body.data;
    const [football, tennis] = field.fieldOptions;
    await answer(clientId, field._id, { value_ref_array: JSON.stringify([tennis._id]) });
    const remove = await ctx.request('PUT', `/api/fields/${field._id}`, {
      token,
      body: { ...sportField, fieldOptions: [football] },
    });
    expect(remove.status).toBe(409);
    expect(remove.body.message).toBe(
      'Sorry, this Field option cannot be deleted as there are already data for it. Please disable it instead.',
    );
    const disable = await ctx.request('PUT', `/api/fields/${field._id}`, {
      token,
      body: { ...sportField, fieldOptions: [football, { ...tennis, enabled: false }] },
    });
    expect(disable.status).toBe(200);
    const unused = await ctx.request('PUT', `/api/fields/${field._id}`, {
      token,
      body: { ...sportField, fieldOptions: [{ ...tennis, enabled: false }] },
    });
    expect(unused.status).toBe(200);
    expect(unused.body.data.fieldOptions).toHaveLength(1);
  });

  it('fixes the type once data exists, and guards deleting fields', async () => {
    const { token, clientId } = await signUpOrganiser(ctx);
    const field = (await ctx.request('POST', '/api/fields', { token, body: sportField })).body.data;
    // The dialog reads how many answers exist to lock the Type before anyone tries to save.
    const usage = () => ctx.request('GET', `/api/fields/${field._id}/usage`, { token });
    expect((await usage()).body.data).toEqual({ dataCount: 0 });
    await answer(clientId, field._id, { value_ref: field.fieldOptions[0]._id });
    await answer(clientId, field._id, { value_ref: field.fieldOptions[1]._id });
    expect((await usage()).body.data).toEqual({ dataCount: 2 });
    const other = await signUpOrganiser(ctx);
    expect(
      (await ctx.request('GET', `/api/fields/${field._id}/usage`, { token: other.token })).status,
    ).toBe(404);
    const retype = await ctx.request('PUT', `/api/fields/${field._id}`, {
      token,
      body: { title: 'Sport', type: 'text', usage: 'activity' },
    });
    expect(retype.status).toBe(409);
    expect((await ctx.request('DELETE', `/api/fields/${field._id}`, { token })).status).toBe(409);
    const fresh = (
      await ctx.request('POST', '/api/fields', {
        token,
        body: { title: 'Notes', type: 'text', usage: 'activity' },
      })
    ).body.data;
    expect((await ctx.request('DELETE', `/api/fields/${fresh._id}`, { token })).status).toBe(200);
    const builtIn = (await ctx.request('GET', '/api/fields?usage=attendee', { token })).body
      .data[0];
    const del = await ctx.request('DELETE', `/api/fields/${builtIn._id}`, { token });
    expect(del.status).toBe(409);
    expect(del.body.message).toBe(
      'This field is needed for bookings and cannot be deleted. You can rename it instead.',
    );
  });

  it('answers the other field messages: type, usage, activity scope, type locked, field data', async () => {
    const { token, clientId } = await signUpOrganiser(ctx);
    const bad = await ctx.request('POST', '/api/fields', {
      token,
      body: { title: 'Medical notes', type: 'hologram', usage: '' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ type: messages.unknownOption, usage: messages.required });
    const scoped = await ctx.request('POST', '/api/fields', {
      token,
      body: {
        title: 'Kit size',
        type: 'text',
        usage: 'attendee',
        appliesToAllActivityGroups: false,
        activityGroups: [],
      },
    });
    expect(scoped.body.errors).toEqual({ activityGroups: messages.required });
    const unknownUsage = await ctx.request('GET', '/api/fields?usage=pets', { token });
    expect(unknownUsage.status).toBe(400);

    const field = (await ctx.request('POST', '/api/fields', { token, body: sportField })).body.data;
    await answer(clientId, field._id, { value_ref: field.fieldOptions[0]._id });
    const retype = await ctx.request('PUT', `/api/fields/${field._id}`, {
      token,
      body: { title: 'Sport', type: 'text', usage: 'activity' },
    });
    expect(retype.body.message).toBe(messages.fieldTypeLocked);
    const del = await ctx.request('DELETE', `/api/fields/${field._id}`, { token });
    expect(del.body.message).toBe(messages.fieldHasData);
    const list = await ctx.request('GET', '/api/fields?usage=activity', { token });
    expect(list.body.data.map((f: { _id: string }) => f._id)).toContain(field._id);
  });

  it("refuses another organiser's activity groups and field options on a field", async () => {
    const a = await signUpOrganiser(ctx);
    const b = await signUpOrganiser(ctx);
    const theirGroup = (
      await ctx.request('POST', '/api/activity-groups', {
        token: b.token,
        body: { name: 'Theirs', enabled: false, activities: [], tickets: [], addOns: [] },
      })
    ).body.data;
    const res = await ctx.request('POST', '/api/fields', {
      token: a.token,
      body: {
        title: 'Kit size',
        type: 'text',
        usage: 'attendee',
        appliesToAllActivityGroups: false,
        activityGroups: [theirGroup._id],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ activityGroups: messages.unknownOption });
    const theirs = (await ctx.request('POST', '/api/fields', { token: b.token, body: sportField }))
      .body.data;
    const forged = await ctx.request('POST', '/api/fields', {
      token: a.token,
      body: { ...sportField, fieldOptions: theirs.fieldOptions },
    });
    expect(forged.status).toBe(400);
    const mine = (await ctx.request('GET', '/api/fields?usage=activity', { token: a.token })).body
      .data;
    expect(mine.map((f: { title: string }) => f.title)).not.toContain('Sport');
  });

  it("tells the dialog how each option is used, for the option guards (admins of the field's client only)", async () => {
    const { token, clientId } = await signUpOrganiser(ctx);
    const field = (await ctx.request('POST', '/api/fields', { token, body: sportField })).body.data;
    const [football, tennis] = field.fieldOptions;
    await homeTabUsing(clientId, field._id, football._id);
    await answer(clientId, field._id, { value_ref: tennis._id });
    await answer(clientId, field._id, { value_ref_array: JSON.stringify([tennis._id]) });
    const res = await ctx.request('GET', `/api/fields/${field._id}/option-usage`, { token });
    expect(res.body.data).toEqual({
      [football._id]: { usedByHomeTabs: 1, dataCount: 0 },
      [tennis._id]: { usedByHomeTabs: 0, dataCount: 2 },
    });
    const other = await signUpOrganiser(ctx);
    const stranger = await ctx.request('GET', `/api/fields/${field._id}/option-usage`, {
      token: other.token,
    });
    expect(stranger.status).toBe(404);
    const customer = await registerCustomer(ctx, clientId);
    const parent = await ctx.request('GET', `/api/fields/${field._id}/option-usage`, {
      token: customer.token,
    });
    expect(parent.status).toBe(403);
  });

  it('keeps fields per organiser and to admins', async () => {
    const a = await signUpOrganiser(ctx);
    const b = await signUpOrganiser(ctx);
    const field = (await ctx.request('POST', '/api/fields', { token: a.token, body: sportField }))
      .body.data;
    expect(
      (await ctx.request('PUT', `/api/fields/${field._id}`, { token: b.token, body: sportField }))
        .status,
    ).toBe(404);
    expect(
      (await ctx.request('DELETE', `/api/fields/${field._id}`, { token: b.token })).status,
    ).toBe(404);
    const customer = await registerCustomer(ctx, a.clientId);
    expect(
      (await ctx.request('POST', '/api/fields', { token: customer.token, body: sportField }))
        .status,
    ).toBe(403);
  });
});
