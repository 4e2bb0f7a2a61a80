import { useState } from 'react';
import type { User } from '../../../../api-client/index.ts';
import { newCustomerMessages } from '../../../../engine/schemas/new-customer.ts';
import { Alert, QueryError } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { FieldError } from '../../components/FormField.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { useModal } from '../../components/useModal.ts';
import { useCustomers } from '../customers/queries.ts';
import { NewCustomerDialog } from './NewCustomerDialog.tsx';

/**
 * 'Select customer', the first step when the wizard opens from the Bookings screen: the
 * client's customers searched on the server by name, e-mail, phone or a child's name, or a new
 * family's parent added with 'New customer' (docs/rules/phone-bookings.md).
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
  const [added, setAdded] = useState<string | null>(null);
  const newCustomer = useModal();
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
      <div className="admin-booking-search">
        <input
          type="search"
          className="input"
          placeholder="Search customers by name, email or phone"
          aria-label="Search customers"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Button variant="secondary" onClick={newCustomer.open}>
          New customer
        </Button>
      </div>
      {added ? <Alert tone="success">{added}</Alert> : null}
      <FieldError message={error} />
      <QueryError error={customers.error} />
      <Table
        caption="Customers"
        columns={columns}
        rows={customers.data?.data}
        rowKey={(u) => u._id}
        loading={customers.isPending}
      />
      {newCustomer.isOpen ? (
        <NewCustomerDialog
          dialog={newCustomer}
          onChosen={(user, created) => {
            // The list shows just them, chosen, so the admin sees who they book for.
            setSearch(user.email);
            setAdded(created ? newCustomerMessages.created(user.fullName) : null);
            onChoose(user);
          }}
        />
      ) : null}
    </div>
  );
}
