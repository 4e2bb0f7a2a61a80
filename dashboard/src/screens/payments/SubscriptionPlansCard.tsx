import { useState } from 'react';
import { Alert, QueryError } from '../../components/Alert.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { useModal } from '../../components/useModal.ts';
import { useMoney } from '../../lib/money.ts';
import { RowActions } from '../activities/parts.tsx';
import {
  type SubscriptionPlan,
  useDeleteSubscriptionPlan,
  useSubscriptionPlans,
  useUpdateSubscriptionPlan,
} from './queries.ts';
import { SubscriptionPlanDialog } from './SubscriptionPlanDialog.tsx';

/**
 * Subscription plans, which subscription tickets choose in the ticket dialog: each one a
 * monthly price on the organiser's Stripe account.
 */
export function SubscriptionPlansCard({ currency }: { currency: string }) {
  const plans = useSubscriptionPlans();
  const toggle = useUpdateSubscriptionPlan();
  const remove = useDeleteSubscriptionPlan();
  const [editing, setEditing] = useState<SubscriptionPlan | null>(null);
  const [deleting, setDeleting] = useState<SubscriptionPlan | null>(null);
  const form = useModal();
  const confirmDelete = useModal({ onCancel: () => remove.reset() });
  const formatMoney = useMoney();
  const amountText = (minor: number) => formatMoney(minor, currency);

  const columns: Column<SubscriptionPlan>[] = [
    {
      key: 'name',
      header: 'Plan',
      render: (p) => (
        <>
          <span className="cell-strong">{p.name}</span>
          {p.enabled ? null : (
            <>
              {' '}
              <Badge>Disabled</Badge>
            </>
          )}
        </>
      ),
    },
    { key: 'amount', header: 'Monthly amount', render: (p) => amountText(p.amount) },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'right',
      width: '13rem',
      render: (p) => (
        <RowActions
          name={p.name}
          enabled={p.enabled}
          onEdit={() => {
            setEditing(p);
            form.open();
          }}
          onToggle={() => toggle.mutate({ id: p._id, body: { enabled: !p.enabled } })}
          onDelete={() => {
            setDeleting(p);
            confirmDelete.open();
          }}
        />
      ),
    },
  ];

  return (
    <Card
      title="Subscription plans"
      description="Monthly plans for subscription tickets, collected by Stripe on the 1st of each month."
      actions={
        <Button
          size="sm"
          onClick={() => {
            setEditing(null);
            form.open();
          }}
        >
          Add subscription plan
        </Button>
      }
      flush
    >
      <QueryError error={plans.error} />
      {toggle.error ? <Alert>{toggle.error.message}</Alert> : null}
      <Table
        caption="Subscription plans"
        columns={columns}
        rows={plans.data}
        rowKey={(p) => p._id}
        loading={plans.isPending}
        isRowDimmed={(p) => !p.enabled}
      />
      {form.isOpen ? (
        <SubscriptionPlanDialog dialog={form} plan={editing} amountText={amountText} />
      ) : null}
      <ConfirmDeleteModal
        dialog={confirmDelete}
        title="Delete subscription plan"
        remove={remove}
        targetId={deleting?._id ?? null}
      >
        <p>
          Delete <strong>{deleting?.name}</strong>? Nobody can subscribe to it afterwards.
        </p>
      </ConfirmDeleteModal>
    </Card>
  );
}
