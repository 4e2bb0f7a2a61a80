import { useState } from 'react';
import type { User } from '../../../../api-client/index.ts';
import { QueryError } from '../../components/Alert.tsx';
import { FieldError } from '../../components/FormField.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { useCustomers } from '../customers/queries.ts';

/**
 * 'Select customer', the first step when the wizard opens from the Bookings screen: the
 * client's customers searched on the server by name or email.
 */
export function CustomerStep({
  userId,
  onChoose,
  error,
}: {
  userId: string;
  onChoose: (user: User) => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  // The Customers screen's page size: the two share react-query's cache key for a page.
  const customers = useCustomers(search.trim(), 1, 20);
  const columns: Column<User>[] = [
    {
      key: 'choose',
      header: <span className="visually-hidden">Choose</span>,
      width: '3rem',
      render: (u) => (
        <input
          type="radio"
          name="admin-booking-customer"
          aria-label={`Book for ${u.fullName}`}
          checked={u._id === userId}
          onChange={() => onChoose(u)}
        />
      ),
    },
    { key: 'name', header: 'Name', render: (u) => u.fullName },
    { key: 'email', header: 'Email', hideOnMobile: true, render: (u) => u.email },
    { key: 'attendees', header: 'Attendees', align: 'right', render: (u) => u.attendees.length },
  ];
  return (
    <div className="admin-booking-step">
      <input
        type="search"
        className="input"
        placeholder="Search customers by name or email"
        aria-label="Search customers"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <FieldError message={error} />
      <QueryError error={customers.error} />
      <Table
        caption="Customers"
        columns={columns}
        rows={customers.data?.data}
        rowKey={(u) => u._id}
        loading={customers.isPending}
      />
    </div>
  );
}
