/*
 * Issue 11, item 4, as a parent meets it on the demo organiser page: the football term's last
 * Saturday (the tournament) is booked out, so the "Full term" ticket cannot be had. The listing,
 * the activity page and the tickets step all say so, naming that Saturday with its date and
 * time, before the parent picks it; the radio cannot be chosen; the page offers the waitlist
 * and the pay-as-you-go ticket instead, and the waitlist button leads to the join form.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localeFor } from '../engine/display.ts';
import { dateLabel, timeRange } from '../widget/src/format.ts';
import { chromiumOrSkip, launchChromium, type Stack, startStack } from './harness.ts';

const chrome = chromiumOrSkip();
const FOOTBALL = 'Junior Football – Spring Term';

interface PublicGroup {
  _id: string;
  name: string;
  activities: {
    _id: string;
    date: string;
    startTime: string;
    endTime: string;
    placesLeft: number | null;
  }[];
  tickets: { _id: string; name: string; fullSessions: string[] }[];
}

describe.skipIf(!chrome)('a ticket that needs a full session, on the demo organiser page', () => {
  let stack: Stack;
  let browser: Browser;

  async function api<T>(path: string): Promise<T> {
    const response = await fetch(`${stack.productUrl}${path}`, {
      headers: { 'X-Client-Id': stack.clientId },
    });
    const json = (await response.json()) as { data: T };
    expect(response.status).toBe(200);
    return json.data;
  }

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchChromium(chrome!);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('says the whole-term ticket is unavailable, naming the full Saturday, before it is picked', async () => {
    const settings = await api<{ country: string }>('/api/client');
    const list = await api<PublicGroup[]>('/api/activity-groups/full-list');
    const football = list.find((g) => g.name === FOOTBALL)!;
    const last = [...football.activities].sort((a, b) => a.date.localeCompare(b.date)).at(-1)!;
    expect(last.placesLeft).toBe(0);
    const term = football.tickets.find((t) => t.name === 'Full term')!;
    expect(term.fullSessions).toEqual([last._id]);
    const when = `${dateLabel(last.date, localeFor(settings.country))}, ${timeRange(last.startTime, last.endTime)}`;
    const unavailable = `Unavailable: no places left on ${when}.`;

    const page = await browser.newPage({ viewport: { width: 1000, height: 1000 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('response', (response) => {
      if (response.status() >= 500) errors.push(`${response.url()}: ${response.status()}`);
    });
    await page.goto(stack.demoUrl);
    const widget = page.locator('classwise-widget');

    // The listing's card says it beside the ticket's price.
    const card = widget.locator('.cw-card', {
      has: page.getByRole('heading', { name: FOOTBALL }),
    });
    await card.waitFor({ timeout: 15_000 });
    const termRow = card.locator('.cw-prices li', { hasText: 'Full term' });
    await expect.poll(() => termRow.textContent()).toContain(unavailable);
    expect(
      await card.locator('.cw-prices li', { hasText: 'Pay as you go' }).textContent(),
    ).not.toContain('Unavailable');

    // The activity page: the ticket's row, and the ways out.
    await widget.getByRole('button', { name: `Book ${FOOTBALL}` }).click();
    const tickets = widget.locator('section', {
      has: page.getByRole('heading', { name: 'Tickets' }),
    });
    await tickets.waitFor({ timeout: 15_000 });
    expect(await tickets.getByRole('row', { name: /Full term/ }).textContent()).toContain(
      unavailable,
    );
    await tickets.getByText('Other sessions can still be booked with Pay as you go.').waitFor();
    await tickets.getByText('Join the waitlist to be offered a place if one comes up.').waitFor();

    // The tickets step: the radio cannot be chosen, and it says why.
    await widget.getByRole('button', { name: 'Book now' }).click();
    await widget.getByRole('heading', { name: 'Sign in to book' }).waitFor({ timeout: 15_000 });
    await widget.getByLabel('Email').fill('parent@example.com');
    await widget.getByLabel('Password').fill('classwise-parent');
    await widget.getByRole('button', { name: 'Sign in', exact: true }).click();
    await widget.getByRole('heading', { name: 'Who is attending?' }).waitFor({ timeout: 15_000 });
    await widget.getByRole('checkbox', { name: 'Mia Parent' }).check();
    await widget.getByRole('button', { name: 'Continue' }).click();
    await widget.getByRole('heading', { name: 'Choose tickets' }).waitFor();
    const termRadio = widget.getByRole('radio', { name: /Full term/ });
    expect(await termRadio.isDisabled()).toBe(true);
    const termLabel = widget.locator('label', {
      has: page.getByRole('radio', { name: /Full term/ }),
    });
    expect(await termLabel.textContent()).toContain(unavailable);
    const payg = widget.getByRole('radio', { name: /Pay as you go/ });
    expect(await payg.isDisabled()).toBe(false);
    await payg.check();
    const boxes = widget
      .getByRole('group', { name: 'Sessions for Mia Parent' })
      .getByRole('checkbox');
    await expect.poll(() => boxes.count()).toBe(football.activities.length);
    // The full Saturday cannot be ticked; the others can.
    expect(await boxes.last().isDisabled()).toBe(true);
    expect(await boxes.first().isDisabled()).toBe(false);

    // The waitlist is one click away, and its form can be joined: the Saturday is full.
    await widget.getByRole('button', { name: 'Join waitlist' }).click();
    await widget.getByRole('heading', { name: `Join the waitlist: ${FOOTBALL}` }).waitFor({
      timeout: 15_000,
    });
    await widget.getByLabel('Attendee').selectOption({ label: 'Mia Parent' });
    await widget.getByRole('button', { name: 'Join waitlist' }).waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await page.close();
  });
});
