import { useState } from 'react';
import { useClientSettings } from '../../api.ts';
import { QueryError } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Pagination, pageOf } from '../../components/Pagination.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { useModal } from '../../components/useModal.ts';
import { useDeleteVenue, useVenues, type Venue } from '../activities/queries.ts';
import '../activities/activities.css';
import { VenueDialog } from './VenueDialog.tsx';

const PAGE_SIZE = 10;

/** One line of a venue's address, skipping empty parts. */
export const venueAddress = (venue: Venue) =>
  [
    venue.address.address1,
    venue.address.address2,
    venue.address.city,
    venue.address.state,
    venue.address.postalCode,
  ]
    .filter(Boolean)
    .join(', ');

/** Venues settings: list, create, edit and delete (refused while an activity or tab uses it). */
export function VenuesScreen() {
  const venues = useVenues();
  const client = useClientSettings();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Venue | null>(null);
  const [deleting, setDeleting] = useState<Venue | null>(null);
  const form = useModal();
  const confirmDelete = useModal({ onCancel: () => remove.reset() });
  const remove = useDeleteVenue();
  const all = venues.data ?? [];

  const columns: Column<Venue>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (venue) => <span className="cell-strong">{venue.name}</span>,
    },
    {
      key: 'address',
      header: 'Address',
      hideOnMobile: true,
      render: (venue) => venueAddress(venue) || <span className="muted">No address</span>,
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'right',
      width: '10rem',
      render: (venue) => (
        <span className="row-actions">
          <button
            type="button"
            className="link-button"
            aria-label={`Edit ${venue.name}`}
            onClick={() => {
              setEditing(venue);
              form.open();
            }}
          >
            Edit
          </button>
          <button
            type="button"
            className="link-button link-danger"
            aria-label={`Delete ${venue.name}`}
            onClick={() => {
              setDeleting(venue);
              confirmDelete.open();
            }}
          >
            Delete
          </button>
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Venues"
        description="The places your activities run. Parents see the venue name and address when they book."
        actions={
          <Button
            onClick={() => {
              setEditing(null);
              form.open();
            }}
          >
            Create venue
          </Button>
        }
      />
      <QueryError error={venues.error} />
      <Card flush>
        <Table
          caption="Venues"
          columns={columns}
          rows={pageOf(all, page, PAGE_SIZE)}
          rowKey={(venue) => venue._id}
          loading={venues.isPending}
        />
        {venues.data ? (
          <Pagination page={page} pageSize={PAGE_SIZE} total={all.length} onPageChange={setPage} />
        ) : null}
      </Card>
      {form.isOpen ? (
        <VenueDialog dialog={form} venue={editing} country={client.data?.country ?? 'GB'} />
      ) : null}
      <ConfirmDeleteModal
        dialog={confirmDelete}
        title="Delete venue"
        remove={remove}
        targetId={deleting?._id ?? null}
      >
        <p>
          Delete <strong>{deleting?.name}</strong>? This cannot be undone.
        </p>
      </ConfirmDeleteModal>
    </>
  );
}
