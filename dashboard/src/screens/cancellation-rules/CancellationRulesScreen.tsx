import { useState } from 'react';
import { useActivityGroups, useClientSettings } from '../../api.ts';
import { Alert, QueryError } from '../../components/Alert.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Pagination, pageOf } from '../../components/Pagination.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { useModal } from '../../components/useModal.ts';
import { useLocale } from '../../lib/money.ts';
import { RowActions } from '../activities/parts.tsx';
import '../activities/activities.css';
import { CancellationRuleDialog } from './CancellationRuleDialog.tsx';
import {
  METHOD_LABELS,
  refundText,
  ruleLabel,
  ruleValuesOf,
  SCOPE_LABELS,
  windowText,
} from './lib.ts';
import {
  type CancellationRule,
  useCancellationRuleList,
  useDeleteCancellationRule,
  useSaveCancellationRule,
} from './queries.ts';

const PAGE_SIZE = 10;

/**
 * Cancellation rules settings: list, add, edit, enable or disable, delete. Activities choose the
 * rules that apply to them in the wizard's Settings step; deleting a rule takes it off them.
 */
export function CancellationRulesScreen() {
  const rules = useCancellationRuleList();
  const client = useClientSettings();
  const locale = useLocale();
  const groups = useActivityGroups();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<CancellationRule | null>(null);
  const [deleting, setDeleting] = useState<CancellationRule | null>(null);
  const form = useModal();
  const remove = useDeleteCancellationRule();
  const toggle = useSaveCancellationRule();
  const confirmDelete = useModal({ onCancel: () => remove.reset() });
  const currency = client.data?.currency ?? 'GBP';
  const all = rules.data ?? [];
  const groupName = (id: string) => groups.data?.find((g) => g._id === id)?.name;

  const columns: Column<CancellationRule>[] = [
    {
      key: 'name',
      header: 'Rule',
      width: '24%',
      render: (rule) => (
        <span className="cell-stack">
          <span className="cell-strong">
            {ruleLabel(rule, currency, locale)}
            {rule.enabled ? null : (
              <>
                {' '}
                <Badge>Disabled</Badge>
              </>
            )}
          </span>
          <span className="muted">
            {rule.activityGroups.length === 0
              ? 'Not used by any activity'
              : rule.activityGroups.length === 1
                ? 'Used by 1 activity'
                : `Used by ${rule.activityGroups.length} activities`}
          </span>
        </span>
      ),
    },
    {
      key: 'scope',
      header: 'Applies to',
      hideOnMobile: true,
      render: (rule) => SCOPE_LABELS[rule.sessionScope] ?? rule.sessionScope,
    },
    {
      key: 'window',
      header: 'Cancelled at least',
      render: (rule) => `${windowText(rule.cancellationWindow)} before`,
    },
    {
      key: 'refund',
      header: 'Refund',
      width: '22%',
      render: (rule) => refundText(rule, currency, locale),
    },
    {
      key: 'methods',
      header: 'Refund methods',
      hideOnMobile: true,
      render: (rule) =>
        rule.config.refundMethods.length ? (
          rule.config.refundMethods.map((m) => METHOD_LABELS[m] ?? m).join(', ')
        ) : (
          <span className="muted">None</span>
        ),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'right',
      width: '13rem',
      render: (rule) => (
        <RowActions
          name={ruleLabel(rule, currency, locale)}
          enabled={rule.enabled}
          onEdit={() => {
            setEditing(rule);
            form.open();
          }}
          onToggle={() =>
            toggle.mutate({ id: rule._id, body: { ...ruleValuesOf(rule), enabled: !rule.enabled } })
          }
          onDelete={() => {
            setDeleting(rule);
            confirmDelete.open();
          }}
        />
      ),
    },
  ];

  const usedBy = (deleting?.activityGroups ?? []).map((id) => groupName(id) ?? 'an activity');
  return (
    <>
      <PageHeader
        title="Cancellation rules"
        description="When parents may cancel online and what they get back. Choose the rules each activity uses in its Settings step."
        actions={
          <Button
            onClick={() => {
              setEditing(null);
              form.open();
            }}
          >
            Add cancellation rule
          </Button>
        }
      />
      <QueryError error={rules.error} />
      {toggle.error ? <Alert>{toggle.error.message}</Alert> : null}
      <Card flush>
        <Table
          caption="Cancellation rules"
          columns={columns}
          rows={pageOf(all, page, PAGE_SIZE)}
          rowKey={(rule) => rule._id}
          loading={rules.isPending}
          isRowDimmed={(rule) => !rule.enabled}
        />
        {rules.data ? (
          <Pagination page={page} pageSize={PAGE_SIZE} total={all.length} onPageChange={setPage} />
        ) : null}
      </Card>
      {form.isOpen ? (
        <CancellationRuleDialog
          dialog={form}
          rule={editing}
          planLevel={client.data?.planLevel ?? 0}
          currency={currency}
        />
      ) : null}
      <ConfirmDeleteModal
        dialog={confirmDelete}
        title="Delete cancellation rule"
        remove={remove}
        targetId={deleting?._id ?? null}
      >
        <p>
          Delete <strong>{deleting ? ruleLabel(deleting, currency, locale) : ''}</strong>? Refunds
          already made keep their amounts.
        </p>
        {usedBy.length ? (
          <Alert tone="warning">
            {`It applies to ${usedBy.join(', ')}. Bookings of those activities will no longer be cancelled under it. To pause it without losing where it applies, disable it instead.`}
          </Alert>
        ) : null}
      </ConfirmDeleteModal>
    </>
  );
}
