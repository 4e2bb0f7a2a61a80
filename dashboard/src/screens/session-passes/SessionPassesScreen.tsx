import { useState } from 'react';
import { useActivityGroups, useClientSettings } from '../../api.ts';
import { Alert, QueryError } from '../../components/Alert.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { useModal } from '../../components/useModal.ts';
import { useLocale } from '../../lib/money.ts';
import { RowActions } from '../activities/parts.tsx';
import '../activities/activities.css';
import './session-passes.css';
import { GrantCreditsDialog } from './GrantCreditsDialog.tsx';
import { expiryText, optionText, passValuesOf } from './lib.ts';
import {
  type SessionPass,
  useDeleteSessionPass,
  useSaveSessionPass,
  useSessionPasses,
} from './queries.ts';
import { SessionPassDialog } from './SessionPassDialog.tsx';

/**
 * Session passes (docs/data-model.md, docs/rules/forms-and-messages.md): credits parents buy
 * through a pass's purchase options and spend on sessions of its activities. List, add, edit,
 * enable or disable, give a customer credits, delete (refused once credits were issued: disable
 * instead).
 */
export function SessionPassesScreen() {
  const passes = useSessionPasses();
  const client = useClientSettings();
  const groups = useActivityGroups();
  const [editing, setEditing] = useState<SessionPass | null>(null);
  const [deleting, setDeleting] = useState<SessionPass | null>(null);
  const [granting, setGranting] = useState<SessionPass | null>(null);
  const grantDialog = useModal({ onCancel: () => setGranting(null) });
  const form = useModal();
  const toggle = useSaveSessionPass();
  const remove = useDeleteSessionPass();
  const confirmDelete = useModal({ onCancel: () => remove.reset() });
  const currency = client.data?.currency ?? 'GBP';
  const locale = useLocale();
  const groupName = (id: string) => groups.data?.find((g) => g._id === id)?.name ?? 'An activity';

  const columns: Column<SessionPass>[] = [
    {
      key: 'name',
      header: 'Name',
      width: '22%',
      render: (pass) => (
        <span className="cell-strong">
          {pass.name}
          {pass.enabled ? null : (
            <>
              {' '}
              <Badge>Disabled</Badge>
            </>
          )}
        </span>
      ),
    },
    {
      key: 'activities',
      header: 'Activities',
      hideOnMobile: true,
      render: (pass) =>
        pass.activityGroups.length ? (
          pass.activityGroups.map(groupName).join(', ')
        ) : (
          <span className="muted">None</span>
        ),
    },
    {
      key: 'options',
      header: 'Purchase options',
      render: (pass) =>
        pass.purchaseOptions.length ? (
          <span className="cell-stack">
            {pass.purchaseOptions.map((o) => (
              <span key={o._id} className={o.enabled ? undefined : 'muted'}>
                {optionText(o, currency, locale)}
                <span className="muted"> · {expiryText(o.expiresAfter)}</span>
                {o.enabled ? null : ' (disabled)'}
              </span>
            ))}
          </span>
        ) : (
          <span className="muted">None</span>
        ),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'right',
      width: '19rem',
      render: (pass) => (
        <span className="row-actions">
          <button
            type="button"
            className="link-button"
            aria-label={`Give credits of ${pass.name}`}
            onClick={() => {
              setGranting(pass);
              grantDialog.open();
            }}
          >
            Give credits
          </button>
          <RowActions
            name={pass.name}
            enabled={pass.enabled}
            onEdit={() => {
              setEditing(pass);
              form.open();
            }}
            onToggle={() =>
              toggle.mutate({
                id: pass._id,
                body: { ...passValuesOf(pass), enabled: !pass.enabled },
              })
            }
            onDelete={() => {
              setDeleting(pass);
              confirmDelete.open();
            }}
          />
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Session passes"
        description="Sell credits parents spend on sessions: one credit books one session of the pass's activities."
        actions={
          <Button
            onClick={() => {
              setEditing(null);
              form.open();
            }}
          >
            Add session pass
          </Button>
        }
      />
      <QueryError error={passes.error} />
      {toggle.error ? <Alert>{toggle.error.message}</Alert> : null}
      <Card flush>
        <Table
          caption="Session passes"
          columns={columns}
          rows={passes.data}
          rowKey={(pass) => pass._id}
          loading={passes.isPending}
          isRowDimmed={(pass) => !pass.enabled}
        />
      </Card>
      {form.isOpen ? (
        <SessionPassDialog
          dialog={form}
          pass={editing}
          passes={passes.data ?? []}
          currency={currency}
        />
      ) : null}
      {granting && grantDialog.isOpen ? (
        <GrantCreditsDialog
          dialog={grantDialog}
          pass={granting}
          timeZone={client.data?.timeZone ?? 'Europe/London'}
        />
      ) : null}
      <ConfirmDeleteModal
        dialog={confirmDelete}
        title="Delete session pass"
        remove={remove}
        targetId={deleting?._id ?? null}
      >
        <p>
          Delete <strong>{deleting?.name}</strong>? Parents will no longer be able to buy it.
        </p>
      </ConfirmDeleteModal>
    </>
  );
}
