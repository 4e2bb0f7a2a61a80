import { useState } from 'react';
import { Alert, QueryError } from '../../components/Alert.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { useModal } from '../../components/useModal.ts';
import { RowActions } from '../activities/parts.tsx';
import {
  useDeleteVoucherProvider,
  useSaveVoucherProvider,
  useVoucherProviders,
  type VoucherProvider,
} from './queries.ts';
import { VoucherProviderDialog } from './VoucherProviderDialog.tsx';

/**
 * Childcare voucher providers: an offline payment method per provider, with the instructions
 * parents follow. A provider a payment used cannot be deleted (docs/rules/forms-and-messages.md),
 * only disabled.
 */
export function VoucherProvidersCard() {
  const providers = useVoucherProviders();
  const toggle = useSaveVoucherProvider();
  const remove = useDeleteVoucherProvider();
  const [editing, setEditing] = useState<VoucherProvider | null>(null);
  const [deleting, setDeleting] = useState<VoucherProvider | null>(null);
  const form = useModal();
  const confirmDelete = useModal({ onCancel: () => remove.reset() });

  const columns: Column<VoucherProvider>[] = [
    {
      key: 'name',
      header: 'Name',
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
    {
      key: 'instructions',
      header: 'Payment instructions',
      hideOnMobile: true,
      render: (p) => p.paymentInstructions || <span className="muted">None</span>,
    },
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
          onToggle={() =>
            toggle.mutate({
              id: p._id,
              body: {
                name: p.name,
                paymentInstructions: p.paymentInstructions,
                enabled: !p.enabled,
              },
            })
          }
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
      title="Childcare voucher providers"
      description="Parents who pay with childcare vouchers choose their provider at checkout and follow its instructions."
      actions={
        <Button
          size="sm"
          onClick={() => {
            setEditing(null);
            form.open();
          }}
        >
          Add provider
        </Button>
      }
      flush
    >
      <QueryError error={providers.error} />
      {toggle.error ? <Alert>{toggle.error.message}</Alert> : null}
      <Table
        caption="Childcare voucher providers"
        columns={columns}
        rows={providers.data}
        rowKey={(p) => p._id}
        loading={providers.isPending}
        isRowDimmed={(p) => !p.enabled}
      />
      {form.isOpen ? <VoucherProviderDialog dialog={form} provider={editing} /> : null}
      <ConfirmDeleteModal
        dialog={confirmDelete}
        title="Delete Childcare Voucher Provider"
        remove={remove}
        targetId={deleting?._id ?? null}
      >
        <p>
          Delete <strong>{deleting?.name}</strong>?
        </p>
      </ConfirmDeleteModal>
    </Card>
  );
}
