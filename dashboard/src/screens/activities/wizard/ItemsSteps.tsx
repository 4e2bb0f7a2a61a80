import { useState } from 'react';
import {
  canDeleteAddOn,
  canDeleteSession,
  canDeleteTicket,
  type Guard,
  hasFeature,
  messages,
} from '../../../../../engine/index.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/Button.tsx';
import { Card } from '../../../components/Card.tsx';
import { PlacesCount } from '../../../components/PlacesCount.tsx';
import { type Column, Table } from '../../../components/Table.tsx';
import { useModal } from '../../../components/useModal.ts';
import { isTemp } from '../form.tsx';
import {
  type AddOnValues,
  formatMajor,
  formatSessionDate,
  type SessionValues,
  sessionTime,
  sortByStart,
  type TicketValues,
  ticketTypeLabel,
} from '../lib.ts';
import {
  FeatureNotAvailableDialog,
  NoticeDialog,
  RowActions,
  SalesBySessionDialog,
} from '../parts.tsx';
import type { Sales, SubscriptionPlan } from '../queries.ts';
import { BulkPlaceLimitDialog, SessionDialog } from './SessionDialogs.tsx';
import type { StepProps } from './step.ts';
import { AddOnDialog, TicketDialog } from './TicketDialogs.tsx';
import { TicketScheduleLink } from './TicketSchedule.tsx';

interface Env {
  /** Saved group being edited; absent for a new one. */
  isExisting: boolean;
  sales: Sales | undefined;
  /** Sales including cancelled bookings: what the delete guards count, as the server does. */
  booked: Sales | undefined;
  currency: string;
  /** The organiser's locale (engine `localeFor`), for amounts. */
  locale: string;
  dateFormat: string;
  timeZone: string;
}

/** A place limit as the form holds it ('', '8' or 8) as a number, or null for no limit. */
const limitOf = (value: unknown) => {
  const n = value === null || value === undefined || value === '' ? Number.NaN : Number(value);
  return Number.isFinite(n) ? n : null;
};

/** The first error of any item in a list ('tickets.2.price'), with the item's name. */
function ItemErrors({
  prefix,
  items,
  error,
}: {
  prefix: string;
  items: { name?: string | null; date?: string | null }[];
  error: StepProps['error'];
}) {
  const problems = items
    .map((item, index) => {
      const found = [
        '',
        '.name',
        '.price',
        '.placeLimit',
        '.sessionsCanBeUsedFor',
        '.type',
        '.subscriptionPlan',
        '.date',
      ]
        .map((suffix) => error(`${prefix}.${index}${suffix}`))
        .find(Boolean);
      return found ? `${item.name ?? item.date ?? `Item ${index + 1}`}: ${found}` : null;
    })
    .filter(Boolean);
  const whole = error(prefix);
  if (!problems.length && !whole) return null;
  return (
    <div className="has-error">
      <Alert title="Please check these items">
        <ul className="plain-list">
          {whole ? <li>{whole}</li> : null}
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </Alert>
    </div>
  );
}

function useGuard() {
  const dialog = useModal();
  const [notice, setNotice] = useState({ title: '', message: '' });
  return {
    dialog,
    show: (title: string, guard: Guard) => {
      if (guard.ok) return true;
      setNotice({ title, message: guard.message });
      dialog.open();
      return false;
    },
    element: <NoticeDialog dialog={dialog} title={notice.title} message={notice.message} />,
  };
}

const ChangesNotice = ({ show }: { show: boolean }) =>
  show ? <Alert tone="info">{messages.changesAppliedOnSave}</Alert> : null;

/** Step 02: the sessions table with add/edit (repeat options), bulk place limits and the guards. */
export function SessionsStep({ values, set, error, env }: StepProps & { env: Env }) {
  const sessions = values.activities ?? [];
  const [editing, setEditing] = useState<SessionValues | null>(null);
  const form = useModal();
  const bulk = useModal();
  const guard = useGuard();
  const sold = (s: SessionValues) => env.sales?.activitySales[s._id ?? ''] ?? 0;
  const everBooked = (s: SessionValues) => env.booked?.activitySales[s._id ?? ''] ?? sold(s);
  const update = (next: SessionValues[]) => set({ activities: next });

  const columns: Column<SessionValues>[] = [
    {
      key: 'date',
      header: 'Date',
      render: (s) => (
        <span className="cell-strong">{formatSessionDate(s.date, env.dateFormat)}</span>
      ),
    },
    { key: 'time', header: 'Time', render: (s) => sessionTime(s) },
    {
      key: 'placeLimit',
      header: 'Place limit',
      render: (s) =>
        s.placeLimit === null || s.placeLimit === undefined || s.placeLimit === '' ? (
          <span className="muted">No limit</span>
        ) : (
          s.placeLimit
        ),
    },
    {
      key: 'sales',
      header: 'Sales',
      align: 'right',
      // Against the limit as typed, so lowering it below the sales shows at once.
      render: (s) => <PlacesCount taken={sold(s)} placeLimit={limitOf(s.placeLimit)} />,
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'right',
      render: (s) => {
        const name = `session ${formatSessionDate(s.date, env.dateFormat)} ${sessionTime(s)}`;
        return (
          <RowActions
            name={name}
            enabled={s.enabled !== false}
            onEdit={() => {
              setEditing(s);
              form.open();
            }}
            onToggle={() =>
              update(
                sessions.map((x) => (x._id === s._id ? { ...x, enabled: x.enabled === false } : x)),
              )
            }
            onDelete={() => {
              if (
                !isTemp(s._id) &&
                !guard.show('Delete session', canDeleteSession({ bookings: everBooked(s) }))
              )
                return;
              const strip = <T extends TicketValues | AddOnValues>(list: T[] | undefined) =>
                (list ?? []).map((item) => ({
                  ...item,
                  sessionsCanBeUsedFor: (item.sessionsCanBeUsedFor ?? []).filter(
                    (id) => id !== s._id,
                  ),
                }));
              set({
                activities: sessions.filter((x) => x._id !== s._id),
                tickets: strip(values.tickets),
                addOns: strip(values.addOns),
              });
            }}
          />
        );
      },
    },
  ];

  return (
    <Card
      title="Sessions"
      description="Every date the activity runs. Repeat a session daily or weekly to create a term at once."
      actions={
        <>
          <Button
            variant="secondary"
            size="sm"
            disabled={sessions.length === 0}
            onClick={bulk.open}
          >
            Bulk update place limits
          </Button>
          <Button
            size="sm"
            onClick={() => {
              setEditing(null);
              form.open();
            }}
          >
            Add new session
          </Button>
        </>
      }
      flush
    >
      <div className="card-notices">
        <ChangesNotice show={env.isExisting} />
        <ItemErrors prefix="activities" items={sessions} error={error} />
      </div>
      <Table
        caption="Sessions"
        columns={columns}
        rows={sortByStart(sessions)}
        rowKey={(s) => s._id ?? ''}
        emptyText="No sessions yet. Add the first session of this activity."
        isRowDimmed={(s) => s.enabled === false}
      />
      {form.isOpen ? (
        <SessionDialog
          dialog={form}
          session={editing}
          timeZone={env.timeZone}
          dateFormat={env.dateFormat}
          sold={
            editing ? { count: sold(editing), placeLimit: limitOf(editing.placeLimit) } : undefined
          }
          onSave={(saved) =>
            update(
              editing
                ? [...sessions.filter((x) => x._id !== editing._id), ...saved]
                : [...sessions, ...saved],
            )
          }
        />
      ) : null}
      {bulk.isOpen ? (
        <BulkPlaceLimitDialog
          dialog={bulk}
          sessions={sessions}
          dateFormat={env.dateFormat}
          onSave={(ids, placeLimit) =>
            update(sessions.map((s) => (ids.includes(s._id ?? '') ? { ...s, placeLimit } : s)))
          }
        />
      ) : null}
      {guard.element}
    </Card>
  );
}

/** Step 03: tickets (with the help tour and pro-rata legend) and add-ons (plan-gated). */
export function TicketsStep({
  values,
  set,
  error,
  env,
  plans,
  planLevel,
  savedTickets,
  groupId,
}: StepProps & {
  env: Env;
  plans: SubscriptionPlan[];
  planLevel: number;
  savedTickets: { _id: string; type: string; subscriptionPlan: string | null }[];
  /** The group being edited; absent for a new one. */
  groupId?: string;
}) {
  const tickets = values.tickets ?? [];
  const addOns = values.addOns ?? [];
  const sessions = values.activities ?? [];
  const [ticket, setTicket] = useState<TicketValues | null>(null);
  const [addOn, setAddOn] = useState<AddOnValues | null>(null);
  const [salesOf, setSalesOf] = useState<{ title: string; counts: Record<string, number> }>({
    title: '',
    counts: {},
  });
  const ticketForm = useModal();
  const addOnForm = useModal();
  const gate = useModal();
  const salesDialog = useModal();
  const guard = useGuard();
  const ticketSold = (t: TicketValues) => env.sales?.ticketSales[t._id ?? ''] ?? 0;
  const addOnSold = (a: AddOnValues) => env.sales?.addOnSales[a._id ?? ''] ?? 0;
  const ticketBooked = (t: TicketValues) => env.booked?.ticketSales[t._id ?? ''] ?? ticketSold(t);
  const addOnBooked = (a: AddOnValues) => env.booked?.addOnSales[a._id ?? ''] ?? addOnSold(a);
  const canAddOns = hasFeature(planLevel, 'addOns');

  const salesCell = (count: number, title: string, counts: Record<string, number> | undefined) =>
    count > 0 ? (
      <button
        type="button"
        className="link-button"
        onClick={() => {
          setSalesOf({ title, counts: counts ?? {} });
          salesDialog.open();
        }}
      >
        {count}
      </button>
    ) : (
      count
    );

  const ticketColumns: Column<TicketValues>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (t) => (
        <span className="cell-strong">
          {t.name}
          {t.type === 'all' && t.shouldProRata ? '*' : ''}
          {t.trial ? ' (trial)' : ''}
        </span>
      ),
    },
    {
      key: 'type',
      header: 'Type',
      render: (t) => (
        <>
          {ticketTypeLabel(t.type)}
          {t.type === 'all' && groupId ? (
            <TicketScheduleLink
              groupId={groupId}
              price={t.price}
              currency={env.currency}
              dateFormat={env.dateFormat}
              timeZone={env.timeZone}
            />
          ) : null}
        </>
      ),
    },
    {
      key: 'price',
      header: 'Price',
      render: (t) => (
        <>
          {formatMajor(t.price, env.currency, env.locale)}
          {t.type === 'subscription' ? <span className="muted"> / month</span> : null}
        </>
      ),
    },
    {
      key: 'sales',
      header: 'Sales',
      align: 'right',
      render: (t) =>
        salesCell(
          ticketSold(t),
          `${t.name}: sales by session`,
          env.sales?.ticketSalesBySession[t._id ?? ''],
        ),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'right',
      render: (t) => (
        <RowActions
          name={`ticket ${t.name}`}
          enabled={t.enabled !== false}
          onEdit={() => {
            setTicket(t);
            ticketForm.open();
          }}
          onToggle={() =>
            set({
              tickets: tickets.map((x) =>
                x._id === t._id ? { ...x, enabled: x.enabled === false } : x,
              ),
            })
          }
          onDelete={() => {
            if (
              !isTemp(t._id) &&
              !guard.show('Delete ticket', canDeleteTicket({ bookings: ticketBooked(t) }))
            )
              return;
            set({ tickets: tickets.filter((x) => x._id !== t._id) });
          }}
        />
      ),
    },
  ];

  const addOnColumns: Column<AddOnValues>[] = [
    { key: 'name', header: 'Name', render: (a) => <span className="cell-strong">{a.name}</span> },
    {
      key: 'price',
      header: 'Price',
      render: (a) => formatMajor(a.price, env.currency, env.locale),
    },
    {
      key: 'sales',
      header: 'Sales',
      align: 'right',
      render: (a) =>
        salesCell(
          addOnSold(a),
          `${a.name}: sales by session`,
          env.sales?.addOnSalesBySession[a._id ?? ''],
        ),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'right',
      render: (a) => (
        <RowActions
          name={`add-on ${a.name}`}
          enabled={a.enabled !== false}
          onEdit={() => {
            setAddOn(a);
            addOnForm.open();
          }}
          onToggle={() =>
            set({
              addOns: addOns.map((x) =>
                x._id === a._id ? { ...x, enabled: x.enabled === false } : x,
              ),
            })
          }
          onDelete={() => {
            if (
              !isTemp(a._id) &&
              !guard.show('Delete add-on', canDeleteAddOn({ bookings: addOnBooked(a) }))
            )
              return;
            set({ addOns: addOns.filter((x) => x._id !== a._id) });
          }}
        />
      ),
    },
  ];

  const editingSaved = ticket?._id
    ? (savedTickets.find((s) => s._id === ticket._id) ?? null)
    : null;
  // Plans a ticket of another group already uses ('Monthly club ticket, Saturday Tennis').
  const usedElsewhere = Object.fromEntries(
    plans.flatMap((p) =>
      p.usedByTicket && p.usedByTicket.activityGroup._id !== groupId
        ? [[p._id, `${p.usedByTicket.name}, ${p.usedByTicket.activityGroup.name}`]]
        : [],
    ),
  ) as Record<string, string>;
  const otherPlans = [
    ...tickets
      .filter((t) => t._id !== ticket?._id && t.type === 'subscription' && t.subscriptionPlan)
      .map((t) => t.subscriptionPlan as string),
    // A saved ticket keeping its plan is not refused for it (as on the server).
    ...Object.keys(usedElsewhere).filter((id) => id !== editingSaved?.subscriptionPlan),
  ];
  return (
    <>
      <Card
        title="Tickets"
        description="The ways parents can book: the whole activity, single sessions or a monthly subscription."
        actions={
          <Button
            size="sm"
            onClick={() => {
              setTicket(null);
              ticketForm.open();
            }}
          >
            Add new ticket
          </Button>
        }
        flush
      >
        <div className="card-notices">
          <ChangesNotice show={env.isExisting} />
          <ItemErrors prefix="tickets" items={tickets} error={error} />
        </div>
        <Table
          caption="Tickets"
          columns={ticketColumns}
          rows={tickets}
          rowKey={(t) => t._id ?? ''}
          emptyText="No tickets yet. Add a ticket so parents can book."
          isRowDimmed={(t) => t.enabled === false}
        />
        {tickets.some((t) => t.type === 'all' && t.shouldProRata) ? (
          <p className="table-legend">{messages.proRataLegend}</p>
        ) : null}
      </Card>
      <Card
        title="Add-ons"
        description="Optional extras parents can add to each session, such as lunch or kit hire."
        actions={
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              if (!canAddOns) {
                gate.open();
                return;
              }
              setAddOn(null);
              addOnForm.open();
            }}
          >
            Add new add-on
          </Button>
        }
        flush
      >
        <div className="card-notices">
          <ChangesNotice show={env.isExisting} />
          <ItemErrors prefix="addOns" items={addOns} error={error} />
        </div>
        <Table
          caption="Add-ons"
          columns={addOnColumns}
          rows={addOns}
          rowKey={(a) => a._id ?? ''}
          emptyText="No add-ons."
          isRowDimmed={(a) => a.enabled === false}
        />
      </Card>
      {ticketForm.isOpen ? (
        <TicketDialog
          dialog={ticketForm}
          ticket={ticket}
          savedTicket={editingSaved}
          otherPlans={otherPlans}
          usedElsewhere={usedElsewhere}
          plans={plans}
          sessions={sessions}
          currency={env.currency}
          dateFormat={env.dateFormat}
          onSave={(saved) =>
            set({
              tickets: ticket
                ? tickets.map((t) => (t._id === ticket._id ? saved : t))
                : [...tickets, saved],
            })
          }
        />
      ) : null}
      {addOnForm.isOpen ? (
        <AddOnDialog
          dialog={addOnForm}
          addOn={addOn}
          sessions={sessions}
          currency={env.currency}
          dateFormat={env.dateFormat}
          onSave={(saved) =>
            set({
              addOns: addOn
                ? addOns.map((a) => (a._id === addOn._id ? saved : a))
                : [...addOns, saved],
            })
          }
        />
      ) : null}
      <FeatureNotAvailableDialog
        dialog={gate}
        description="Add-ons are available on the Standard and Premium plans. Upgrade your plan to offer extras such as lunch or kit hire."
      />
      <SalesBySessionDialog
        dialog={salesDialog}
        title={salesOf.title}
        sessions={sessions}
        counts={salesOf.counts}
        dateFormat={env.dateFormat}
      />
      {guard.element}
    </>
  );
}
