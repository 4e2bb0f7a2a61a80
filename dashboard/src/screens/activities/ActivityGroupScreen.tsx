import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { ActivityGroup } from '../../../../api-client/index.ts';
import { messages } from '../../../../engine/index.ts';
import { useClientSettings } from '../../api.ts';
import { QueryError } from '../../components/Alert.tsx';
import { Badge } from '../../components/Badge.tsx';
import { ButtonLink } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PlacesCount } from '../../components/PlacesCount.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { useModal } from '../../components/useModal.ts';
import { useMoney } from '../../lib/money.ts';
import { venueAddress } from '../venues/VenuesScreen.tsx';
import { WaitlistEntries } from '../waitlists/WaitlistEntries.tsx';
import { GroupActions } from './GroupActions.tsx';
import {
  formatSessionDate,
  type SessionValues,
  sessionTime,
  sortByStart,
  ticketTypeLabel,
} from './lib.ts';
import { SalesBySessionDialog } from './parts.tsx';
import { type Sales, useActivityGroup, useSales } from './queries.ts';
import { ReEnrolment } from './ReEnrolment.tsx';
import { TrialConversion } from './TrialConversion.tsx';
import './activities.css';

type Session = ActivityGroup['activities'][number];
type Ticket = ActivityGroup['tickets'][number];
type AddOn = ActivityGroup['addOns'][number];

const sum = (counts: Record<string, number> | undefined) =>
  Object.values(counts ?? {}).reduce((a, b) => a + b, 0);

function Stat({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <div className="stat card">
      <p className="stat-label">{label}</p>
      <p className="stat-value">{value ?? <span className="skeleton skeleton-text" />}</p>
      {note ? <p className="stat-note">{note}</p> : null}
    </div>
  );
}

/**
 * docs/data-model.md sales summary, with the cancelled and waitlist figures of the two wider
 * scopes.
 */
function SalesSummary({
  active,
  cancelled,
  waitlist,
}: {
  active?: Sales;
  cancelled?: Sales;
  waitlist?: Sales;
}) {
  const withCancelled = (
    key: 'allSessionTicketSales' | 'subscriptionTicketSales' | 'singleSessionTicketSales',
  ) => (active && cancelled ? `${cancelled[key] - active[key]} cancelled` : null);
  const placesCancelled =
    active && cancelled ? sum(cancelled.activitySales) - sum(active.activitySales) : null;
  const waiting = waitlist ? sum(waitlist.waitlistEntries) : null;
  return (
    <section className="stat-grid stat-grid-5" aria-label="Sales summary">
      <Stat
        label="All-session tickets"
        value={active?.allSessionTicketSales}
        note={withCancelled('allSessionTicketSales')}
      />
      <Stat
        label="Subscription tickets"
        value={active?.subscriptionTicketSales}
        note={withCancelled('subscriptionTicketSales')}
      />
      <Stat
        label="Single-session tickets"
        value={active?.singleSessionTicketSales}
        note={withCancelled('singleSessionTicketSales')}
      />
      <Stat
        label="Places booked"
        value={active ? sum(active.activitySales) : undefined}
        note={
          placesCancelled === null
            ? null
            : `${placesCancelled} cancelled${waiting === null ? '' : ` · ${waiting} on waitlist`}`
        }
      />
      <Stat
        label="Add-on sales"
        value={active ? sum(active.addOnSales) : undefined}
        note={
          active && cancelled
            ? `${sum(cancelled.addOnSales) - sum(active.addOnSales)} cancelled`
            : null
        }
      />
    </section>
  );
}

/** An activity group: its details, sales summary, sessions, tickets and add-ons with sales. */
export function ActivityGroupScreen() {
  const { id = '' } = useParams();
  const group = useActivityGroup(id);
  const client = useClientSettings();
  const active = useSales(id, 'active');
  const cancelled = useSales(id, 'cancelled');
  const waitlist = useSales(id, 'waitlist');
  const dialog = useModal();
  const [salesOf, setSalesOf] = useState({ title: '', counts: {} as Record<string, number> });
  const g = group.data;
  const currency = client.data?.currency ?? 'GBP';
  const formatMoney = useMoney();
  const dateFormat = client.data?.dateFormat ?? 'dd/MM/yyyy';
  const loading = group.isPending;

  const salesLink = (count: number, title: string, counts?: Record<string, number>) =>
    count > 0 ? (
      <button
        type="button"
        className="link-button"
        onClick={() => {
          setSalesOf({ title, counts: counts ?? {} });
          dialog.open();
        }}
      >
        {count}
      </button>
    ) : (
      count
    );

  const sessionColumns: Column<Session>[] = [
    {
      key: 'date',
      header: 'Date',
      // Each session's row leads to its register.
      render: (s) => (
        <Link to={`/registers/${s._id}`} className="cell-strong">
          {formatSessionDate(s.date, dateFormat)}
          <span className="visually-hidden"> register</span>
        </Link>
      ),
    },
    { key: 'time', header: 'Time', render: (s) => sessionTime(s) },
    {
      key: 'placeLimit',
      header: 'Place limit',
      render: (s) => s.placeLimit ?? <span className="muted">No limit</span>,
    },
    {
      key: 'sales',
      header: 'Sales',
      align: 'right',
      render: (s) => {
        const sold = active.data?.activitySales[s._id] ?? 0;
        const waiting = waitlist.data?.waitlistEntries?.[s._id] ?? 0;
        return (
          <>
            <PlacesCount taken={sold} placeLimit={s.placeLimit} />
            {waiting ? <Badge tone="warning">{waiting} waiting</Badge> : null}
          </>
        );
      },
    },
  ];
  const ticketColumns: Column<Ticket>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (t) => (
        <span className="cell-title">
          <span className="cell-strong">
            {t.name}
            {t.type === 'all' && t.shouldProRata ? '*' : ''}
          </span>
          {t.trial ? <Badge tone="info">Trial</Badge> : null}
          {t.enabled ? null : <Badge>Disabled</Badge>}
        </span>
      ),
    },
    { key: 'type', header: 'Type', render: (t) => ticketTypeLabel(t.type) },
    {
      key: 'price',
      header: 'Price',
      render: (t) => (
        <>
          {formatMoney(t.price, currency)}
          {t.type === 'subscription' ? <span className="muted"> / month</span> : null}
        </>
      ),
    },
    {
      key: 'sales',
      header: 'Sales',
      align: 'right',
      render: (t) =>
        salesLink(
          active.data?.ticketSales[t._id] ?? 0,
          `${t.name}: sales by session`,
          active.data?.ticketSalesBySession[t._id],
        ),
    },
  ];
  const addOnColumns: Column<AddOn>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (a) => (
        <span className="cell-title">
          <span className="cell-strong">{a.name}</span>
          {a.enabled ? null : <Badge>Disabled</Badge>}
        </span>
      ),
    },
    { key: 'price', header: 'Price', render: (a) => formatMoney(a.price, currency) },
    {
      key: 'sales',
      header: 'Sales',
      align: 'right',
      render: (a) =>
        salesLink(
          active.data?.addOnSales[a._id] ?? 0,
          `${a.name}: sales by session`,
          active.data?.addOnSalesBySession[a._id],
        ),
    },
  ];

  return (
    <>
      <p className="breadcrumb">
        <Link to="/activities">← Activities</Link>
      </p>
      <PageHeader
        title={g?.name ?? 'Activity'}
        description={
          g ? (
            <span className="header-meta">
              {g.enabled ? <Badge tone="success">Published</Badge> : <Badge>Draft</Badge>}
              {g.archived ? <Badge>Archived</Badge> : null}
              {g.venue ? (
                <span>
                  {g.venue.name}
                  {venueAddress(g.venue) ? (
                    <span className="muted"> · {venueAddress(g.venue)}</span>
                  ) : null}
                </span>
              ) : null}
            </span>
          ) : undefined
        }
        actions={
          g ? (
            <>
              <ButtonLink to={`/activities/${id}/edit`}>Edit</ButtonLink>
              <GroupActions group={g} />
            </>
          ) : null
        }
      />
      <QueryError error={group.error ?? active.error} />
      <SalesSummary active={active.data} cancelled={cancelled.data} waitlist={waitlist.data} />
      <TrialConversion groupId={id} hasTrial={g?.tickets.some((t) => t.trial) ?? false} />
      {g ? <ReEnrolment groupId={id} groupName={g.name} /> : null}
      {g?.description ? (
        <Card title="Description">
          {/* Sanitised by the server when saved (docs/decisions.md). */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised rich text */}
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: g.description }} />
        </Card>
      ) : null}
      <Card title="Sessions" flush>
        <Table
          caption="Sessions"
          columns={sessionColumns}
          rows={g ? sortByStart(g.activities) : undefined}
          rowKey={(s) => s._id}
          loading={loading}
          isRowDimmed={(s) => !s.enabled}
        />
      </Card>
      <Card title="Tickets" flush>
        <Table
          caption="Tickets"
          columns={ticketColumns}
          rows={g?.tickets}
          rowKey={(t) => t._id}
          loading={loading}
          emptyText={messages.noTicketsAvailable}
          isRowDimmed={(t) => !t.enabled}
        />
        {g?.tickets.some((t) => t.type === 'all' && t.shouldProRata) ? (
          <p className="table-legend">{messages.proRataLegend}</p>
        ) : null}
      </Card>
      <Card title="Add-ons" flush>
        <Table
          caption="Add-ons"
          columns={addOnColumns}
          rows={g?.addOns}
          rowKey={(a) => a._id}
          loading={loading}
          isRowDimmed={(a) => !a.enabled}
        />
      </Card>
      <Card title="Waitlist" flush>
        <WaitlistEntries activityGroupId={id} />
      </Card>
      <SalesBySessionDialog
        dialog={dialog}
        title={salesOf.title}
        sessions={(g?.activities ?? []) as SessionValues[]}
        counts={salesOf.counts}
        dateFormat={dateFormat}
      />
    </>
  );
}
