import { useState } from 'react';
import { canDeleteDiscountRule } from '../../../../engine/index.ts';
import { useActivityGroups, useClientSettings } from '../../api.ts';
import { Alert, QueryError } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Pagination, pageOf } from '../../components/Pagination.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { useModal } from '../../components/useModal.ts';
import { useLocale } from '../../lib/money.ts';
import { NoticeDialog } from '../activities/parts.tsx';
import '../activities/activities.css';
import './discounts.css';
import { DiscountRuleDialog } from './DiscountRuleDialog.tsx';
import { amountText, discountInput, discountValuesOf, typeLabel } from './lib.ts';
import {
  type DiscountRule,
  useDeleteDiscountRule,
  useDiscountRules,
  useToggleDiscountRule,
} from './queries.ts';

const PAGE_SIZE = 10;

/**
 * Discounts: every discount rule and code with what it takes off and how often it has been
 * used; create (a code straight away, or any type), edit, enable or disable, and delete (refused
 * once used: engine canDeleteDiscountRule).
 */
export function DiscountsScreen() {
  const rules = useDiscountRules();
  const client = useClientSettings();
  const groups = useActivityGroups();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<DiscountRule | null>(null);
  const [presetType, setPresetType] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<DiscountRule | null>(null);
  const [refusal, setRefusal] = useState('');
  const form = useModal();
  const confirmDelete = useModal({ onCancel: () => remove.reset() });
  const refused = useModal();
  const remove = useDeleteDiscountRule();
  const toggle = useToggleDiscountRule();
  // The switch answers the click at once; the list catches up when the save settles.
  const [switching, setSwitching] = useState<Record<string, boolean>>({});
  const currency = client.data?.currency ?? 'GBP';
  const locale = useLocale();
  const all = rules.data ?? [];

  const create = (type: string | null) => {
    setEditing(null);
    setPresetType(type);
    form.open();
  };
  const askDelete = (rule: DiscountRule) => {
    const verdict = canDeleteDiscountRule(rule);
    if (!verdict.ok) {
      setRefusal(verdict.message);
      refused.open();
      return;
    }
    setDeleting(rule);
    confirmDelete.open();
  };

  const columns: Column<DiscountRule>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (rule) => <span className="cell-strong">{rule.name}</span>,
    },
    {
      key: 'type',
      header: 'Type',
      hideOnMobile: true,
      render: (rule) => typeLabel(rule.type),
    },
    {
      key: 'code',
      header: 'Code',
      render: (rule) =>
        rule.code ? (
          <code className="code-inline">{rule.code}</code>
        ) : (
          <span className="muted">—</span>
        ),
    },
    { key: 'amount', header: 'Discount', render: (rule) => amountText(rule, currency, locale) },
    {
      key: 'used',
      header: 'Times used',
      align: 'right',
      render: (rule) =>
        rule.maxRedemptions === null
          ? rule.timesUsed
          : `${rule.timesUsed} / ${rule.maxRedemptions}`,
    },
    {
      key: 'enabled',
      header: 'Enabled',
      width: '7rem',
      render: (rule) => (
        <label className="check check-switch row-switch">
          <input
            type="checkbox"
            aria-label={`Enabled: ${rule.name}`}
            checked={switching[rule._id] ?? rule.enabled}
            onChange={() => {
              setSwitching((s) => ({ ...s, [rule._id]: !rule.enabled }));
              toggle.mutate(
                {
                  rule,
                  body: discountInput({ ...discountValuesOf(rule), enabled: !rule.enabled }),
                },
                {
                  onSettled: () => setSwitching(({ [rule._id]: _done, ...rest }) => rest),
                },
              );
            }}
          />
          <span className="check-text">
            <span className="check-label">
              {(switching[rule._id] ?? rule.enabled) ? 'On' : 'Off'}
            </span>
          </span>
        </label>
      ),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'right',
      width: '9rem',
      render: (rule) => (
        <span className="row-actions">
          <button
            type="button"
            className="link-button"
            aria-label={`Edit ${rule.name}`}
            onClick={() => {
              setEditing(rule);
              setPresetType(null);
              form.open();
            }}
          >
            Edit
          </button>
          <button
            type="button"
            className="link-button link-danger"
            aria-label={`Delete ${rule.name}`}
            onClick={() => askDelete(rule)}
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
        title="Discounts"
        description="Discount codes parents type at checkout, and discounts applied automatically for booking several sessions, activities or attendees."
        actions={
          <>
            <Button variant="secondary" onClick={() => create(null)}>
              Create discount rule
            </Button>
            <Button onClick={() => create('Code')}>Create discount code</Button>
          </>
        }
      />
      <QueryError error={rules.error} />
      {toggle.error ? <Alert>{toggle.error.message}</Alert> : null}
      <Card flush>
        {rules.data && all.length === 0 ? (
          <EmptyState
            description="No discounts yet. Create a code such as SPRING20, or a discount for booking several sessions or attendees."
            action={<Button onClick={() => create('Code')}>Create discount code</Button>}
          />
        ) : (
          <Table
            caption="Discounts"
            columns={columns}
            rows={pageOf(all, page, PAGE_SIZE)}
            rowKey={(rule) => rule._id}
            loading={rules.isPending}
            isRowDimmed={(rule) => !rule.enabled}
          />
        )}
        {rules.data && all.length > 0 ? (
          <Pagination page={page} pageSize={PAGE_SIZE} total={all.length} onPageChange={setPage} />
        ) : null}
      </Card>
      {form.isOpen ? (
        <DiscountRuleDialog
          dialog={form}
          rule={editing}
          presetType={presetType}
          otherRules={all.filter((r) => r._id !== editing?._id)}
          groups={groups.data ?? []}
          currency={currency}
        />
      ) : null}
      <NoticeDialog dialog={refused} title="Delete discount" message={refusal} />
      <ConfirmDeleteModal
        dialog={confirmDelete}
        title="Delete discount"
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
