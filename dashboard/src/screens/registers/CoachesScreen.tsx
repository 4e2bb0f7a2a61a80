import { useState } from 'react';
import { useActivityGroups } from '../../api.ts';
import { QueryError } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { useModal } from '../../components/useModal.ts';
import { CoachDialog } from './CoachDialog.tsx';
import { type CoachDto, useCoaches } from './coach-queries.ts';

/**
 * Settings › Coaches: the staff who take registers. A coach signs in to the dashboard and sees
 * the registers of their activities only: no money, bookings, customers or settings.
 */
export function CoachesScreen() {
  const coaches = useCoaches();
  const groups = useActivityGroups();
  const [editing, setEditing] = useState<CoachDto | null>(null);
  const dialog = useModal({ onCancel: () => setEditing(null) });
  const name = (id: string) => groups.data?.find((g) => g._id === id)?.name ?? '';

  const columns: Column<CoachDto>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (c) => (
        <>
          <span className="cell-strong">{c.fullName}</span>
          <span className="detail-note">{c.email}</span>
        </>
      ),
    },
    {
      key: 'groups',
      header: 'Registers',
      render: (c) =>
        c.activityGroups.length ? (
          c.activityGroups.map(name).join(', ')
        ) : (
          <span className="muted">None yet</span>
        ),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'right',
      render: (c) => (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setEditing(c);
            dialog.open();
          }}
        >
          Edit<span className="visually-hidden"> {c.fullName}</span>
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Coaches"
        description="Staff who take registers. A coach sees the registers of the activities you choose, and no money, bookings or settings."
        actions={
          <Button
            onClick={() => {
              setEditing(null);
              dialog.open();
            }}
          >
            Add coach
          </Button>
        }
      />
      <QueryError error={coaches.error} />
      <Card flush>
        <Table
          caption="Coaches"
          columns={columns}
          rows={coaches.data}
          rowKey={(c) => c._id}
          loading={coaches.isPending}
          emptyText="No coaches yet"
        />
      </Card>
      {dialog.isOpen ? <CoachDialog dialog={dialog} coach={editing} /> : null}
    </>
  );
}
