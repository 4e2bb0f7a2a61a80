import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, messages, todayIn } from '../engine/index.ts';
import {
  chromiumOrSkip,
  launchChromium,
  type Stack,
  signInToDashboard,
  startStack,
} from './harness.ts';

/*
 * Issue 4 as an organiser meets it: the demo admin sets up a new activity through the four-step
 * wizard (weekly repeated sessions, a pro-rata all-sessions ticket, a single-session ticket and
 * an add-on), finds it in the list, changes a session's place limit, and the demo organiser page
 * on the other origin shows it in the widget.
 */

const chrome = chromiumOrSkip();
const NAME = 'Summer Tennis Camp';
const VENUE = 'Harbourside Tennis Club';

describe.skipIf(!chrome)('activities in the dashboard (Chromium)', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchChromium(chrome!);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (error) => errors.push(error.message));
    await signInToDashboard(page, stack.productUrl);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const dialog = (name: string) => page.getByRole('dialog', { name });
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  const currentStep = () =>
    page.locator('.step-button[aria-current="step"] .step-label').textContent();
  /** Waits for a sub-form modal to close (300 ms) and reset. */
  const closed = (name: string) => dialog(name).waitFor({ state: 'detached' });

  it('lists the activities with skeleton rows first, and searches them', async () => {
    let release = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    await page.route('**/api/activity-groups/full-list*', async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Activities' })
      .click();
    await page.getByTestId('skeleton-row').first().waitFor();
    expect(await page.getByTestId('skeleton-row').count()).toBe(5);
    release();
    await page.getByRole('link', { name: 'Junior Football – Spring Term' }).waitFor();
    await page.unroute('**/api/activity-groups/full-list*');

    await page.getByLabel('Search activities').fill('no such activity');
    await page.getByText(messages.noActivities).waitFor();
    await page.getByLabel('Search activities').fill('');
    await page.getByRole('link', { name: 'Junior Football – Spring Term' }).waitFor();

    // The filter panel offers the Sport field (used for admin filtering) next to venue and status.
    const list = page.getByRole('table', { name: 'Activities' });
    await button('Filters').click();
    const panel = page.getByRole('form', { name: 'Filters' });
    await panel.getByLabel('Sport').selectOption({ label: 'Swimming' });
    await panel.getByRole('button', { name: 'Apply filters' }).click();
    await list.getByRole('link', { name: 'Little Dippers Swim Club' }).waitFor();
    await expect.poll(() => list.getByRole('link').count()).toBe(1);
    await page.getByRole('button', { name: 'Filters (1)' }).waitFor();
    await panel.getByRole('button', { name: 'Reset' }).click();
    await list.getByRole('link', { name: 'Junior Football – Spring Term' }).waitFor();
    await expect.poll(() => list.getByRole('link').count()).toBe(3);
  });

  it('refuses Next on an invalid step: marks the field and stays on Information', async () => {
    await page.getByRole('link', { name: 'New activity' }).click();
    await page.getByRole('heading', { name: 'New activity' }).waitFor();
    await button('Next').click();
    const nameField = page.locator('.form-field', { has: page.getByLabel('Activity name') });
    await nameField.locator('.field-error', { hasText: messages.required }).waitFor();
    expect(await page.getByLabel('Activity name').getAttribute('aria-invalid')).toBe('true');
    // The view goes to the first error: its control has the focus.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid')))
      .toBe('true');
    expect(await currentStep()).toBe('Information');
    // Jumping ahead on the step bar is refused too while the form is invalid.
    await page.locator('.step-button', { hasText: 'Tickets' }).click();
    expect(await currentStep()).toBe('Information');
  });

  it("creates a venue from the wizard's 'Create venue' modal and selects it", async () => {
    await button('Create venue').click();
    const modal = dialog('Create venue');
    await modal.waitFor();
    await modal.getByRole('button', { name: 'Create venue' }).click();
    await modal.getByText(messages.invalidInput).waitFor();
    await modal.locator('.field-error', { hasText: messages.required }).waitFor();
    await modal.getByLabel('Venue name').fill(VENUE);
    await modal.getByLabel('Address line 1').fill('1 Quay Street');
    await modal.getByLabel('Town or city').fill('Bristol');
    await modal.getByLabel('Postcode').fill('BS1 4DJ');
    await modal.getByRole('button', { name: 'Create venue' }).click();
    await closed('Create venue');
    await expect
      .poll(() =>
        page.getByLabel('Venue').evaluate((s) => (s as HTMLSelectElement).selectedOptions[0]?.text),
      )
      .toBe(VENUE);
  });

  it('sets up a new activity through the four steps and saves it', async () => {
    await page.getByLabel('Activity name').fill(NAME);
    await page.getByRole('textbox', { name: 'Description' }).click();
    await page.keyboard.type('Coaching for beginners, rackets provided.');
    await page.getByLabel('Sport').selectOption({ label: 'Multi-sports' });
    await page.getByLabel('Minimum age years').fill('7');
    await page.getByLabel('Maximum age years').fill('12');
    await button('Next').click();
    expect(await currentStep()).toBe('Sessions');

    // Weekly sessions: four Saturdays from next week, generated by the engine's generateSessions.
    const today = todayIn(Date.now(), 'Europe/London');
    const first = addDays(today, 7);
    await button('Add new session').click();
    const session = dialog('Add new session');
    await session.getByLabel('Date').fill(first);
    await session.getByLabel('Start time').fill('09:30');
    await session.getByLabel('End time').fill('11:00');
    await session.getByLabel('Place limit').fill('12');
    await session.getByText('Weekly', { exact: true }).click();
    await session.getByLabel('Occurrences').fill('4');
    await session.getByTestId('repeat-preview').getByText('4 sessions', { exact: false }).waitFor();
    await session.getByRole('button', { name: 'Add 4 sessions' }).click();
    await closed('Add new session');
    const sessionRows = page.getByRole('table', { name: 'Sessions' }).locator('tbody tr');
    await expect.poll(() => sessionRows.count()).toBe(4);
    expect(await sessionRows.nth(1).textContent()).toContain('9.30am–11am');
    await button('Next').click();
    expect(await currentStep()).toBe('Tickets');

    // An all-sessions ticket priced pro rata, with the help tour on the way.
    await button('Add new ticket').click();
    const ticket = dialog('Add new ticket');
    await ticket.getByTestId('ticket-tour').waitFor();
    for (let i = 0; i < 2; i++) await ticket.getByRole('button', { name: 'Next tip' }).click();
    await ticket.getByText(/£200\.00 for 5 sessions costs £160\.00/).waitFor();
    await ticket.getByRole('button', { name: 'Dismiss help' }).click();
    await ticket.getByRole('button', { name: 'Save ticket' }).click();
    await ticket.getByText(messages.required).first().waitFor();
    await ticket.getByLabel('Ticket name').fill('Full course');
    await ticket.getByRole('textbox', { name: 'Price', exact: true }).fill('40');
    await ticket.getByLabel('Price on a pro rata basis').check();
    await ticket.getByRole('button', { name: 'Save ticket' }).click();
    await closed('Add new ticket');

    await button('Add new ticket').click();
    const single = dialog('Add new ticket');
    await single.getByLabel('Ticket type').selectOption('single');
    await single.getByLabel('Ticket name').fill('Drop in');
    await single.getByRole('textbox', { name: 'Price', exact: true }).fill('12.50');
    await single.getByRole('button', { name: 'Save ticket' }).click();
    await closed('Add new ticket');

    await button('Add new add-on').click();
    const addOn = dialog('Add new add-on');
    await addOn.getByLabel('Add-on name').fill('Racket hire');
    await addOn.getByRole('textbox', { name: 'Price', exact: true }).fill('3');
    await addOn.getByRole('button', { name: 'Save add-on' }).click();
    await closed('Add new add-on');

    const tickets = page.getByRole('table', { name: 'Tickets' });
    await tickets.getByText('Full course*').waitFor();
    expect(await tickets.textContent()).toContain('£12.50');
    await page.getByText(messages.proRataLegend).waitFor();
    await page.getByRole('table', { name: 'Add-ons' }).getByText('Racket hire').waitFor();
    await button('Next').click();
    expect(await currentStep()).toBe('Settings');

    await button('Submit').click();
    await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/admin\/activities\/[^/]+$/);
    const sessions = page.getByRole('table', { name: 'Sessions' }).locator('tbody tr');
    await expect.poll(() => sessions.count()).toBe(4);
    await page.getByText(VENUE).first().waitFor();
    const summary = page.getByRole('region', { name: 'Sales summary' });
    for (const label of [
      'All-session tickets',
      'Subscription tickets',
      'Single-session tickets',
      'Places booked',
      'Add-on sales',
    ])
      await summary.getByText(label).waitFor();
    await summary.getByText('0 on waitlist', { exact: false }).waitFor();
  });

  it('shows the new activity in the list and changes a session place limit', async () => {
    await page.getByRole('link', { name: '← Activities' }).click();
    await page.getByRole('link', { name: NAME }).click();
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByRole('heading', { name: `Edit ${NAME}` }).waitFor();
    await page.locator('.step-button', { hasText: 'Sessions' }).click();
    await page.getByText(messages.changesAppliedOnSave).waitFor();
    await page
      .getByRole('button', { name: /^Edit session/ })
      .first()
      .click();
    const edit = dialog('Edit session');
    // Repeat options apply only to new sessions.
    expect(await edit.getByText('Weekly', { exact: true }).count()).toBe(0);
    await edit.getByLabel('Place limit').fill('20');
    await edit.getByRole('button', { name: 'Save session' }).click();
    await closed('Edit session');
    await page.locator('.step-button', { hasText: 'Settings' }).click();
    await button('Save').click();
    await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
    const firstRow = page.getByRole('table', { name: 'Sessions' }).locator('tbody tr').first();
    await expect.poll(() => firstRow.locator('td').nth(2).textContent()).toBe('20');
  });

  it("keeps a saved ticket's type, opens advanced options once set, and bulk-updates place limits", async () => {
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByRole('heading', { name: `Edit ${NAME}` }).waitFor();
    await page.locator('.step-button', { hasText: 'Tickets' }).click();
    await button('Edit ticket Full course').click();
    const ticket = dialog('Edit ticket');
    expect(await ticket.getByLabel('Ticket type').isDisabled()).toBe(true);
    await ticket.getByText('The type cannot be changed once the ticket has been saved.').waitFor();
    // Dismissed earlier, the tour stays away but can be brought back.
    await ticket.getByRole('button', { name: 'Which ticket type should I use?' }).waitFor();
    const advanced = ticket.locator('details.advanced');
    expect(await advanced.getAttribute('open')).toBeNull();
    await advanced.locator('summary').click();
    await ticket.getByLabel('Ticket limit').fill('30');
    await ticket.getByRole('button', { name: 'Save ticket' }).click();
    await closed('Edit ticket');
    await button('Edit ticket Full course').click();
    expect(
      await dialog('Edit ticket').locator('details.advanced').getAttribute('open'),
    ).not.toBeNull();
    await dialog('Edit ticket').getByRole('button', { name: 'Cancel' }).click();
    await closed('Edit ticket');

    await page.locator('.step-button', { hasText: 'Sessions' }).click();
    await button('Bulk update place limits').click();
    const bulk = dialog('Bulk update place limits');
    await bulk.getByLabel('Place limit').fill('0');
    await bulk.getByRole('button', { name: 'Update place limits' }).click();
    await bulk.getByText(messages.placeLimitMin).waitFor();
    await bulk.getByLabel('Place limit').fill('');
    await bulk.getByRole('button', { name: 'Update place limits' }).click();
    await closed('Bulk update place limits');
    const rows = page.getByRole('table', { name: 'Sessions' }).locator('tbody tr');
    await expect
      .poll(() => rows.locator('td:nth-child(3)').allTextContents())
      .toEqual(['No limit', 'No limit', 'No limit', 'No limit']);
    await page.locator('.step-button', { hasText: 'Settings' }).click();
    await button('Save').click();
    await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
    const saved = page.getByRole('table', { name: 'Sessions' }).locator('tbody tr');
    await expect
      .poll(() => saved.locator('td:nth-child(3)').allTextContents())
      .toEqual(['No limit', 'No limit', 'No limit', 'No limit']);
  });

  it('shows the new activity in the widget on the demo organiser page', async () => {
    const demo = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    await demo.goto(stack.demoUrl);
    const card = demo
      .locator('classwise-widget .cw-card')
      .filter({ has: demo.getByRole('heading', { name: NAME }) });
    await card.waitFor({ timeout: 15_000 });
    const text = await card.textContent();
    expect(text).toContain(VENUE);
    expect(text).toContain('£40.00');
    await demo.close();
    expect(errors).toEqual([]);
  });

  it("guards an activity field's options and adds one through the 'Add new field option' modal", async () => {
    await page.getByRole('link', { name: 'Activity fields' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Sport' });
    await row.getByRole('button', { name: 'Edit', exact: true }).click();
    const field = dialog('Edit Sport');
    await field.waitFor();
    // The demo's Football tab uses the Football option: the guard answers before any save.
    await field.getByRole('button', { name: 'Disable option Football' }).click();
    const refusal = dialog('Disable field option');
    await refusal.getByText(messages.fieldOptionDisableUsedByTab).waitFor();
    await refusal.getByRole('button', { name: 'OK' }).click();
    await closed('Disable field option');
    await field.getByRole('button', { name: 'Delete option Football' }).click();
    await dialog('Delete field option').getByText(messages.fieldOptionDeleteUsedByTab).waitFor();
    await dialog('Delete field option').getByRole('button', { name: 'OK' }).click();
    await closed('Delete field option');
    expect(await field.getByRole('button', { name: 'Disable option Football' }).count()).toBe(1);

    await field.getByRole('button', { name: 'Add new field option' }).click();
    const option = dialog('Add new field option');
    await option.getByRole('button', { name: 'Save option' }).click();
    await option.getByText(messages.fieldOptionName).waitFor();
    await option.getByLabel('Option name').fill('Tennis');
    await option.getByRole('button', { name: 'Save option' }).click();
    await closed('Add new field option');
    await field.getByRole('button', { name: 'Save field' }).click();
    await closed('Edit Sport');

    // The new option is offered in the wizard's Sport select straight away.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Activities' })
      .click();
    await page.getByRole('link', { name: 'New activity' }).click();
    await expect
      .poll(() =>
        page
          .getByLabel('Sport')
          .evaluate((s) => [...(s as HTMLSelectElement).options].map((o) => o.text)),
      )
      .toContain('Tennis');
    expect(errors).toEqual([]);
  });

  it('offers a Starter client the upgrades: add-ons need Standard, waitlists Premium', async () => {
    // The demo club is on Premium; its settings are answered as a Starter client's for this test.
    await page.route('**/api/client', async (route) => {
      const response = await route.fetch();
      const json = await response.json();
      await route.fulfill({ response, json: { ...json, data: { ...json.data, planLevel: 0 } } });
    });
    await page.goto(`${stack.productUrl}/admin/activities/new`);
    await page.getByLabel('Activity name').fill('Chess club');
    await button('Next').click();
    // A published activity needs a session to book: the Sessions step says so (issue 11, item 10).
    await button('Next').click();
    await page.getByText(messages.publishNeedsSession).waitFor();
    expect(await currentStep()).toBe('Sessions');
    await button('Add new session').click();
    const session = dialog('Add new session');
    await session.getByLabel('Date').fill(addDays(todayIn(Date.now(), 'Europe/London'), 7));
    await session.getByLabel('Start time').fill('16:00');
    await session.getByLabel('End time').fill('17:00');
    await session.getByRole('button', { name: 'Save session' }).click();
    await closed('Add new session');
    await button('Next').click();
    expect(await currentStep()).toBe('Tickets');
    await button('Add new add-on').click();
    const gate = dialog(messages.featureNotAvailable);
    const upgrade = gate.getByRole('link', { name: 'Upgrade' });
    expect(await upgrade.getAttribute('href')).toBe('/admin/settings/subscription');
    expect(await upgrade.getAttribute('target')).toBe('_blank');
    await gate.getByRole('button', { name: 'Cancel' }).click();
    await closed(messages.featureNotAvailable);
    expect(await dialog('Add new add-on').count()).toBe(0);
    // …and a ticket: the Tickets step says so, until Published is unticked in Settings.
    await button('Next').click();
    await page.getByText(messages.publishNeedsTicket).waitFor();
    await page.locator('.step-button', { hasText: 'Settings' }).click();
    expect(await currentStep()).toBe('Tickets');
    await button('Add new ticket').click();
    const ticket = dialog('Add new ticket');
    await ticket.getByLabel('Ticket name').fill('Term');
    await ticket.getByRole('textbox', { name: 'Price', exact: true }).fill('30');
    await ticket.getByRole('button', { name: 'Save ticket' }).click();
    await closed('Add new ticket');
    await button('Next').click();
    expect(await page.getByLabel('Waitlist type').isDisabled()).toBe(true);
    const premium = page.getByRole('link', { name: messages.upgradeToPremium });
    expect(await premium.getAttribute('href')).toBe('/admin/settings/subscription');
    expect(await premium.getAttribute('target')).toBe('_blank');
    await page.unroute('**/api/client');
    // Back to the first step, where Back is Cancel and returns to the list once the unsaved
    // activity is discarded.
    for (let i = 0; i < 3; i++) await button('Back').click();
    await button('Cancel').click();
    await dialog('Discard unsaved changes?')
      .getByRole('button', { name: 'Discard changes' })
      .click();
    await page.getByRole('heading', { name: 'Activities', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/activities');
    expect(errors).toEqual([]);
  });

  it('lets a client below Premium keep a saved waitlist and add-ons, or turn the waitlist off', async () => {
    // On the demo club's own Premium plan, the group gets a waitlist.
    const openSettings = async () => {
      await page.getByRole('link', { name: NAME }).click();
      await page.getByRole('link', { name: 'Edit', exact: true }).click();
      await page.getByRole('heading', { name: `Edit ${NAME}` }).waitFor();
    };
    // A fresh load, so no plan level cached from the Starter test above.
    await page.goto(`${stack.productUrl}/admin/activities`);
    await openSettings();
    await page.locator('.step-button', { hasText: 'Settings' }).click();
    await page.getByLabel('Waitlist type').selectOption({ label: 'All sessions' });
    await button('Save').click();
    await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();

    // Then the client is answered as a Starter one: nothing saved may lock the form.
    await page.route('**/api/client', async (route) => {
      const response = await route.fetch();
      const json = await response.json();
      await route.fulfill({ response, json: { ...json, data: { ...json.data, planLevel: 0 } } });
    });
    await page.goto(`${stack.productUrl}/admin/activities`);
    await openSettings();
    await page.locator('.step-button', { hasText: 'Tickets' }).click();
    // Tickets and Add-ons both say when their changes apply.
    await expect.poll(() => page.getByText(messages.changesAppliedOnSave).count()).toBe(2);
    await page.locator('.step-button', { hasText: 'Settings' }).click();
    const waitlist = page.getByLabel('Waitlist type');
    expect(await waitlist.isDisabled()).toBe(false);
    expect(
      await waitlist.evaluate((s) => [...(s as HTMLSelectElement).options].map((o) => o.text)),
    ).toEqual(['No waitlist', 'All sessions']);
    await waitlist.selectOption({ label: 'No waitlist' });
    await button('Save').click();
    await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
    await page.unroute('**/api/client');
    expect(errors).toEqual([]);
  });
});
