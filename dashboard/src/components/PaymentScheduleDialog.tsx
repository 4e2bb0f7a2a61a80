import { formatCivilDate } from '../../../engine/index.ts';
import { useMoney } from '../lib/money.ts';
import { Badge } from './Badge.tsx';
import { Button } from './Button.tsx';
import { Modal } from './Modal.tsx';
import { Table } from './Table.tsx';
import type { ModalControls } from './useModal.ts';

/** One row of the dialog: an instalment's date and amount, and its state once booked. */
export interface ScheduleRow {
  date: string;
  amount: number;
  /** A booking's instalment: scheduled, processing, paid, failed. Absent for a ticket's plan. */
  status?: string;
}

const STATUS: Record<
  string,
  { label: string; tone: 'neutral' | 'success' | 'warning' | 'danger' }
> = {
  scheduled: { label: 'Scheduled', tone: 'neutral' },
  processing: { label: 'Processing', tone: 'warning' },
  paid: { label: 'Paid', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

/**
 * The payment schedule dialog (docs/rules/screens.md: "payment schedule (Date, Amount, Close)"):
 * the dated instalments of a ticket's or a booking's schedule, with
 * docs/rules/editing-and-states.md's summary texts above them and one Close button. Read-only; the
 * rows come from the engine (`scheduleForTicket`, or a booking's `plans`).
 *
 * @example
 * const dialog = useModal();
 * <PaymentScheduleDialog dialog={dialog} rows={[{ date: '2027-01-01', amount: 10000 }]} currency="GBP" dateFormat="dd/MM/yyyy" />
 */
export function PaymentScheduleDialog({
  dialog,
  title = 'Payment schedule',
  rows,
  currency,
  dateFormat,
  texts = [],
  atBooking = 0,
}: {
  dialog: ModalControls;
  title?: string;
  rows: readonly ScheduleRow[];
  currency: string;
  dateFormat: string;
  /** 'First payment on …', 'Final payment on …' or 'Continues until cancelled'. */
  texts?: readonly string[];
  /** Paid at booking, before the first instalment (what the instalments leave). */
  atBooking?: number;
}) {
  const money = useMoney();
  const withStatus = rows.some((r) => r.status);
  return (
    <Modal
      {...dialog.modalProps}
      size="sm"
      title={title}
      footer={<Button onClick={() => dialog.cancel()}>Close</Button>}
    >
      {texts.map((line) => (
        <p key={line} className="muted">
          {line}
        </p>
      ))}
      {atBooking > 0 ? (
        <p>{money(atBooking, currency)} is paid at booking, then the instalments below.</p>
      ) : null}
      <Table
        caption={title}
        rows={rows}
        rowKey={(r) => r.date}
        columns={[
          { key: 'date', header: 'Date', render: (r) => formatCivilDate(r.date, dateFormat) },
          {
            key: 'amount',
            header: 'Amount',
            align: 'right',
            render: (r) => money(r.amount, currency),
          },
          ...(withStatus
            ? [
                {
                  key: 'status',
                  header: <span className="visually-hidden">State</span>,
                  render: (r: ScheduleRow) =>
                    r.status && STATUS[r.status] ? (
                      <Badge tone={STATUS[r.status]!.tone}>{STATUS[r.status]!.label}</Badge>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
    </Modal>
  );
}
