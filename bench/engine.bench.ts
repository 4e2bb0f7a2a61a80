/*
 * Engine figures: the median time to price a family basket (3 attendees, 2 activity groups,
 * 12 sessions each, add-ons, 10 discount rules) and to quote a cancellation.
 * Run directly with `npx tsx bench/engine.bench.ts`, or call `runEngineBench()` from a runner.
 */
import { pathToFileURL } from 'node:url';
import {
  type ActivityGroupRow,
  type CancellationRuleData,
  type DiscountRuleData,
  type PriceInput,
  priceBasket,
  quoteCancellation,
} from '../engine/index.ts';

function group(id: string): ActivityGroupRow {
  const ticket = {
    shouldProRata: true,
    placeLimit: null,
    restrictSessions: false,
    sessionsCanBeUsedFor: [],
    subscriptionPlan: null,
    allowMidMonthBookings: false,
    coverFeePerSession: null,
    timeDisplay: null,
    enabled: true,
  };
  return {
    _id: id,
    name: `Group ${id}`,
    sessions: Array.from({ length: 12 }, (_, i) => ({
      _id: `${id}s${i}`,
      date: new Date(Date.UTC(2025, 0, 6 + i * 7)).toISOString().slice(0, 10),
      startTime: '15:30',
      endTime: '16:30',
      enabled: true,
    })),
    tickets: [
      { ...ticket, _id: `${id}-all`, type: 'all', name: 'Term', price: 24000 },
      {
        ...ticket,
        _id: `${id}-single`,
        type: 'single',
        name: 'Drop-in',
        price: 1200,
        shouldProRata: false,
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
      {
        _id: `${id}-kit`,
        name: 'Kit',
        price: 500,
        restrictSessions: true,
        sessionsCanBeUsedFor: [`${id}s3`, `${id}s4`],
        enabled: true,
      },
    ],
  };
}

const blank: Omit<DiscountRuleData, 'type' | 'name'> = {
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
};
const rules: (DiscountRuleData & { _id: string })[] = [
  {
    ...blank,
    _id: 'r1',
    name: 'Sessions',
    type: 'MultiPurchase',
    multiPurchaseType: 'Session',
    sessionsOption: 'SameActivity',
    activityGroups: ['g1'],
    multiSessionConditions: [2, 4, 8].map((m) => ({
      minimumSessions: m,
      unit: 'Percentage' as const,
      percentage: m,
      fixedAmount: null,
      amountPerSession: null,
    })),
  },
  {
    ...blank,
    _id: 'r2',
    name: 'Sessions 2',
    type: 'MultiPurchase',
    multiPurchaseType: 'Session',
    sessionsOption: 'MultipleActivities',
    activityGroups: ['g2'],
    multiSessionConditions: [
      {
        minimumSessions: 3,
        unit: 'AmountPerSession',
        amountPerSession: 50,
        fixedAmount: null,
        percentage: null,
      },
    ],
  },
  {
    ...blank,
    _id: 'r3',
    name: 'Activities',
    type: 'MultiPurchase',
    multiPurchaseType: 'Activity',
    activityGroups: ['g1', 'g2'],
    multiActivityConditions: [
      { minimumActivities: 2, unit: 'FixedAmount', fixedAmount: 1000, percentage: null },
    ],
  },
  {
    ...blank,
    _id: 'r4',
    name: 'Siblings',
    type: 'MultiAttendee',
    sessionsOption: 'SameActivity',
    activityGroups: ['g1', 'g2'],
    unit: 'PercentageAdditionalAttendee',
    percentageAdditionalAttendee: 10,
  },
  ...['A', 'B', 'C', 'D', 'E'].map((c, i) => ({
    ...blank,
    _id: `c${i}`,
    name: `Code ${c}`,
    type: 'Code' as const,
    code: `CODE${c}`,
    codeUsage: 'AllActivities' as const,
    unit: 'Percentage' as const,
    percentage: 5 + i,
    maximumDiscountAmount: 5000,
  })),
  {
    ...blank,
    _id: 'r10',
    name: 'Old',
    type: 'Code',
    code: 'OLD',
    codeUsage: 'AllActivities',
    unit: 'FixedAmount',
    fixedAmount: 500,
    enabled: false,
  },
];

export const familyBasket: PriceInput = {
  groups: [group('g1'), group('g2')],
  lines: ['a1', 'a2', 'a3'].flatMap((a, i) => [
    {
      attendeeId: a,
      activityGroupId: 'g1',
      ticketId: 'g1-all',
      addOns: [{ addOnId: 'g1-lunch' }, { addOnId: 'g1-kit' }],
    },
    {
      attendeeId: a,
      activityGroupId: 'g2',
      ticketId: i === 2 ? 'g2-all' : 'g2-single',
      sessionIds: ['g2s5', 'g2s6', 'g2s7', 'g2s8'],
      addOns: [{ addOnId: 'g2-lunch' }],
    },
  ]),
  rules,
  code: 'codec',
  history: { confirmedBookings: 1, redemptions: {} },
  accountCredit: [{ amount: 2000, expiresAt: null }],
  useAccountCredit: true,
  attendeeNames: { a1: 'Ann', a2: 'Ben', a3: 'Cat' },
  now: Date.parse('2025-02-01T10:00:00Z'),
  settings: { timeZone: 'Europe/London', currency: 'GBP', planLevel: 20 },
};

const cancelRules: CancellationRuleData[] = [
  {
    name: '',
    sessionScope: 'allSessions',
    cancellationWindow: { amount: 7, unit: 'days' },
    config: {
      percentageToRefund: 100,
      fee: 0,
      refundMethods: ['stripe', 'accountCredit'],
      accountCreditExpiry: { amount: 6, unit: 'months' },
    },
    enabled: true,
  },
  {
    name: '',
    sessionScope: 'allSessions',
    cancellationWindow: { amount: 48, unit: 'hours' },
    config: {
      percentageToRefund: 50,
      fee: 250,
      refundMethods: ['stripe'],
      accountCreditExpiry: { amount: null, unit: 'days' },
    },
    enabled: true,
  },
];

function median(fn: () => unknown, iterations: number): number {
  for (let i = 0; i < Math.min(200, iterations); i++) fn();
  const batch = 20;
  const samples: number[] = [];
  for (let i = 0; i < iterations / batch; i++) {
    const start = performance.now();
    for (let j = 0; j < batch; j++) fn();
    samples.push(((performance.now() - start) * 1000) / batch);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

export async function runEngineBench(): Promise<{ name: string; value: number; unit: string }[]> {
  const g1 = familyBasket.groups[0];
  const cancel = {
    items: [{ itemId: 'i1', ticketType: 'all' as const, amountPaid: 24000, sessions: g1.sessions }],
    rules: cancelRules,
    now: Date.parse('2025-01-20T10:00:00Z'),
    settings: { timeZone: 'Europe/London', planLevel: 20, cardProviderEnabled: true },
  };
  return [
    {
      name: 'engine: price a family basket (median)',
      value: +median(() => priceBasket(familyBasket), 4000).toFixed(2),
      unit: 'µs',
    },
    {
      name: 'engine: quote a cancellation (median)',
      value: +median(() => quoteCancellation(cancel), 4000).toFixed(2),
      unit: 'µs',
    },
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const r of await runEngineBench()) console.log(`${r.name}: ${r.value} ${r.unit}`);
}
