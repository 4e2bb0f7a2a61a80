import { Link } from 'react-router';
import type { Booking } from '../../../../api-client/index.ts';
import { QueryError } from '../../components/Alert.tsx';
import { Badge } from '../../components/Badge.tsx';
import { ButtonLink } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { useLocale, useMoney } from '../../lib/money.ts';
import { bookingRef, formatInstant, itemLines, statusLabel, statusTone } from '../bookings/lib.ts';
import { useBookings } from '../bookings/queries.ts';

const RECENT = 5;

/**
 * A customer's latest bookings, with the way to all of them. The bookings list searches by
 * name or email, so the customer's email finds exactly their bookings.
 */
export function CustomerBookings({ email, timeZone }: { email: string; timeZone?: string }) {
  const bookings = useBookings({ search: email }, 1, RECENT);
  const money = useMoney();
  const locale = useLocale();
  // A search also matches longer addresses that contain this one; keep only the customer's own.
  const own = bookings.data?.data.filter((b) => b.user.email === email);
  const columns: Column<Booking>[] = [
    {
      key: 'booking',
      header: 'Booking',
      render: (b) => (
        <>
          <Link to={`/bookings/${b._id}`}>{bookingRef(b._id)}</Link>
          <span className="detail-note">{formatInstant(b.createdAt, timeZone, locale)}</span>
          {/* A guardian of the household booked it (docs/rules/households.md). */}
          {b.bookedBy && b.bookedBy._id !== b.user._id ? (
            <span className="detail-note">Booked by {b.bookedBy.fullName}</span>
          ) : null}
        </>
      ),
    },
    {
      key: 'items',
      header: 'Items',
      hideOnMobile: true,
      render: (b) =>
        itemLines(b)
          .map((line) => line.label)
          .join(', '),
    },
    {
      key: 'amount',
      header: 'Amount',
      align: 'right',
      render: (b) => money(b.total, b.currency),
    },
    {
      key: 'status',
      header: 'Status',
      render: (b) => <Badge tone={statusTone(b.status)}>{statusLabel(b.status)}</Badge>,
    },
  ];
  return (
    <Card
      title="Bookings"
      flush
      actions={
        <ButtonLink
          size="sm"
          variant="secondary"
          to={`/bookings?search=${encodeURIComponent(email)}`}
        >
          View all bookings
        </ButtonLink>
      }
    >
      <QueryError error={bookings.error} />
      <Table
        caption="Latest bookings"
        columns={columns}
        rows={own}
        rowKey={(b) => b._id}
        loading={bookings.isPending}
      />
    </Card>
  );
}
