import { Link } from 'react-router';
import { auditActionLabel } from '../../../../engine/data-rights.ts';
import { useClientSettings } from '../../api.ts';
import { QueryError } from '../../components/Alert.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { useLocale } from '../../lib/money.ts';
import { formatInstant } from '../bookings/lib.ts';
import { type AuditEventDto, type AuditFilters, useAuditEvents } from './queries.ts';

/** Where an entry's subject is shown, when it still has a screen. */
function subjectLink(e: AuditEventDto) {
  if (e.subjectType === 'booking' || e.subjectType === 'refund') return `/bookings/${e.subjectId}`;
  if (e.subjectType === 'customer') return `/customers/${e.subjectId}`;
  if (e.subjectType === 'settings') return '/settings';
  return null;
}

/**
 * One page of audit entries as a table (when, who, what), with paging: the Audit log screen and
 * a customer page both show it. Skeleton rows while loading; the empty text says nothing was
 * recorded yet.
 *
 * @example <AuditEntries filters={{ customerId }} page={page} onPageChange={setPage} pageSize={10} />
 */
export function AuditEntries({
  filters,
  page,
  pageSize,
  onPageChange,
  showSubject = true,
}: {
  filters: AuditFilters;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  showSubject?: boolean;
}) {
  const events = useAuditEvents(filters, page, pageSize);
  const client = useClientSettings();
  const locale = useLocale();
  const columns: Column<AuditEventDto>[] = [
    {
      key: 'when',
      header: 'When',
      render: (e) => formatInstant(e.createdAt, client.data?.timeZone, locale),
    },
    { key: 'who', header: 'Who', render: (e) => e.actor.name },
    {
      key: 'what',
      header: 'What',
      render: (e) => {
        const to = showSubject ? subjectLink(e) : null;
        return (
          <>
            <span className="cell-strong">{auditActionLabel(e.action)}</span>
            <span className="detail-note">{to ? <Link to={to}>{e.summary}</Link> : e.summary}</span>
          </>
        );
      },
    },
  ];
  return (
    <>
      <QueryError error={events.error} />
      <Table
        caption="Audit log"
        columns={columns}
        rows={events.data?.data}
        rowKey={(e) => e._id}
        loading={events.isPending}
        emptyText="Nothing has been recorded yet."
      />
      {events.data && events.data.meta.total > pageSize ? (
        <Pagination
          page={page}
          pageSize={pageSize}
          total={events.data.meta.total}
          onPageChange={onPageChange}
        />
      ) : null}
    </>
  );
}
