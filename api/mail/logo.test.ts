import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../jobs/queue.ts';
import {
  basket,
  type Camp,
  createCamp,
  type Organiser,
  parentWithChildren,
  premiumOrganiser,
} from '../routes/bookings.fixtures.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { mailJobHandlers } from './jobs.ts';
import { startTestInbox, type TestInbox } from './testing.ts';

/*
 * The organiser's logo: uploaded as an image, chosen in Settings (PUT /api/client/logo, images
 * of up to 1 MB only), read by the widget and hosted pages from the public client settings, and
 * shown at the top of every e-mail as a picture on our origin (not an attachment), received over
 * real SMTP. SQLite, and PostgreSQL with TEST_DATABASE_URL.
 */
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n');

describe('organiser logo', () => {
  let ctx: TestContext;
  let inbox: TestInbox;
  let org: Organiser;
  let camp: Camp;

  beforeAll(async () => {
    ctx = await createTestContext();
    inbox = await startTestInbox();
    org = await premiumOrganiser(ctx);
    camp = await createCamp(ctx, org);
    await ctx.handle.db
      .updateTable('clients')
      .set({ allow_pay_later: 1 })
      .where('id', '=', org.clientId)
      .execute();
  });
  afterAll(async () => {
    await inbox.close();
    await ctx.close();
  });

  async function upload(path: string, token: string, file: File) {
    const form = new FormData();
    form.append('file', file);
    const res = await ctx.app.request(`/api/file-uploads/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return (await res.json()).data._id as string;
  }
  const setLogo = (fileId: string | null, token = org.token) =>
    ctx.request('PUT', '/api/client/logo', { token, body: { fileId } });

  it('is set from an uploaded image, shown to the widget and in every e-mail', async () => {
    const before = await ctx.request('GET', '/api/client', { clientId: org.clientId });
    expect(before.body.data.logoUrl).toBeNull();

    // Only an image of the organiser's own, of 1 MB or less.
    const pdf = await upload('file-upload-document', org.token, new File([PDF], 'terms.pdf'));
    expect((await setLogo(pdf)).body.message).toBe('A logo must be a JPEG, PNG or GIF image.');
    const big = new Uint8Array(1_200_000);
    big.set(PNG);
    const large = await upload('file-upload-image', org.token, new File([big], 'huge.png'));
    expect((await setLogo(large)).body.message).toBe('A logo must be 1 MB or smaller.');
    const other = await premiumOrganiser(ctx);
    const theirs = await upload('file-upload-image', other.token, new File([PNG], 'their.png'));
    const stolen = await setLogo(theirs);
    expect(stolen.status).toBe(422);
    expect(stolen.body.message).toBe('Upload the logo first, then choose it.');
    const family = await parentWithChildren(ctx, org, ['Ada']);
    expect((await setLogo(theirs, family.token)).status).toBe(403);
    expect(
      (await ctx.request('GET', '/api/client', { clientId: org.clientId })).body.data.logoUrl,
    ).toBeNull();

    const logo = await upload('file-upload-image', org.token, new File([PNG], 'club logo.png'));
    const saved = await setLogo(logo);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const path = `/api/files/${logo}/club%20logo.png`;
    expect(saved.body.data.logoUrl).toBe(path);
    // The widget's (anonymous) read of the organiser's public settings carries it…
    const publicRead = await ctx.request('GET', '/api/client', { clientId: org.clientId });
    expect(publicRead.body.data.logoUrl).toBe(path);
    // …and it is served from our origin as the image it is.
    const image = await ctx.app.request(path);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');

    const booked = await ctx.request('POST', '/api/bookings', {
      token: family.token,
      body: basket(
        camp._id,
        { ticket: camp.day, activities: [camp.sessions[0]!], attendees: [family.children[0]!] },
        { paymentMethod: { type: 'payLater' } },
      ),
    });
    expect(booked.status).toBe(201);
    await runDueJobs(ctx.handle.db, mailJobHandlers(inbox.mail));
    const mail = inbox.received.find((m) => m.subject?.startsWith('Booking received'));
    expect(mail?.html).toContain(`src="http://localhost:3000${path}"`);
    // A link to the picture, not a copy of it: the only attachment is the calendar file.
    expect(mail!.attachments.map((a) => a.filename)).toEqual(['booking.ics']);

    // Removed, it leaves the settings and later e-mails.
    expect((await setLogo(null)).body.data.logoUrl).toBeNull();
  });
});
