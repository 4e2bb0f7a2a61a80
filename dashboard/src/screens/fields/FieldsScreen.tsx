import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import type { Field } from '../../../../api-client/index.ts';
import { type FieldUsage, useFields } from '../../api.ts';
import { QueryError } from '../../components/Alert.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal.tsx';
import { DetailList } from '../../components/DetailList.tsx';
import { Modal } from '../../components/Modal.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Pagination, pageOf } from '../../components/Pagination.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { useModal } from '../../components/useModal.ts';
import { fieldTypeLabel } from '../../lib/field-types.ts';
import '../activities/activities.css';
import { FieldDialog, useDeleteField } from './FieldDialog.tsx';

const PAGE_SIZE = 10;

const SCREENS: Record<FieldUsage, { title: string; description: string }> = {
  attendee: {
    title: 'Attendee fields',
    description:
      'The questions parents answer about each child they book for. Admin-only fields are filled in and seen by your staff only.',
  },
  activity: {
    title: 'Activity fields',
    description: 'Extra details you record for each activity, such as the sport or level.',
  },
};

const isUsage = (value: string | null): value is FieldUsage =>
  value === 'attendee' || value === 'activity';

function FieldDetails({ field }: { field: Field }) {
  const options = field.fieldOptions;
  return (
    <DetailList
      items={[
        { label: 'Type', value: fieldTypeLabel(field.type) },
        { label: 'Required', value: field.required ? 'Yes' : 'No' },
        { label: 'Seen by', value: field.adminOnly ? 'Your staff only' : 'Parents and staff' },
        { label: 'Status', value: field.enabled ? 'Enabled' : 'Disabled' },
        { label: 'Help text', value: field.helpText || '—' },
        ...(options.length > 0
          ? [
              {
                label: 'Options',
                value: (
                  <ul className="plain-list">
                    {options.map((option) => (
                      <li key={option._id} className={option.enabled ? undefined : 'is-dimmed'}>
                        {option.name}
                        {option.enabled ? null : <Badge>Disabled</Badge>}
                      </li>
                    ))}
                  </ul>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

/**
 * The custom fields of one usage (docs/data-model.md Custom field definition): list, add, edit,
 * delete.
 */
export function FieldsScreen() {
  const [params] = useSearchParams();
  const usage = params.get('usage');
  // Links without a usage (or a mistyped one) land on the attendee list the navigation shows.
  if (!isUsage(usage)) return <Navigate to="/settings/fields?usage=attendee" replace />;
  return <FieldsList key={usage} usage={usage} />;
}

function FieldsList({ usage }: { usage: FieldUsage }) {
  const fields = useFields(usage);
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<Field | null>(null);
  // Cleared only after the close animation, so the dialog keeps its content while it fades.
  const details = useModal({ onCancel: () => setShown(null) });
  const [editing, setEditing] = useState<Field | null>(null);
  const [deleting, setDeleting] = useState<Field | null>(null);
  const form = useModal();
  const confirmDelete = useModal({ onCancel: () => remove.reset() });
  const remove = useDeleteField(usage);
  const screen = SCREENS[usage];
  const all = fields.data ?? [];

  const columns: Column<Field>[] = [
    {
      key: 'title',
      header: 'Title',
      render: (field) => (
        <span className="cell-title">
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setShown(field);
              details.open();
            }}
          >
            {field.title}
          </button>
          {field.adminOnly ? <Badge tone="warning">Admin only</Badge> : null}
          {field.enabled ? null : <Badge>Disabled</Badge>}
        </span>
      ),
    },
    { key: 'type', header: 'Type', width: '30%', render: (field) => fieldTypeLabel(field.type) },
    {
      key: 'required',
      header: 'Required',
      width: '8rem',
      render: (field) =>
        field.required ? <Badge tone="info">Required</Badge> : <span className="muted">No</span>,
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'right',
      width: '9rem',
      render: (field) => (
        <span className="row-actions">
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setEditing(field);
              form.open();
            }}
          >
            Edit
          </button>
          <button
            type="button"
            className="link-button link-danger"
            onClick={() => {
              setDeleting(field);
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
        title={screen.title}
        description={screen.description}
        actions={
          <Button
            onClick={() => {
              setEditing(null);
              form.open();
            }}
          >
            Add new field
          </Button>
        }
      />
      <QueryError error={fields.error} />
      <Card flush>
        <Table
          caption={screen.title}
          columns={columns}
          rows={pageOf(all, page, PAGE_SIZE)}
          rowKey={(field) => field._id}
          loading={fields.isPending}
          isRowDimmed={(field) => !field.enabled}
        />
        {fields.data ? (
          <Pagination page={page} pageSize={PAGE_SIZE} total={all.length} onPageChange={setPage} />
        ) : null}
      </Card>
      <Modal
        {...details.modalProps}
        title={shown?.title ?? ''}
        footer={
          <Button variant="secondary" onClick={details.cancel}>
            Close
          </Button>
        }
      >
        {shown ? <FieldDetails field={shown} /> : null}
      </Modal>
      {form.isOpen ? <FieldDialog dialog={form} field={editing} usage={usage} /> : null}
      <ConfirmDeleteModal
        dialog={confirmDelete}
        title="Delete field"
        remove={remove}
        targetId={deleting?._id ?? null}
      >
        <p>
          Delete the field <strong>{deleting?.title}</strong>? This cannot be undone.
        </p>
      </ConfirmDeleteModal>
    </>
  );
}
