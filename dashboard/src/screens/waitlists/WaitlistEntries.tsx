import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { WaitlistEntry } from '../../../../api-client/index.ts';
import {
  ACTIVE_WAITLIST_STATUSES,
  featureGate,
  formatCivilDate,
  formatInstant,
  formatTime,
  localeFor,
  WAITLIST_STATUSES,
} from '../../../../engine/index.ts';
import { useClientSettings } from '../../api.ts';
import { QueryError } from '../../components/Alert.tsx';
import { Badge, type BadgeTone } from '../../components/Badge.tsx';
import { buttonClass } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { SelectField } from '../../components/FormField.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { OfferFreePlaces } from './OfferFreePlaces.tsx';
import { useWaitlistEntries } from './queries.ts';
import { WaitlistActions } from './WaitlistActions.tsx';

const PAGE_SIZE = 20;
const ACTIVE = 'active';

const STATUS_TONES: Record<string, BadgeTone> = {
  Waiting: 'warning',
  Pending: 'info',
  Ready: 'success',
  Used: 'neutral',
  Expired: 'neutral',
  Cancelled: 'danger',
  Archived: 'neutral',
};

/**
 * The waitlist entries of one activity group, or of every group: who waits, for which session,
 * in which status. Waitlists are a Premium feature (docs/rules/roles-and-plans.md), so other plans
 * see the upgrade button instead. The status filter starts on the active entries
 * (docs/rules/editing-and-states.md: Waiting, Pending, Ready).
 *
 * @example <WaitlistEntries activityGroupId={group._id} />
 */
export function WaitlistEntries({
  activityGroupId,
  filters,
}: {
  activityGroupId?: string;
  /** More filters shown before the status filter (the Waitlists screen's activity select). */
  filters?: ReactNode;
}) {
  const client = useClientSettings();
  // When an entry joined or an offer ends, on the organiser's clock and in their country's order.
  const instant = (iso: string) =>
    formatInstant(iso, localeFor(client.data?.country), client.data?.timeZone);
  const [status, setStatus] = useState(ACTIVE);
  // Another activity group starts again at page 1.
  const [paging, setPaging] = useState({ group: activityGroupId, page: 1 });
  const page = paging.group === activityGroupId ? paging.page : 1;
  const setPage = (next: number) => setPaging({ group: activityGroupId, page: next });
  const entries = useWaitlistEntries(
    {
      activityGroup: activityGroupId,
      status: status === ACTIVE ? ACTIVE_WAITLIST_STATUSES : status || undefined,
    },
    page,
    PAGE_SIZE,
  );
  const dateFormat = client.data?.dateFormat ?? 'dd/MM/yyyy';
  const gate = client.data ? featureGate(client.data.planLevel, 'waitlists') : null;
  if (gate && !gate.allowed) {
    return (
      <EmptyState
        title="Waitlists are on the Premium plan"
        description="Let parents join a waitlist when sessions are full."
        action={
          <a className={buttonClass()} href={gate.upgradeUrl} target="_blank" rel="noreferrer">
            {gate.title}
          </a>
        }
      />
    );
  }

  const columns: Column<WaitlistEntry>[] = [
    {
      key: 'attendee',
      header: 'Attendee',
      render: (w) => (
        <>
          <span className="cell-strong">{w.attendee.name}</span>
          {/* Brothers and sisters who joined together are offered places together. */}
          {w.familyId ? (
            <>
              {' '}
              <Badge tone="info">With siblings</Badge>
            </>
          ) : null}
        </>
      ),
    },
    {
      key: 'user',
      header: 'Customer',
      hideOnMobile: true,
      render: (w) => (
        <>
          <Link to={`/customers/${w.user._id}`}>{w.user.fullName}</Link>
          <span className="detail-note">{w.user.email}</span>
        </>
      ),
    },
    ...(activityGroupId
      ? []
      : [
          {
            key: 'group',
            header: 'Activity',
            render: (w: WaitlistEntry) => (
              <Link to={`/activities/${w.activityGroup._id}`}>{w.activityGroup.name}</Link>
            ),
          },
        ]),
    {
      key: 'session',
      header: 'Session',
      render: (w) =>
        w.activity
          ? `${formatCivilDate(w.activity.date, dateFormat)} · ${formatTime(w.activity.startTime)}`
          : 'All sessions',
    },
    {
      key: 'joined',
      header: 'Joined',
      hideOnMobile: true,
      render: (w) => instant(w.createdAt),
    },
    {
      key: 'status',
      header: 'Status',
      width: '8rem',
      render: (w) => <Badge tone={STATUS_TONES[w.status] ?? 'neutral'}>{w.status}</Badge>,
    },
    {
      key: 'offer',
      header: 'Offer expires',
      hideOnMobile: true,
      render: (w) => (w.offerExpiresAt ? instant(w.offerExpiresAt) : '—'),
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (w) => <WaitlistActions entry={w} />,
    },
  ];

  return (
    <>
      <div className="toolbar">
        {filters}
        <SelectField
          label="Waitlist status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(1);
          }}
          options={[
            { value: ACTIVE, label: 'Active (waiting, pending, ready)' },
            { value: '', label: 'All statuses' },
            ...WAITLIST_STATUSES.map((s) => ({ value: s, label: s })),
          ]}
        />
      </div>
      {activityGroupId &&
      entries.data?.data.length &&
      entries.data.data.every((w) => w.type === 'AllSessions') ? (
        <OfferFreePlaces activityGroupId={activityGroupId} />
      ) : null}
      <QueryError error={entries.error} />
      <Table
        caption="Waitlist entries"
        columns={columns}
        rows={entries.data?.data}
        rowKey={(w) => w._id}
        loading={entries.isPending}
      />
      {entries.data ? (
        <Pagination
          page={page}
          pageSize={PAGE_SIZE}
          total={entries.data.meta.total}
          onPageChange={setPage}
        />
      ) : null}
    </>
  );
}
