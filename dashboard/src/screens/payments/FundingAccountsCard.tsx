import { useState } from 'react';
import { Alert, QueryError } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Modal } from '../../components/Modal.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { useModal } from '../../components/useModal.ts';
import { FundingAccountDialog } from './FundingAccountDialog.tsx';
import { type FundingAccount, useDeleteFundingAccount, useFundingAccounts } from './queries.ts';

/**
 * The childcare provider accounts table (docs/rules/screens.md) with its add, edit and remove
 * dialogs.
 */
export function FundingAccountsCard() {
  const accounts = useFundingAccounts();
  const remove = useDeleteFundingAccount();
  const [editing, setEditing] = useState<FundingAccount | null>(null);
  const [removing, setRemoving] = useState<FundingAccount | null>(null);
  const form = useModal();
  const confirmRemove = useModal({ onCancel: () => remove.reset() });
  const all = accounts.data ?? [];

  const columns: Column<FundingAccount>[] = [
    { key: 'name', header: 'Name', render: (a) => <span className="cell-strong">{a.name}</span> },
    { key: 'regReference', header: 'Registration reference', render: (a) => a.regReference },
    { key: 'postcode', header: 'Postcode', hideOnMobile: true, render: (a) => a.postcode },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'right',
      width: '10rem',
      render: (a) => (
        <span className="row-actions">
          <button
            type="button"
            className="link-button"
            aria-label={`Edit ${a.name}`}
            onClick={() => {
              setEditing(a);
              form.open();
            }}
          >
            Edit
          </button>
          <button
            type="button"
            className="link-button link-danger"
            aria-label={`Remove ${a.name}`}
            onClick={() => {
              setRemoving(a);
              confirmRemove.open();
            }}
          >
            Remove
          </button>
        </span>
      ),
    },
  ];

  return (
    <Card
      title="Childcare provider accounts"
      description="Your registrations with childcare funding schemes (such as Tax-Free Childcare), which parents quote when they pay through them."
      actions={
        <Button
          size="sm"
          onClick={() => {
            setEditing(null);
            form.open();
          }}
        >
          Add a Provider account
        </Button>
      }
      flush
    >
      <QueryError error={accounts.error} />
      <Table
        caption="Childcare provider accounts"
        columns={columns}
        rows={all}
        rowKey={(a) => a._id}
        loading={accounts.isPending}
      />
      {form.isOpen ? (
        <FundingAccountDialog
          dialog={form}
          account={editing}
          others={all.filter((a) => a._id !== editing?._id)}
        />
      ) : null}
      <Modal
        {...confirmRemove.modalProps}
        size="sm"
        title="Remove Provider account"
        footer={
          <>
            <Button variant="secondary" onClick={confirmRemove.cancel}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() =>
                removing &&
                remove.mutate(removing._id, {
                  onSuccess: () => confirmRemove.confirm(() => remove.reset()),
                })
              }
            >
              Remove
            </Button>
          </>
        }
      >
        {remove.error ? <Alert>{remove.error.message}</Alert> : null}
        <p>
          Remove <strong>{removing?.name}</strong>? Parents will no longer see it at checkout.
        </p>
      </Modal>
    </Card>
  );
}
