import { messages } from '../../../../engine/index.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Modal } from '../../components/Modal.tsx';
import { Table } from '../../components/Table.tsx';
import type { ModalControls } from '../../components/useModal.ts';
import { formatSessionDate, type SessionValues, sessionTime, sortByStart } from './lib.ts';

/** Row links Edit, Disable/Enable, Delete (docs/rules/screens.md), named for screen readers. */
export function RowActions({
  name,
  enabled,
  onEdit,
  onToggle,
  onDelete,
}: {
  name: string;
  enabled: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
}) {
  return (
    <span className="row-actions">
      <button type="button" className="link-button" aria-label={`Edit ${name}`} onClick={onEdit}>
        Edit
      </button>
      <button
        type="button"
        className="link-button"
        aria-label={`${enabled ? 'Disable' : 'Enable'} ${name}`}
        onClick={onToggle}
      >
        {enabled ? 'Disable' : 'Enable'}
      </button>
      <button
        type="button"
        className="link-button link-danger"
        aria-label={`Delete ${name}`}
        onClick={onDelete}
      >
        Delete
      </button>
    </span>
  );
}

/** A refusal (the bookings guards of docs/rules/forms-and-messages.md) with a single OK. */
export function NoticeDialog({
  dialog,
  title,
  message,
}: {
  dialog: ModalControls;
  title: string;
  message: string;
}) {
  return (
    <Modal
      {...dialog.modalProps}
      size="sm"
      title={title}
      footer={<Button onClick={dialog.cancel}>OK</Button>}
    >
      <Alert tone="warning">{message}</Alert>
    </Modal>
  );
}

/**
 * The 'Feature not available' dialog (docs/rules/screens.md, docs/rules/roles-and-plans.md):
 * Upgrade opens the plan page in a new tab.
 */
export function FeatureNotAvailableDialog({
  dialog,
  description,
}: {
  dialog: ModalControls;
  description: string;
}) {
  return (
    <Modal
      {...dialog.modalProps}
      size="sm"
      title={messages.featureNotAvailable}
      footer={
        <>
          <Button variant="secondary" onClick={dialog.cancel}>
            Cancel
          </Button>
          <a
            className="btn btn-primary"
            href="/admin/settings/subscription"
            target="_blank"
            rel="noopener"
            onClick={() => dialog.cancel()}
          >
            Upgrade
          </a>
        </>
      }
    >
      <p>{description}</p>
    </Modal>
  );
}

/** Ticket or add-on sales by session: Date, Time, Sales. */
export function SalesBySessionDialog({
  dialog,
  title,
  sessions,
  counts,
  dateFormat,
}: {
  dialog: ModalControls;
  title: string;
  sessions: SessionValues[];
  counts: Record<string, number>;
  dateFormat: string;
}) {
  return (
    <Modal
      {...dialog.modalProps}
      title={title}
      footer={
        <Button variant="secondary" onClick={dialog.cancel}>
          Close
        </Button>
      }
    >
      <Table
        caption={title}
        rows={sortByStart(sessions)}
        rowKey={(s) => s._id ?? ''}
        columns={[
          { key: 'date', header: 'Date', render: (s) => formatSessionDate(s.date, dateFormat) },
          { key: 'time', header: 'Time', render: (s) => sessionTime(s) },
          {
            key: 'sales',
            header: 'Sales',
            align: 'right',
            render: (s) => counts[s._id ?? ''] ?? 0,
          },
        ]}
      />
    </Modal>
  );
}
