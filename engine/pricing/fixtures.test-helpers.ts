import type { DiscountRuleData } from '../schemas/discount-rule.ts';
import type { ActivityGroupRow, PriceInput, SessionRow } from './types.ts';

/** Test fixtures: a group with weekly sessions from a start date, all at 15:30. */
export function weeklySessions(prefix: string, start: string, count: number): SessionRow[] {
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.parse(`${start}T00:00:00Z`) + i * 7 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    return {
      _id: `${prefix}s${i + 1}`,
      date: d,
      startTime: '15:30',
      endTime: '16:30',
      enabled: true,
    };
  });
}

export function group(
  id: string,
  start: string,
  count: number,
  over: Partial<ActivityGroupRow> = {},
): ActivityGroupRow {
  return {
    _id: id,
    name: `Group ${id}`,
    sessions: weeklySessions(id, start, count),
    tickets: [
      {
        _id: `${id}-all`,
        type: 'all',
        name: 'Term',
        price: 20000,
        shouldProRata: true,
        placeLimit: null,
        restrictSessions: false,
        sessionsCanBeUsedFor: [],
        subscriptionPlan: null,
        allowMidMonthBookings: false,
        coverFeePerSession: null,
        timeDisplay: null,
        enabled: true,
      },
      {
        _id: `${id}-single`,
        type: 'single',
        name: 'Drop-in',
        price: 1000,
        shouldProRata: false,
        placeLimit: null,
        restrictSessions: false,
        sessionsCanBeUsedFor: [],
        subscriptionPlan: null,
        allowMidMonthBookings: false,
        coverFeePerSession: null,
        timeDisplay: null,
        enabled: true,
      },
      {
        _id: `${id}-sub`,
        type: 'subscription',
        name: 'Monthly',
        price: 4000,
        shouldProRata: false,
        placeLimit: null,
        restrictSessions: false,
        sessionsCanBeUsedFor: [],
        subscriptionPlan: 'plan',
        allowMidMonthBookings: true,
        coverFeePerSession: 800,
        timeDisplay: null,
        enabled: true,
      },
    ],
    addOns: [
      {
        _id: `${id}-lunch`,
        name: 'Lunch',
        price: 350,
        restrictSessions: false,
        sessionsCanBeUsedFor: [],
        enabled: true,
      },
    ],
    ...over,
  };
}

export function rule(
  over: Partial<DiscountRuleData> & { _id: string; type: DiscountRuleData['type'] },
): DiscountRuleData & { _id: string } {
  return {
    name: over._id,
    multiPurchaseType: null,
    code: null,
    codeUsage: null,
    activityGroups: [],
    unit: null,
    fixedAmount: null,
    percentage: null,
    amountAdditionalAttendee: null,
    percentageAdditionalAttendee: null,
    minimumTotal: null,
    maximumDiscountAmount: null,
    sessionsOption: null,
    multiSessionConditions: [],
    multiActivityConditions: [],
    startDate: null,
    endDate: null,
    maxRedemptions: null,
    maxUserRedemptions: null,
    timesUsed: 0,
    onlyAllowForUserFirstBooking: false,
    enabled: true,
    ...over,
  };
}

export const settings: PriceInput['settings'] = {
  timeZone: 'Europe/London',
  currency: 'GBP',
  planLevel: 20,
};
