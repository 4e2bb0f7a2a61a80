import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Attendee } from '../../../../api-client/index.ts';
import { isErasedEmail } from '../../../../engine/data-rights.ts';
import { formatCivilDate, messages } from '../../../../engine/index.ts';
import { useClientSettings } from '../../api.ts';
import { QueryError } from '../../components/Alert.tsx';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { useModal } from '../../components/useModal.ts';
import { BounceNotice } from '../messages/BounceNotice.tsx';
import { AttendeeDialog } from './AttendeeDialog.tsx';
import { CustomerActivity } from './CustomerActivity.tsx';
import { CustomerBookings } from './CustomerBookings.tsx';
import { CustomerDataRights } from './CustomerDataRights.tsx';
import { CustomerHousehold } from './CustomerHousehold.tsx';
import { useAttendeeFields, useAttendees, useCustomer } from './queries.ts';
import '../activities/activities.css';

/**
 * One customer: their attendees (add, view, edit), latest bookings, payments and credit,
 * waitlist entries, the messages sent to them, and their data rights (export, erase, audit log).
 */
export function CustomerScreen() {
  const { id = '' } = useParams();
  const customer = useCustomer(id);
  const attendees = useAttendees(id);
  const fields = useAttendeeFields();
  const client = useClientSettings();
  const dialog = useModal();
  const [open, setOpen] = useState<{ attendee: Attendee | null; tab: 'view' | 'edit' }>({
    attendee: null,
    tab: 'view',
  });
  const dateFormat = client.data?.dateFormat ?? 'dd/MM/yyyy';
  const u = customer.data;

  const show = (attendee: Attendee | null, tab: 'view' | 'edit') => {
    setOpen({ attendee, tab });
    dialog.open();
  };

  const columns: Column<Attendee>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (a) => (
        <button type="button" className="link-button" onClick={() => show(a, 'view')}>
          {a.name}
        </button>
      ),
    },
    {
      key: 'dob',
      header: 'Date of birth',
      render: (a) =>
        a.dateOfBirth ? (
          formatCivilDate(a.dateOfBirth, dateFormat)
        ) : (
          <span className="muted">—</span>
        ),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'right',
      render: (a) => (
        <span className="row-actions">
          <button type="button" className="link-button" onClick={() => show(a, 'view')}>
            View
          </button>
          <button type="button" className="link-button" onClick={() => show(a, 'edit')}>
            Edit
          </button>
        </span>
      ),
    },
  ];

  return (
    <>
      <p className="breadcrumb">
        <Link to="/customers">← Customers</Link>
      </p>
      <PageHeader
        title={u?.fullName ?? 'Customer'}
        description={u?.email}
        actions={
          <ButtonLink to={`/bookings/new?customer=${encodeURIComponent(id)}`}>
            Book for this customer
          </ButtonLink>
        }
      />
      <QueryError error={customer.error ?? attendees.error ?? fields.error} />
      <Card
        title="Attendees"
        flush
        actions={
          <Button size="sm" disabled={!fields.data || !u} onClick={() => show(null, 'edit')}>
            Add attendee
          </Button>
        }
      >
        <Table
          caption="Attendees"
          columns={columns}
          rows={attendees.data}
          rowKey={(a) => a._id}
          loading={attendees.isPending}
          emptyText={messages.userHasNoAttendees}
        />
      </Card>
      {u ? <CustomerHousehold userId={u._id} /> : null}
      {u ? <BounceNotice email={u.email} timeZone={client.data?.timeZone} /> : null}
      {u ? <CustomerBookings email={u.email} timeZone={client.data?.timeZone} /> : null}
      {u ? (
        <CustomerActivity userId={u._id} email={u.email} timeZone={client.data?.timeZone} />
      ) : null}
      {u ? (
        <CustomerDataRights id={u._id} name={u.fullName} erased={isErasedEmail(u.email)} />
      ) : null}
      {dialog.isOpen && fields.data ? (
        <AttendeeDialog
          dialog={dialog}
          userId={u?._id ?? null}
          attendee={open.attendee}
          initialTab={open.tab}
          fields={fields.data}
        />
      ) : null}
    </>
  );
}
