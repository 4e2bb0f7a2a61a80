/*
 * Types and formatting shared by the activity screens. Form values are the engine's wizard
 * schema input (major units); saved values come from the API (minor units).
 */
import type * as v from 'valibot';
import {
  type createActivityGroupSchema,
  formatCivilDate,
  formatMoney,
  formatTimeRange,
  majorToMinor,
  toNumber,
} from '../../../../engine/index.ts';

export type GroupValues = v.InferInput<ReturnType<typeof createActivityGroupSchema>>;
export type SessionValues = NonNullable<GroupValues['activities']>[number];
export type TicketValues = NonNullable<GroupValues['tickets']>[number];
export type AddOnValues = NonNullable<GroupValues['addOns']>[number];

export const TICKET_TYPE_LABELS: Record<string, string> = {
  all: 'All sessions',
  single: 'Single session',
  subscription: 'Subscription',
};

export const ticketTypeLabel = (type: string | null | undefined) =>
  TICKET_TYPE_LABELS[type ?? ''] ?? type ?? '';

/** A price typed in major units, shown in the client's currency and country's way ('£80.00'). */
export function formatMajor(value: unknown, currency: string, locale: string): string {
  const n = toNumber(value);
  if (n === null || Number.isNaN(n)) return '—';
  return formatMoney(majorToMinor(n), currency, locale);
}

/** 'Sat 07/03/2026' in the client's date format. */
export function formatSessionDate(date: string | null | undefined, dateFormat: string): string {
  if (!date) return '';
  const weekday = new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    timeZone: 'UTC',
  });
  return `${weekday} ${formatCivilDate(date, dateFormat)}`;
}

export const sessionTime = (s: { startTime?: string | null; endTime?: string | null }) =>
  s.startTime && s.endTime ? formatTimeRange(s.startTime, s.endTime) : '';

/** Sessions in date and time order. */
export function sortByStart<T extends { date?: string | null; startTime?: string | null }>(
  list: readonly T[],
): T[] {
  return [...list].sort((a, b) =>
    `${a.date ?? ''}${a.startTime ?? ''}`.localeCompare(`${b.date ?? ''}${b.startTime ?? ''}`),
  );
}

/** A whole-session label for pickers: 'Sat 07/03/2026 · 10am–11am'. */
export const sessionLabel = (s: SessionValues, dateFormat: string) =>
  `${formatSessionDate(s.date, dateFormat)} · ${sessionTime(s)}`;
