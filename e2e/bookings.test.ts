import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../api-client/index.ts';
import {
  bookingRef,
  canMarkPaid,
  paymentDeadlineNote,
  paymentMethodLabel,
  statusLabel,
} from '../dashboard/src/screens/bookings/lib.ts';
import { attendeeFieldData } from '../dashboard/src/screens/customers/AttendeeFields.tsx';
import { pageQuery } from '../dashboard/src/screens/customers/paged.ts';
import { formatCivilDate, messages } from '../engine/index.ts';
import {
  chromiumOrSkip,
  DEMO_ADMIN,
  launchChromium,
  type Stack,
  signInToDashboard,
  startStack,
} from './harness.ts';

/*
 * The organiser's side of bookings (issue 5): the admin finds the bookings parents made, filters
 * them, opens one paid by childcare voucher and records the payment; then creates an attendee
 * for a customer, first with a required field missing.
 */

const chrome = chromiumOrSkip();
const ADMIN = DEMO_ADMIN;
const PARENT = { email: 'parent@example.com', password: 'classwise-parent' };
/** The two bookings this test makes, as their list rows read. */
const WEEK = /For Mia Parent Half-Term Multi-Sports Camp · Whole week/;
const DAY = /For Leo Parent Half-Term Multi-Sports Camp · Day ticket/;

/**
 * The parent books through the same API the widget uses, paying by childcare voucher, so the
 * bookings await payment: Mia's whole camp week, and one camp day for Leo, which the admin
 * then marks as paid through the API, so the list holds two statuses to filter between. Mia
 * also joins the football waitlist.
 */
async function seedBookings(stack: Stack): Promise<{ week: Booking; day: Booking }> {
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const response = await fetch(`${stack.productUrl}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-client-id': stack.clientId,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await response.json();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${json.message}`);
    return json.data;
  };
  const { token } = await call('POST', '/api/auth/login', PARENT);
  const attendees: { _id: string; name: string }[] = await call(
    'GET',
    '/api/user/attendees',
    undefined,
    token,
  );
  const groups: {
    _id: string;
    name: string;
    tickets: { _id: string; name: string }[];
    activities: { _id: string }[];
  }[] = await call('GET', '/api/activity-groups/full-list');
  const camp = groups.find((g) => g.name === 'Half-Term Multi-Sports Camp')!;
  const options = await call('GET', '/api/bookings/payment-options');
  const book = (ticket: string, attendee: string, activities: string[]): Promise<Booking> =>
    call(
      'POST',
      '/api/bookings',
      {
        activityGroups: [
          {
            activityGroup: camp._id,
            items: [
              {
                ticket: camp.tickets.find((t) => t.name === ticket)!._id,
                activities,
                attendees: [attendees.find((a) => a.name === attendee)!._id],
              },
            ],
          },
        ],
        paymentMethod: {
          type: 'childcareVoucher',
          childcareVoucherProvider: options.childcareVoucherProviders[0]._id,
        },
      },
      token,
    );
  // Mia waits for any place in the football term (its waitlist covers all sessions).
  const football = groups.find((g) => g.name === 'Junior Football – Spring Term')!;
  await call(
    'POST',
    '/api/waitlists',
    {
      activityGroup: football._id,
      attendee: attendees.find((a) => a.name === 'Mia Parent')!._id,
      activities: [],
    },
    token,
  );
  const week = await book('Whole week', 'Mia Parent', []);
  const day = await book('Day ticket', 'Leo Parent', [camp.activities[0]._id]);
  const admin = await call('POST', '/api/auth/login', ADMIN);
  await call('POST', `/api/bookings/${day._id}/mark-paid`, undefined, admin.token);
  return { week, day };
}

describe.skipIf(!chrome)('bookings and customers in the dashboard', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let booking: Booking;
  let day: Booking;

  beforeAll(async () => {
    stack = await startStack();
    ({ week: booking, day } = await seedBookings(stack));
    browser = await launchChromium(chrome!);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const statuses = () => page.locator('tbody td:last-child .badge').allTextContents();

  it('signs in and lists every booking with its customer, items, amount and payment', async () => {
    expect(booking.status).toBe('awaiting_payment');
    await signInToDashboard(page, stack.productUrl);
    // Hold the list call so its loading state can be seen: five skeleton rows
    // (docs/rules/constants.md).
    let release = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    await page.route('**/api/bookings?**', async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Bookings' })
      .click();
    await page.getByRole('heading', { name: 'Bookings', level: 1 }).waitFor();
    await page.getByTestId('skeleton-row').first().waitFor();
    expect(await page.getByTestId('skeleton-row').count()).toBe(5);
    release();
    await page.unroute('**/api/bookings?**');

    // The seeded families' bookings are there too, each with its customer.
    await page
      .getByRole('row', { name: /Priya Shah/ })
      .first()
      .waitFor();
    const row = page.getByRole('row', { name: WEEK });
    await row.first().waitFor();
    const text = await row.first().textContent();
    expect(text).toContain('Sam Parent');
    expect(text).toContain('Mia Parent');
    expect(text).toContain('£125.00');
    expect(text).toContain('Childcare voucherTax-Free Childcare');
    expect(text).toContain('Awaiting payment');
    const dayRow = page.getByRole('row', { name: DAY });
    expect(await dayRow.textContent()).toContain('Leo Parent');
    expect(await dayRow.locator('.badge').textContent()).toBe('Confirmed');
    expect(day.status).toBe('awaiting_payment');
    const rows = await page.locator('tbody tr').count();
    expect(await page.locator('.pagination-summary').textContent()).toBe(
      `Showing 1 to ${rows} of ${rows} results`,
    );
  });

  it('filters by status with the filter panel, and Reset shows everything again', async () => {
    const all = await page.locator('tbody tr').count();
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Status').selectOption({ label: 'Awaiting payment' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/status=awaiting_payment/);
    await page.getByRole('button', { name: 'Filters (1)' }).waitFor();
    await expect.poll(async () => [...new Set(await statuses())]).toEqual(['Awaiting payment']);
    const shown = await statuses();
    expect(await page.getByRole('row', { name: DAY }).count()).toBe(0);
    expect(await page.getByRole('row', { name: WEEK }).count()).toBe(1);
    expect(shown.length).toBeLessThan(all);

    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByRole('button', { name: 'Filters', exact: true }).waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(all);

    await page.getByRole('searchbox', { name: 'Search bookings' }).fill('nobody-by-this-name');
    await page.keyboard.press('Enter');
    await page.getByText(messages.noResults).waitFor();
    await page.getByRole('searchbox', { name: 'Search bookings' }).fill('');
    await page
      .getByRole('row', { name: /Half-Term Multi-Sports Camp/ })
      .first()
      .waitFor();
  });

  it('opens a voucher booking, records its payment, and cancels a paid place with the refund quote', async () => {
    await page.getByRole('row', { name: WEEK }).first().getByRole('link').click();
    await page.getByRole('heading', { name: /^Booking / }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/bookings/${booking._id}`);
    await page.getByText('Mia Parent').first().waitFor();
    // The voucher provider's payment instructions, and one line per session of the week.
    await page.getByText('provider ref DSC-4471').waitFor();
    const sessions = page.getByRole('list', { name: 'Sessions' });
    expect(await sessions.getByRole('listitem').count()).toBe(booking.items[0].places.length);
    const header = page.locator('.page-header .badge');
    expect(await header.textContent()).toBe('Awaiting payment');

    const dueNow = page.locator('.price-breakdown div', { hasText: 'Due now' });
    expect(await dueNow.textContent()).toContain('£125.00');
    await page.getByRole('button', { name: 'Mark as paid' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark as paid' });
    await dialog.getByText('£125.00').waitFor();
    await dialog.getByRole('button', { name: 'Mark as paid' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Payment recorded. The booking is confirmed.').waitFor();
    expect(await header.textContent()).toBe('Confirmed');
    expect(await page.getByRole('button', { name: 'Mark as paid' }).count()).toBe(0);
    const paid = page.locator('.price-breakdown div', { hasText: 'Paid' });
    expect(await paid.textContent()).toContain('£125.00');
    // Nothing is due any more once the money is in (it read £125.00 until issue 17).
    expect(await dueNow.textContent()).toContain('£0.00');

    // Leo's day (single-session ticket, paid) is cancelled with the engine's refund quote:
    // the demo rule refunds single sessions up to 48 hours before, as account credit.
    await page.goto(`${stack.productUrl}/admin/bookings/${day._id}`);
    await page.getByRole('heading', { name: /^Booking / }).waitFor();
    await page.getByRole('button', { name: 'Cancel places' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel places' });
    await cancel.getByRole('checkbox').first().check();
    const refund = cancel.getByRole('region', { name: 'Refund' });
    await refund.waitFor();
    const amount = (await refund.locator('.refund-amount strong').textContent())!;
    expect(amount).toMatch(/^£\d+\.\d\d$/);
    expect(amount).not.toBe('£0.00');
    expect(await cancel.getByRole('radio', { name: 'Account credit' }).isChecked()).toBe(true);
    await cancel.getByRole('button', { name: 'Cancel place', exact: true }).click();
    await cancel.waitFor({ state: 'detached' });
    await page.getByText(`Place cancelled. ${amount} refunded as account credit.`).waitFor();
    const line = page.getByRole('list', { name: 'Sessions' }).getByRole('listitem').first();
    expect(await line.textContent()).toContain(
      formatCivilDate(day.items[0].places[0].activity.date, 'dd/MM/yyyy'),
    );
    expect(await line.locator('.badge').textContent()).toBe('Cancelled');
    expect(await page.getByRole('button', { name: 'Cancel places' }).count()).toBe(0);

    // The list agrees after a reload: the week is confirmed for good.
    await page.goto(`${stack.productUrl}/admin/bookings?status=confirmed`);
    await page.getByRole('row', { name: WEEK }).first().waitFor();
    expect(new Set(await statuses())).toEqual(new Set(['Confirmed']));
  });

  it('shows who waits for an activity, on its page and on the Waitlists screen', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Activities' })
      .click();
    await page.getByRole('link', { name: 'Junior Football – Spring Term' }).click();
    const entries = page.getByRole('table', { name: 'Waitlist entries' });
    const mia = entries.getByRole('row', { name: /Mia Parent/ });
    await mia.waitFor();
    expect(await mia.textContent()).toContain('All sessions');
    expect(await mia.textContent()).toContain('Sam Parent');
    expect(await mia.locator('.badge').textContent()).toBe('Waiting');

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Waitlists' })
      .click();
    await page.getByRole('heading', { name: 'Waitlists', level: 1 }).waitFor();
    await mia.waitFor();
    expect(await mia.textContent()).toContain('Junior Football – Spring Term');
    await page.getByLabel('Activity').selectOption({ label: 'Half-Term Multi-Sports Camp' });
    await entries.getByText(messages.noResults).waitFor();
    await page.getByLabel('Activity').selectOption({ label: 'Junior Football – Spring Term' });
    await mia.waitFor();
    await page.getByLabel('Waitlist status').selectOption('Cancelled');
    await entries.getByText(messages.noResults).waitFor();
  });

  it('creates an attendee for a customer, refusing a missing required field first', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Customers' })
      .click();
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Sam Parent' }).click();
    await page.getByRole('heading', { name: 'Sam Parent' }).waitFor();
    await page.getByRole('button', { name: 'Mia Parent' }).waitFor();
    // Their latest bookings, newest first: the day cancelled, the week paid.
    const latest = page.getByRole('table', { name: 'Latest bookings' });
    await latest.getByText('Half-Term Multi-Sports Camp').first().waitFor();
    expect(await latest.locator('tbody .badge').allTextContents()).toEqual([
      'Cancelled',
      'Confirmed',
    ]);
    const attendeeRows = page.getByRole('table', { name: 'Attendees' }).locator('tbody tr');
    const before = await attendeeRows.count();

    await page.getByRole('button', { name: 'Add attendee' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create attendee' });
    await dialog.waitFor();
    // Admin-only fields are part of the admin's form.
    await dialog.getByText('Coach notes').waitFor();
    await dialog.getByLabel('First name').fill('Ava');
    await dialog.getByLabel('Date of birth').fill('2019-04-12');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(messages.invalidInput).waitFor();
    const lastName = dialog.locator('.form-field', { hasText: 'Last name' });
    expect(await lastName.locator('.field-error').textContent()).toBe(
      messages.requiredAttendeeField,
    );
    expect(await dialog.getByLabel('Last name').getAttribute('aria-invalid')).toBe('true');

    await dialog.getByLabel('Last name').fill('Parent');
    await dialog
      .locator('.form-field', { hasText: 'Coach notes' })
      .locator('textarea')
      .fill('Keen goalkeeper');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Ava Parent' }).waitFor();
    expect(await attendeeRows.count()).toBe(before + 1);

    // The View tab shows what was saved, the admin-only answer included.
    await page.getByRole('button', { name: 'Ava Parent' }).click();
    const view = page.getByRole('dialog', { name: 'Ava Parent' });
    await view.getByRole('tab', { name: 'View', selected: true }).waitFor();
    await view.getByText('Keen goalkeeper').waitFor();
    await view.getByText('12/04/2019').waitFor();
  });
});

// Pure helpers of these screens (vitest does not collect tests under dashboard/).
describe('bookings and customers helpers', () => {
  it('names booking statuses and payment methods as organisers read them', () => {
    expect(
      ['held', 'awaiting_payment', 'confirmed', 'cancelled', 'expired'].map(statusLabel),
    ).toEqual(['Held', 'Awaiting payment', 'Confirmed', 'Cancelled', 'Expired']);
    expect(paymentMethodLabel({ type: 'payLater' })).toBe('Pay later');
    expect(paymentMethodLabel(null)).toBe('Nothing to pay');
    // A basket held at the payment step, or a hold that ran out there: no method chosen yet.
    expect(paymentMethodLabel(null, { amountDueNow: 3000 })).toBe('Not chosen');
    expect(paymentMethodLabel(null, { amountDueNow: 0 })).toBe('Nothing to pay');
  });

  it('tells bookings made in the same second apart by their reference', () => {
    expect(bookingRef('6b048af9c3e1a2b4d5f60718')).toBe('D5F60718');
    expect(bookingRef('6b048af9c3e1a2b4d5f60719')).not.toBe(bookingRef('6b048af9c3e1a2b4d5f60718'));
  });

  it('offers Mark as paid only for an offline payment that is still awaited', () => {
    const b = (status: string, type: string | null) =>
      ({ status, paymentMethod: type ? { type } : null }) as Booking;
    expect(canMarkPaid(b('awaiting_payment', 'childcareVoucher'))).toBe(true);
    expect(canMarkPaid(b('awaiting_payment', 'payLater'))).toBe(true);
    expect(canMarkPaid(b('awaiting_payment', 'card'))).toBe(false);
    expect(canMarkPaid(b('confirmed', 'payLater'))).toBe(false);
    expect(canMarkPaid(b('held', null))).toBe(false);
  });

  it('tells the organiser when an offline payment is due, and that an unpaid one was released', () => {
    const due = '2031-07-08T09:00:00.000Z';
    expect(
      paymentDeadlineNote({ status: 'awaiting_payment', paymentDueAt: due }, 'UTC', 'en-GB'),
    ).toBe('Payment due by 8 Jul 2031, 09:00; unpaid by then, its places are released.');
    expect(paymentDeadlineNote({ status: 'expired', paymentDueAt: due }, 'UTC', 'en-GB')).toBe(
      'Not paid by 8 Jul 2031, 09:00: its places were released.',
    );
    // A card hold that ran out has no deadline; a paid booking needs no note.
    expect(
      paymentDeadlineNote({ status: 'expired', paymentDueAt: null }, 'UTC', 'en-GB'),
    ).toBeNull();
    expect(
      paymentDeadlineNote({ status: 'confirmed', paymentDueAt: due }, 'UTC', 'en-GB'),
    ).toBeNull();
  });

  it('leaves empty filters and blank answers out of what is sent', () => {
    expect(pageQuery(2, 20, { status: '', search: undefined })).toBe('page=2&limit=20');
    expect(decodeURIComponent(pageQuery(1, 10, { status: 'confirmed', search: '' }))).toBe(
      'page=1&limit=10&filters={"status":"confirmed"}',
    );
    expect(attendeeFieldData({ a: ' Mia ', b: '', c: [], d: false, e: null, f: ['x'] })).toEqual([
      { field: 'a', value: 'Mia' },
      { field: 'd', value: false },
      { field: 'f', value: ['x'] },
    ]);
  });
});
