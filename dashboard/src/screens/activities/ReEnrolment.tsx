/*
 * Re-enrolment on an activity's page (docs/rules/re-enrolment.md): "Roll over to next term"
 * makes next term's copy and offers every booked child their place for the priority window; the
 * funnel (offered, waiting, accepted, declined, lapsed) and each child's answer are shown on
 * both the activity and its copy, from GET /api/re-enrolments.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { describeFailure } from '../../../../api-client/index.ts';
import { RE_ENROLMENT_WINDOW_DAYS } from '../../../../engine/re-enrolment.ts';
import { api } from '../../api.ts';
import { Badge, type BadgeTone } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { TextField } from '../../components/FormField.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { useModal } from '../../components/useModal.ts';
import { useLocale } from '../../lib/money.ts';
import { forgetGroups } from './queries.ts';

type Status = 'offered' | 'accepted' | 'declined' | 'lapsed';

interface Offer {
  _id: string;
  attendee: { _id: string; name: string };
  parent: { _id: string; name: string; email: string };
  ticket: { _id: string; name: string };
  status: Status;
  answeredAt: string | null;
  booking: string | null;
}

interface Rollover {
  _id: string;
  sourceGroup: { _id: string; name: string };
  targetGroup: { _id: string; name: string };
  windowDays: number;
  windowEndsAt: string;
  closed: boolean;
  funnel: { offered: number; waiting: number; accepted: number; declined: number; lapsed: number };
  offers: Offer[];
}

const STATUS: Record<Status, { label: string; tone: BadgeTone }> = {
  offered: { label: 'Waiting for an answer', tone: 'info' },
  accepted: { label: 'Accepted', tone: 'success' },
  declined: { label: 'Declined', tone: 'neutral' },
  lapsed: { label: 'Lapsed', tone: 'warning' },
};

export function ReEnrolment({ groupId, groupName }: { groupId: string; groupName: string }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const locale = useLocale();
  const key = ['re-enrolment', groupId];
  const rollover = useQuery({
    queryKey: key,
    queryFn: () =>
      api.get<Rollover | null>(`/api/re-enrolments?activityGroup=${encodeURIComponent(groupId)}`),
    enabled: !!groupId,
    staleTime: 0,
  });
  const open = useMutation({
    mutationFn: (body: { startDate: string; name: string; windowDays: number }) =>
      describeFailure(
        api.post<Rollover>('/api/re-enrolments', { activityGroup: groupId, ...body }),
        { prefix: 'Failed to open re-enrolment', bare: 'Failed to open re-enrolment.' },
      ),
    onSuccess: () => {
      forgetGroups();
      client.invalidateQueries({ queryKey: ['re-enrolment'] });
    },
  });
  const dialog = useModal({ onCancel: () => open.reset() });
  const [startDate, setStartDate] = useState('');
  const [name, setName] = useState('');
  const [windowDays, setWindowDays] = useState(String(RE_ENROLMENT_WINDOW_DAYS.default));

  const start = () => {
    setStartDate('');
    setName(`${groupName} (next term)`);
    setWindowDays(String(RE_ENROLMENT_WINDOW_DAYS.default));
    open.reset();
    dialog.open();
  };
  const submit = () =>
    open.mutate(
      { startDate, name, windowDays: Number(windowDays) },
      {
        onSuccess: (r) => dialog.confirm(() => navigate(`/activities/${r.targetGroup._id}`)),
      },
    );
  const when = (iso: string) =>
    new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });

  const columns: Column<Offer>[] = [
    {
      key: 'child',
      header: 'Child',
      render: (o) => <span className="cell-strong">{o.attendee.name}</span>,
    },
    {
      key: 'parent',
      header: 'Parent',
      render: (o) => (
        <span>
          {o.parent.name} <span className="muted">{o.parent.email}</span>
        </span>
      ),
    },
    { key: 'ticket', header: 'Ticket', render: (o) => o.ticket.name },
    {
      key: 'status',
      header: 'Status',
      render: (o) => <Badge tone={STATUS[o.status].tone}>{STATUS[o.status].label}</Badge>,
    },
    {
      key: 'answered',
      header: 'Answered',
      render: (o) =>
        o.booking ? (
          <Link to={`/bookings/${o.booking}`}>{o.answeredAt ? when(o.answeredAt) : 'Booked'}</Link>
        ) : o.answeredAt ? (
          when(o.answeredAt)
        ) : (
          '–'
        ),
    },
  ];

  const r = rollover.data;
  const isCopy = r?.targetGroup._id === groupId;
  const form = (
    <FormModal
      dialog={dialog}
      title="Roll over to next term"
      onSubmit={submit}
      saving={open.isPending}
      formError={open.error?.message ?? null}
      saveLabel="Open re-enrolment"
    >
      <p>
        Next term's copy is made and published. Every child booked now is offered the same place by
        e-mail, kept for them until the window ends; the other places are on sale at once.
      </p>
      <TextField
        label="First session date"
        type="date"
        required
        value={startDate}
        onChange={(e) => setStartDate(e.target.value)}
        hint="Every session moves by the same number of days and keeps its times."
      />
      <TextField label="Name" required value={name} onChange={(e) => setName(e.target.value)} />
      <TextField
        label="Priority window (days)"
        type="number"
        min={RE_ENROLMENT_WINDOW_DAYS.min}
        max={RE_ENROLMENT_WINDOW_DAYS.max}
        required
        value={windowDays}
        onChange={(e) => setWindowDays(e.target.value)}
        hint="Places nobody has confirmed by then go on sale, and the waitlist is offered them."
      />
    </FormModal>
  );

  if (rollover.isLoading)
    return (
      <Card title="Re-enrolment">
        <span className="skeleton skeleton-text" />
      </Card>
    );
  if (!r || (!isCopy && r.closed))
    return (
      <Card
        title="Re-enrolment"
        actions={
          <Button variant="secondary" onClick={start}>
            Roll over to next term
          </Button>
        }
      >
        <p className="muted">
          Offer every child booked on this activity the same place next term, before public sale.
        </p>
        {form}
      </Card>
    );
  const f = r.funnel;
  return (
    <Card
      title="Re-enrolment"
      description={
        <>
          {isCopy ? (
            <>
              From <Link to={`/activities/${r.sourceGroup._id}`}>{r.sourceGroup.name}</Link>.{' '}
            </>
          ) : (
            <>
              To <Link to={`/activities/${r.targetGroup._id}`}>{r.targetGroup.name}</Link>.{' '}
            </>
          )}
          {r.closed
            ? `The priority window ended ${when(r.windowEndsAt)}.`
            : `Places are kept until ${when(r.windowEndsAt)}.`}
        </>
      }
    >
      <section className="stat-grid" aria-label="Re-enrolment funnel">
        {(
          [
            ['Offered', f.offered],
            ['Waiting', f.waiting],
            ['Accepted', f.accepted],
            ['Declined', f.declined],
            ['Lapsed', f.lapsed],
          ] as const
        ).map(([label, n]) => (
          <div className="stat card" key={label}>
            <p className="stat-label">{label}</p>
            <p className="stat-value">{n}</p>
          </div>
        ))}
      </section>
      <Table
        caption="Re-enrolment offers"
        columns={columns}
        rows={r.offers}
        rowKey={(o) => o._id}
        loading={false}
      />
    </Card>
  );
}
