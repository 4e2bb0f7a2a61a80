import { useQuery } from '@tanstack/react-query';
import {
  isScheduleUsable,
  majorToMinor,
  type PaymentScheduleData,
  scheduleForTicket,
  scheduleTexts,
  todayIn,
} from '../../../../../engine/index.ts';
import { api } from '../../../api.ts';
import { PaymentScheduleDialog } from '../../../components/PaymentScheduleDialog.tsx';
import { useModal } from '../../../components/useModal.ts';

/** GET /api/payment-schedules?activityGroup={id}: the group's schedule, or null. */
export function useGroupSchedule(groupId: string | undefined) {
  return useQuery({
    queryKey: ['payment-schedules', groupId],
    queryFn: () =>
      api.get<PaymentScheduleData | null>(
        `/api/payment-schedules?activityGroup=${encodeURIComponent(groupId ?? '')}`,
      ),
    enabled: !!groupId,
  });
}

/**
 * On a whole-term ticket of a group with a payment schedule: a link to the payment schedule
 * dialog (docs/rules/screens.md), showing what this ticket costs on each date. Parents may pay
 * whole-term tickets by the group's schedule, so the organiser sees it where they set the price.
 */
export function TicketScheduleLink({
  groupId,
  price,
  currency,
  dateFormat,
  timeZone,
}: {
  groupId: string;
  /** The ticket's price as the form holds it (major units). */
  price: string | number | null | undefined;
  currency: string;
  dateFormat: string;
  timeZone: string;
}) {
  const schedule = useGroupSchedule(groupId);
  const dialog = useModal();
  const s = schedule.data;
  if (!s || s.enabled === false) return null;
  let minor = 0;
  try {
    minor = majorToMinor(price ?? 0);
  } catch {
    minor = 0;
  }
  const { atBooking, instalments } = scheduleForTicket(minor, s);
  const today = todayIn(Date.now(), timeZone);
  const texts = isScheduleUsable(s, today)
    ? scheduleTexts({ dates: instalments.map((i) => i.date), today, dateFormat })
    : ['This payment schedule is no longer offered to parents.'];
  return (
    <>
      {' '}
      <button type="button" className="link-button" onClick={dialog.open}>
        Payment schedule
      </button>
      {dialog.isOpen ? (
        <PaymentScheduleDialog
          dialog={dialog}
          rows={instalments}
          texts={texts}
          atBooking={atBooking}
          currency={currency}
          dateFormat={dateFormat}
        />
      ) : null}
    </>
  );
}
