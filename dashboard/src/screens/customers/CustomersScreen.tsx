import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { User } from '../../../../api-client/index.ts';
import { QueryError } from '../../components/Alert.tsx';
import { Card } from '../../components/Card.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { useSearchBox } from '../../components/useSearchBox.ts';
import { CsvExportButton } from './CsvExportButton.tsx';
import { useCustomers } from './queries.ts';
import '../activities/activities.css';

const PAGE_SIZE = 20;

/**
 * Customers: the client's users with their attendees, searched as the admin types (by parent,
 * e-mail, phone or a child's name) and paged on the server.
 */
export function CustomersScreen() {
  const navigate = useNavigate();
  // The search the list shows; the box sets it once typing pauses.
  const [settled, setSettled] = useState('');
  const box = useSearchBox(settled, setSettled);
  const [page, setPage] = useState(1);
  // A new search starts at page 1; the page kept is only that of the search it was chosen in.
  const [pageOf, setPageOf] = useState(settled);
  const current = pageOf === settled ? page : 1;
  const customers = useCustomers(settled, current, PAGE_SIZE);

  const columns: Column<User>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (u) => (
        <Link to={`/customers/${u._id}`} className="row-link" onClick={(e) => e.stopPropagation()}>
          {u.fullName}
        </Link>
      ),
    },
    { key: 'email', header: 'Email', hideOnMobile: true, render: (u) => u.email },
    {
      key: 'attendees',
      header: 'Attendees',
      align: 'right',
      render: (u) => u.attendees.length,
    },
    {
      key: 'bookings',
      header: 'Bookings',
      align: 'right',
      hideOnMobile: true,
      render: (u) => (
        <Link to={`/bookings?search=${encodeURIComponent(u.email)}`}>View bookings</Link>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Customers"
        description="The parents who book with you, and the attendees they book for."
      />
      <QueryError error={customers.error} />
      <Card flush>
        <div className="toolbar">
          <div className="search">
            <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M11 18a7 7 0 100-14 7 7 0 000 14zM20 20l-4-4" />
            </svg>
            <input
              type="search"
              className="input"
              placeholder="Parent, email, phone or child's name"
              aria-label="Search customers"
              value={box.typed}
              onChange={(e) => box.setTyped(e.target.value)}
            />
          </div>
          <CsvExportButton
            path={`/api/exports/customers.csv${settled ? `?filters=${encodeURIComponent(JSON.stringify({ search: settled }))}` : ''}`}
          />
        </div>
        {/* A click anywhere on a row opens the customer; the name stays the real link. */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the row's link is the keyboard path */}
        <div
          className="clickable-rows"
          onClick={(event) => {
            const row = (event.target as HTMLElement).closest('tr');
            const link = row?.querySelector<HTMLAnchorElement>('a.row-link');
            if (link && !(event.target as HTMLElement).closest('a, button')) {
              navigate(new URL(link.href).pathname.replace(/^\/admin/, ''));
            }
          }}
        >
          <Table
            caption="Customers"
            columns={columns}
            rows={customers.data?.data}
            rowKey={(u) => u._id}
            loading={customers.isPending}
          />
        </div>
        {customers.data ? (
          <Pagination
            page={current}
            pageSize={PAGE_SIZE}
            total={customers.data.meta.total}
            onPageChange={(next) => {
              setPageOf(settled);
              setPage(next);
            }}
          />
        ) : null}
      </Card>
    </>
  );
}
