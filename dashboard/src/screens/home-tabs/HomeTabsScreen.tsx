import { useState } from 'react';
import { embedCode } from '../../../../embed-snippet/code.ts';
import { useClientSettings, useFields } from '../../api.ts';
import { Alert, QueryError } from '../../components/Alert.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { useModal } from '../../components/useModal.ts';
import { RowActions } from '../activities/parts.tsx';
import { useVenues } from '../activities/queries.ts';
import '../activities/activities.css';
import { HomeTabDialog } from './HomeTabDialog.tsx';
import { listingPath, type TabField, TYPE_LABELS, tabBody, tabValuesOf } from './lib.ts';
import { type HomeTab, useDeleteHomeTab, useHomeTabs, useSaveHomeTab } from './queries.ts';

/**
 * Home tabs settings (docs/rules/screens.md, docs/data-model.md, docs/rules/forms-and-messages.md):
 * each tab lists the activities at some venues, or with some options of an activity field, at its
 * public URL /listing/{path}. List, add, edit, enable or disable, delete; the copy button gives the
 * embed code that shows the tab's listing.
 */
export function HomeTabsScreen() {
  const tabs = useHomeTabs();
  const fields = useFields('activity');
  const venues = useVenues();
  const client = useClientSettings();
  const [editing, setEditing] = useState<HomeTab | null>(null);
  const [deleting, setDeleting] = useState<HomeTab | null>(null);
  const form = useModal();
  const toggle = useSaveHomeTab();
  const remove = useDeleteHomeTab();
  const confirmDelete = useModal({ onCancel: () => remove.reset() });
  const allFields = (fields.data ?? []) as TabField[];
  const allVenues = venues.data ?? [];

  const valueNames = (tab: HomeTab) => {
    const names =
      tab.type === 'venue'
        ? allVenues.filter((v) => tab.value.includes(v._id)).map((v) => v.name)
        : (allFields.find((f) => f._id === tab.field)?.fieldOptions ?? [])
            .filter((o) => tab.value.includes(o._id))
            .map((o) => o.name);
    return names.join(', ');
  };

  const columns: Column<HomeTab>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (tab) => (
        <span className="cell-strong">
          {tab.name}
          {tab.enabled ? null : (
            <>
              {' '}
              <Badge>Disabled</Badge>
            </>
          )}
        </span>
      ),
    },
    {
      key: 'path',
      header: 'Public URL',
      render: (tab) => (
        <span className="cell-stack">
          <code>{listingPath(tab.path)}</code>
          {client.data ? (
            <CopyButton
              size="sm"
              aria-label={`Copy embed code for ${tab.name}`}
              text={embedCode({
                origin: window.location.origin,
                clientId: client.data._id,
                view: { kind: 'tab', path: tab.path },
              })}
            >
              Copy embed code
            </CopyButton>
          ) : null}
        </span>
      ),
    },
    {
      key: 'type',
      header: 'Type',
      hideOnMobile: true,
      render: (tab) => TYPE_LABELS[tab.type] ?? tab.type,
    },
    {
      key: 'values',
      header: 'Values',
      hideOnMobile: true,
      render: (tab) => valueNames(tab) || <span className="muted">None</span>,
    },
    {
      key: 'enabled',
      header: 'Enabled',
      render: (tab) => (tab.enabled ? 'Yes' : 'No'),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'right',
      width: '13rem',
      render: (tab) => (
        <RowActions
          name={tab.name}
          enabled={tab.enabled}
          onEdit={() => {
            setEditing(tab);
            form.open();
          }}
          onToggle={() =>
            toggle.mutate({
              id: tab._id,
              body: tabBody({ ...tabValuesOf(tab), enabled: !tab.enabled }, allFields),
            })
          }
          onDelete={() => {
            setDeleting(tab);
            confirmDelete.open();
          }}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Home tabs"
        description="Group your activities on your home page by venue or by an activity field. Each tab has its own listing URL."
        actions={
          <Button
            disabled={fields.isPending || venues.isPending}
            onClick={() => {
              setEditing(null);
              form.open();
            }}
          >
            Add new tab
          </Button>
        }
      />
      <QueryError error={tabs.error ?? fields.error ?? venues.error} />
      {toggle.error ? <Alert>{toggle.error.message}</Alert> : null}
      <Card flush>
        <Table
          caption="Home tabs"
          columns={columns}
          rows={tabs.data}
          rowKey={(tab) => tab._id}
          loading={tabs.isPending}
          isRowDimmed={(tab) => !tab.enabled}
        />
      </Card>
      {form.isOpen ? (
        <HomeTabDialog
          dialog={form}
          tab={editing}
          tabs={tabs.data ?? []}
          fields={allFields}
          venues={allVenues}
        />
      ) : null}
      <ConfirmDeleteModal
        dialog={confirmDelete}
        title="Delete tab"
        remove={remove}
        targetId={deleting?._id ?? null}
      >
        <p>
          Delete <strong>{deleting?.name}</strong>? Its listing URL{' '}
          <code>{deleting ? listingPath(deleting.path) : ''}</code> will stop working.
        </p>
      </ConfirmDeleteModal>
    </>
  );
}
