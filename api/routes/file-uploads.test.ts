import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  registerCustomer,
  signUpOrganiser,
  type TestContext,
} from '../test/harness.ts';

let ctx: TestContext;
let org: { clientId: string; token: string };
beforeAll(async () => {
  ctx = await createTestContext();
  org = await signUpOrganiser(ctx);
});
afterAll(() => ctx.close());

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n');

async function upload(path: string, token: string, field: string, file: File) {
  const form = new FormData();
  form.append(field, file);
  const res = await ctx.app.request(`/api/file-uploads/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

const get = (path: string, token?: string) =>
  ctx.app.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('file uploads', () => {
  it('keeps a parent’s document private to them and the organiser', async () => {
    const parent = await registerCustomer(ctx, org.clientId);
    const stranger = await registerCustomer(ctx, org.clientId);
    const res = await upload(
      'file-upload-document',
      parent.token,
      'file',
      new File([PDF], 'asthma plan.pdf'),
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ originalname: 'asthma plan.pdf', isAuthenticated: true });
    const path = res.body.data.path;
    expect(path).toBe(`/api/asset?fileId=${res.body.data._id}`);

    const own = await get(path, parent.token);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(own.headers.get('content-disposition')).toContain('attachment');
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(PDF);
    expect((await get(path, org.token)).status).toBe(200);
    expect((await get(path, stranger.token)).status).toBe(404);
    expect((await get(path)).status).toBe(404);
    const rival = await signUpOrganiser(ctx);
    expect((await get(path, rival.token)).status).toBe(404);
  });

  it('publishes an organiser’s image at its own path', async () => {
    const res = await upload(
      'activityImage',
      org.token,
      'activityImage',
      new File([PNG], 'pitch.png'),
    );
    expect(res.status).toBe(201);
    expect(res.body.data.isAuthenticated).toBe(false);
    const image = await get(res.body.data.path);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses wrong types, disguised content, empty and oversized files', async () => {
    const parent = await registerCustomer(ctx, org.clientId);
    const wrongType = await upload(
      'file-upload-image',
      parent.token,
      'file',
      new File([PDF], 'a.pdf'),
    );
    expect(wrongType).toMatchObject({
      status: 422,
      body: { message: 'This type of file cannot be uploaded here.' },
    });
    const disguised = await upload(
      'attachment',
      parent.token,
      'attachment',
      new File(['<script>alert(1)</script>'], 'photo.png'),
    );
    expect(disguised.status).toBe(422);
    const empty = await upload('attachment', parent.token, 'attachment', new File([], 'x.png'));
    expect(empty.body.message).toBe('Unable to upload this file');
    const big = new Uint8Array(4_600_000);
    big.set(PNG);
    const tooBig = await upload(
      'attachment',
      parent.token,
      'attachment',
      new File([big], 'big.png'),
    );
    expect(tooBig.body.message).toBe('This file is too large. The maximum size is 4.5MB.');
    const huge = new Uint8Array(11_000_000);
    huge.set(PNG);
    const overLimit = await upload('cover', parent.token, 'cover', new File([huge], 'huge.png'));
    expect(overLimit.status).toBe(413);
    const count = await ctx.handle.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', parent.user._id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('needs a signed-in user', async () => {
    const form = new FormData();
    form.append('file', new File([PDF], 'a.pdf'));
    const res = await ctx.app.request('/api/file-uploads/file-upload-document', {
      method: 'POST',
      headers: { 'x-client-id': org.clientId },
      body: form,
    });
    expect(res.status).toBe(401);
  });

  it('lets an attendee form keep a parent’s own upload, and not someone else’s', async () => {
    const field = await ctx.request('POST', '/api/fields', {
      token: org.token,
      body: {
        title: 'Care plan',
        type: 'fileUpload',
        usage: 'attendee',
        uploadType: 'document',
        maxFiles: 2,
      },
    });
    expect(field.status).toBe(201);
    const fields = await ctx.request('GET', '/api/fields?usage=attendee', { token: org.token });
    const id = (key: string) =>
      fields.body.data.find((f: { internalKey: string | null; title: string }) =>
        [f.internalKey, f.title].includes(key),
      )._id;
    const parent = await registerCustomer(ctx, org.clientId);
    const other = await registerCustomer(ctx, org.clientId);
    const mine = await upload(
      'file-upload-document',
      parent.token,
      'file',
      new File([PDF], 'p.pdf'),
    );
    const theirs = await upload(
      'file-upload-document',
      other.token,
      'file',
      new File([PDF], 'o.pdf'),
    );
    const child = (files: string[]) => ({
      fieldData: [
        { field: id('firstName'), value: 'Kit' },
        { field: id('lastName'), value: 'Parent' },
        { field: id('dateOfBirth'), value: '2018-02-02' },
        { field: id('Care plan'), value: files },
      ],
    });
    const refused = await ctx.request('POST', '/api/user/attendees', {
      token: parent.token,
      body: child([theirs.body.data._id]),
    });
    expect(refused.status).toBe(400);
    const saved = await ctx.request('POST', '/api/user/attendees', {
      token: parent.token,
      body: child([mine.body.data._id]),
    });
    expect(saved.status).toBe(201);
    expect(saved.body.data.fieldData[id('Care plan')]).toEqual([mine.body.data._id]);
    const row = await ctx.handle.db
      .selectFrom('files')
      .select('is_temporary')
      .where('id', '=', mine.body.data._id)
      .executeTakeFirstOrThrow();
    expect(row.is_temporary).toBe(0);
  });
});
