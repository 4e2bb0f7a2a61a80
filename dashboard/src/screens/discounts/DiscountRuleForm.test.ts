import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DiscountRuleForm } from './DiscountRuleForm.tsx';
import { type DiscountValues, discountValuesOf, newDiscountValues } from './lib.ts';
import type { DiscountRule } from './queries.ts';

/*
 * What the form shows and locks, rendered to HTML in Node: which fields show is the engine's
 * decision (discountRuleVisibleFields), and this checks the form follows it.
 */

const used: DiscountRule = {
  _id: 'r1',
  name: 'Welcome offer',
  type: 'Code',
  multiPurchaseType: null,
  code: 'WELCOME10',
  codeUsage: 'AllActivities',
  activityGroups: [],
  unit: 'Percentage',
  fixedAmount: null,
  percentage: 10,
  amountAdditionalAttendee: null,
  percentageAdditionalAttendee: null,
  minimumTotal: null,
  maximumDiscountAmount: null,
  sessionsOption: null,
  multiSessionConditions: [],
  multiActivityConditions: [],
  startDate: null,
  endDate: null,
  maxRedemptions: 100,
  maxUserRedemptions: null,
  timesUsed: 4,
  onlyAllowForUserFirstBooking: false,
  enabled: true,
};

function render(
  values: DiscountValues,
  {
    saved = null,
    presetType = null,
  }: { saved?: DiscountRule | null; presetType?: string | null } = {},
) {
  // As in the dashboard, inside a query client: amounts read the organiser's country from it.
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(DiscountRuleForm, {
        values,
        onChange: () => {},
        errors: {},
        currency: 'GBP',
        presetType,
        saved,
        otherRules: [],
        groups: [],
        onSubmit: () => {},
      }),
    ),
  );
}

/** The input or select a form label points at, or null when the field is not shown. */
function control(html: string, label: string): string | null {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const id = new RegExp(`<label for="([^"]+)" class="form-label">${escaped}(<span|</label>)`).exec(
    html,
  )?.[1];
  if (!id) return null;
  return new RegExp(`<(input|select)[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? null;
}
const isDisabled = (tag: string | null) => tag !== null && / disabled=""/.test(tag);

describe('discount rule form', () => {
  it('locks type, code, usage and unit once the rule has been used, not its name or amount', () => {
    const html = render(discountValuesOf(used), { saved: used });
    for (const label of ['Type', 'Code', 'Code can be used for', 'Discount unit']) {
      expect(isDisabled(control(html, label)), label).toBe(true);
    }
    for (const label of ['Name', 'Percentage off', 'Maximum uses']) {
      expect(control(html, label), label).not.toBeNull();
      expect(isDisabled(control(html, label)), label).toBe(false);
    }
    expect(html).toContain('used 4 times');
  });

  it('leaves an unused rule free to change, and hides the type when it is preset', () => {
    const fresh = { ...used, timesUsed: 0 };
    expect(isDisabled(control(render(discountValuesOf(fresh), { saved: fresh }), 'Type'))).toBe(
      false,
    );
    expect(control(render(newDiscountValues('Code'), { presetType: 'Code' }), 'Type')).toBeNull();
    expect(control(render(newDiscountValues()), 'Type')).not.toBeNull();
  });

  it('shows minimum total once the code usage is chosen, and the cap only for percentages', () => {
    const code = { ...newDiscountValues('Code'), unit: 'FixedAmount' };
    expect(control(render(code), 'Minimum total')).toBeNull();
    expect(
      control(render({ ...code, codeUsage: 'AllActivities' }), 'Minimum total'),
    ).not.toBeNull();
    expect(control(render(code), 'Maximum discount')).toBeNull();
    expect(control(render({ ...code, unit: 'Percentage' }), 'Maximum discount')).not.toBeNull();
  });

  it('offers redemption limits to codes only, and conditions to multi-purchase rules', () => {
    const multi = { ...newDiscountValues('MultiPurchase'), multiPurchaseType: 'Session' };
    const html = render(multi);
    expect(html).not.toContain('Redemption limits');
    expect(html).toContain('Add condition');
    expect(render(newDiscountValues('Code'))).toContain('Redemption limits');
    const attendees = render(newDiscountValues('MultiAttendee'));
    expect(attendees).toContain('Amount on additional attendee');
    expect(attendees).not.toContain('>Fixed amount<');
  });
});
