import { Link } from 'react-router';
import { QueryError } from '../../components/Alert.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Card } from '../../components/Card.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { useLocale, useMoney } from '../../lib/money.ts';
import { bookingRef, formatInstant } from '../bookings/lib.ts';
import { useMessages } from '../messages/queries.ts';
import { kindLabels, statusLabel } from '../messages/status.ts';
import { useWaitlistEntries } from '../waitlists/queries.ts';
import { useCustomerAccount } from './queries.ts';

type Money = NonNullable<ReturnType<typeof useCustomerAccount>['data']>['money'][number];
type Entry = NonNullable<ReturnType<typeof useWaitlistEntries>['data']>['data'][number];
type Message = NonNullable<ReturnType<typeof useMessages>['data']>['data'][number];

const METHODS: Record<string, string> = {
  stripe: 'Card',
  payLater: 'Pay later',
  childcareVoucher: 'Childcare voucher',
  accountCredit: 'Account credit',
  offline: 'Offline',
};

/** The customer page's money, waitlist entries and messages, below their bookings. */
export function CustomerActivity({
  userId,
  email,
  timeZone,
}: {
  userId: string;
  email: string;
  timeZone?: string;
}) {
  const account = useCustomerAccount(userId);
  const waitlist = useWaitlistEntries({ user: userId }, 1, 50);
  const messages = useMessages(email, 1, 10);
  const currency = account.data?.currency ?? 'GBP';
  const money = useMoney();
  const locale = useLocale();

  const moneyColumns: Column<Money>[] = [
    { key: 'at', header: 'Date', render: (m) => formatInstant(m.at, timeZone, locale) },
    { key: 'kind', header: 'Type', render: (m) => (m.kind === 'payment' ? 'Payment' : 'Refund') },
    {
      key: 'booking',
      header: 'Booking',
      hideOnMobile: true,
      render: (m) =>
        m.bookingId ? <Link to={`/bookings/${m.bookingId}`}>{bookingRef(m.bookingId)}</Link> : '—',
    },
    {
      key: 'method',
      header: 'Method',
      hideOnMobile: true,
      render: (m) => METHODS[m.method] ?? m.method,
    },
    {
      key: 'status',
      header: 'Status',
      render: (m) => m.status.charAt(0).toUpperCase() + m.status.slice(1),
    },
    {
      key: 'amount',
      header: 'Amount',
      align: 'right',
      render: (m) => money(m.amount, currency),
    },
  ];
  const waitlistColumns: Column<Entry>[] = [
    { key: 'activity', header: 'Activity', render: (w) => w.activityGroup.name },
    {
      key: 'session',
      header: 'Session',
      render: (w) => (w.activity ? `${w.activity.date} ${w.activity.startTime}` : 'All sessions'),
    },
    { key: 'attendee', header: 'Attendee', render: (w) => w.attendee.name },
    { key: 'status', header: 'Status', render: (w) => w.status },
  ];
  const messageColumns: Column<Message>[] = [
    { key: 'at', header: 'Date', render: (m) => formatInstant(m.createdAt, timeZone, locale) },
    { key: 'kind', header: 'Message', render: (m) => m.subject ?? kindLabels[m.kind] ?? m.kind },
    {
      key: 'status',
      header: 'Status',
      render: (m) => {
        const label = statusLabel(m);
        return <Badge tone={label.tone}>{label.text}</Badge>;
      },
    },
  ];

  return (
    <>
      <Card
        title="Payments and credit"
        flush
        actions={
          account.data ? (
            <span className="cell-strong">
              Account credit: {money(account.data.credit, currency)}
            </span>
          ) : null
        }
      >
        <QueryError error={account.error} />
        <Table
          caption="Payments and refunds"
          columns={moneyColumns}
          rows={account.data?.money}
          rowKey={(m) => m._id}
          loading={account.isPending}
          emptyText="No payments yet"
        />
      </Card>
      <Card title="Waitlists" flush>
        <QueryError error={waitlist.error} />
        <Table
          caption="Waitlist entries"
          columns={waitlistColumns}
          rows={waitlist.data?.data}
          rowKey={(w) => w._id}
          loading={waitlist.isPending}
          emptyText="Not on any waitlist"
        />
      </Card>
      <Card
        title="Messages"
        flush
        actions={
          account.data?.unsubscribed.length ? (
            <span className="muted">
              Unsubscribed from {account.data.unsubscribed.join(' and ')}
            </span>
          ) : null
        }
      >
        <QueryError error={messages.error} />
        <Table
          caption="Messages"
          columns={messageColumns}
          rows={messages.data?.data}
          rowKey={(m) => m._id}
          loading={messages.isPending}
          emptyText="No messages sent"
        />
      </Card>
    </>
  );
}
