import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Booking } from '../../../../api-client/index.ts';
import { formatCivilDate } from '../../../../engine/index.ts';
import { useActivityGroups, useClientSettings } from '../../api.ts';
import { QueryError } from '../../components/Alert.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { SelectField, TextField } from '../../components/FormField.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { useSearchBox } from '../../components/useSearchBox.ts';
import { useLocale, useMoney } from '../../lib/money.ts';
import { CsvExportButton } from '../customers/CsvExportButton.tsx';
import { pageQuery } from '../customers/paged.ts';
import {
  attendeeNames,
  BOOKING_STATUSES,
  bookingRef,
  counted,
  formatInstant,
  itemLines,
  paymentMethodLabel,
  statusLabel,
  statusTone,
} from './lib.ts';
import { MoneyExports } from './MoneyExports.tsx';
import { useBookings } from './queries.ts';
import '../activities/activities.css';
import './bookings.css';

const PAGE_SIZE = 20;

interface PanelValues {
  activityGroup: string;
  session: string;
  from: string;
  to: string;
  status: string;
  paymentState: string;
}

const PANEL_KEYS = ['activityGroup', 'session', 'from', 'to', 'status', 'paymentState'] as const;
const EMPTY_PANEL: PanelValues = {
  activityGroup: '',
  session: '',
  from: '',
  to: '',
  status: '',
  paymentState: '',
};

const PAYMENT_STATES = [
  { value: 'unpaid', label: 'Unpaid' },
  { value: 'partlyPaid', label: 'Part paid' },
  { value: 'paid', label: 'Paid' },
  { value: 'refunded', label: 'Refunded' },
];

/**
 * Every booking of the client, newest first: status, customer, attendees, items, amounts,
 * payment method and discounts. Filters (activity, session, session dates, status, payment
 * state) and the search live in the URL, so a filtered list can be linked to (the Customers
 * screen does) and survives a reload. The search runs as the admin types (booking number, parent
 * or child name, e-mail, phone), and 'Export CSV' downloads exactly what the list selects.
 */
export function BookingsScreen() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const applied = Object.fromEntries(
    PANEL_KEYS.map((key) => [key, params.get(key) ?? '']),
  ) as unknown as PanelValues;
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  // The URL follows the box once typing pauses (Enter: at once); a link to this screen with
  // another ?search= (a customer's bookings) replaces what was typed.
  const box = useSearchBox(search.trim(), (text) => update({ search: text }));
  const [panelOpen, setPanelOpen] = useState(false);
  const [panel, setPanel] = useState<PanelValues>(applied);
  const client = useClientSettings();
  const formatMoney = useMoney();
  const locale = useLocale();
  const groups = useActivityGroups();
  const bookings = useBookings({ ...applied, search: search.trim() }, page, PAGE_SIZE);
  const timeZone = client.data?.timeZone;
  const dateFormat = client.data?.dateFormat ?? 'dd/MM/yyyy';
  const activeCount = PANEL_KEYS.filter((key) => applied[key]).length;
  const panelSessions = groups.data?.find((g) => g._id === panel.activityGroup)?.activities ?? [];
  const exportQuery = pageQuery(1, 1, { ...applied, search: search.trim() }).replace(
    /^page=1&limit=1&?/,
    '',
  );

  /** Writes filters into the URL; any change of filter goes back to page 1. */
  const update = (next: Partial<PanelValues & { search: string; page: number }>) => {
    const merged = { ...applied, search, page: 1, ...next };
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(merged)) {
      if (value && !(key === 'page' && value === 1)) query.set(key, String(value));
    }
    setParams(query, { replace: true });
  };

  const columns: Column<Booking>[] = [
    {
      key: 'booking',
      header: 'Booking',
      render: (b) => (
        <>
          <Link to={`/bookings/${b._id}`} className="row-link" onClick={(e) => e.stopPropagation()}>
            {bookingRef(b._id)}
          </Link>
          <span className="detail-note">{formatInstant(b.createdAt, timeZone, locale)}</span>
        </>
      ),
    },
    {
      key: 'user',
      header: 'Customer and attendees',
      render: (b) => (
        <>
          <span className="cell-strong">{b.user.fullName}</span>
          <span className="detail-note">{b.user.email}</span>
          <span className="detail-note">For {attendeeNames(b).join(', ')}</span>
        </>
      ),
    },
    {
      key: 'items',
      header: 'Items',
      hideOnMobile: true,
      render: (b) => (
        <ul className="booking-list-items">
          {itemLines(b).map((line) => (
            <li key={line.key}>
              {line.label}
              <span className="detail-note">
                {[
                  counted(line.attendees, 'attendee'),
                  counted(line.places, 'session'),
                  line.addOns ? counted(line.addOns, 'add-on') : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      ),
    },
    {
      key: 'amount',
      header: 'Amount',
      align: 'right',
      hideOnMobile: true,
      width: '9rem',
      render: (b) => (
        <>
          <span className="cell-strong">{formatMoney(b.total, b.currency)}</span>
          {b.discounts.length ? (
            <span className="detail-note">
              −{formatMoney(b.discountTotal, b.currency)}:{' '}
              {b.discounts.map((d) => d.ruleName).join(', ')}
            </span>
          ) : null}
          {b.amountPaid > 0 && b.amountPaid !== b.total ? (
            <span className="detail-note">{formatMoney(b.amountPaid, b.currency)} paid</span>
          ) : null}
        </>
      ),
    },
    {
      key: 'payment',
      header: 'Payment',
      hideOnMobile: true,
      render: (b) =>
        b.paymentMethod?.type === 'childcareVoucher' ? (
          <>
            Childcare voucher
            <span className="detail-note">{b.paymentMethod.childcareVoucherProvider?.name}</span>
          </>
        ) : (
          paymentMethodLabel(b.paymentMethod, b)
        ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (b) => <Badge tone={statusTone(b.status)}>{statusLabel(b.status)}</Badge>,
    },
  ];

  return (
    <>
      <PageHeader
        title="Bookings"
        description="Every booking parents have made, with its payment and places."
        actions={<ButtonLink to="/bookings/new">New booking</ButtonLink>}
      />
      <QueryError error={bookings.error} />
      <Card flush>
        <form
          className="toolbar bookings-toolbar"
          aria-label="Booking search"
          onSubmit={(e) => {
            e.preventDefault();
            box.submit();
          }}
        >
          <div className="search">
            <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M11 18a7 7 0 100-14 7 7 0 000 14zM20 20l-4-4" />
            </svg>
            <input
              type="search"
              className="input"
              placeholder="Parent, child, email, phone or booking number"
              aria-label="Search bookings"
              value={box.typed}
              onChange={(e) => box.setTyped(e.target.value)}
            />
          </div>
          <Button
            variant="secondary"
            aria-expanded={panelOpen}
            aria-controls="booking-filters"
            onClick={() => {
              setPanel(applied);
              setPanelOpen(!panelOpen);
            }}
          >
            Filters{activeCount ? ` (${activeCount})` : ''}
          </Button>
          <CsvExportButton
            path={`/api/exports/bookings.csv${exportQuery ? `?${exportQuery}` : ''}`}
          />
        </form>
        {panelOpen ? (
          <form
            id="booking-filters"
            className="filter-panel"
            aria-label="Filters"
            onSubmit={(e) => {
              e.preventDefault();
              update(panel);
            }}
          >
            <SelectField
              label="Activity"
              value={panel.activityGroup}
              onChange={(e) => setPanel({ ...panel, activityGroup: e.target.value, session: '' })}
              options={[
                { value: '', label: 'All activities' },
                ...(groups.data ?? []).map((g) => ({ value: g._id, label: g.name })),
              ]}
            />
            <SelectField
              label="Session"
              value={panel.session}
              disabled={!panel.activityGroup}
              onChange={(e) => setPanel({ ...panel, session: e.target.value })}
              options={[
                {
                  value: '',
                  label: panel.activityGroup ? 'All sessions' : 'Choose an activity first',
                },
                ...panelSessions.map((a) => ({
                  value: a._id,
                  label: `${formatCivilDate(a.date, dateFormat)} ${a.startTime}`,
                })),
              ]}
            />
            <TextField
              label="Sessions from"
              type="date"
              value={panel.from}
              onChange={(e) => setPanel({ ...panel, from: e.target.value })}
            />
            <TextField
              label="Sessions to"
              type="date"
              value={panel.to}
              onChange={(e) => setPanel({ ...panel, to: e.target.value })}
            />
            <SelectField
              label="Payment"
              value={panel.paymentState}
              onChange={(e) => setPanel({ ...panel, paymentState: e.target.value })}
              options={[{ value: '', label: 'Any payment state' }, ...PAYMENT_STATES]}
            />
            <SelectField
              label="Status"
              value={panel.status}
              onChange={(e) => setPanel({ ...panel, status: e.target.value })}
              options={[
                { value: '', label: 'All statuses' },
                ...BOOKING_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
              ]}
            />
            <div className="filter-actions">
              <Button
                variant="ghost"
                onClick={() => {
                  setPanel(EMPTY_PANEL);
                  update(EMPTY_PANEL);
                }}
              >
                Reset
              </Button>
              <Button type="submit">Apply filters</Button>
            </div>
          </form>
        ) : null}
        {/* A click anywhere on a row opens the booking; its reference stays the real link. */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the row's link is the keyboard path */}
        <div
          className="clickable-rows"
          onClick={(event) => {
            const row = (event.target as HTMLElement).closest('tr');
            const link = row?.querySelector<HTMLAnchorElement>('a.row-link');
            if (link && !(event.target as HTMLElement).closest('a, button')) {
              navigate(new URL(link.href).pathname.replace(/^\/admin/, ''));
            }
          }}
        >
          <Table
            caption="Bookings"
            columns={columns}
            rows={bookings.data?.data}
            rowKey={(b) => b._id}
            loading={bookings.isPending}
          />
        </div>
        {bookings.data ? (
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            total={bookings.data.meta.total}
            onPageChange={(next) => update({ page: next })}
          />
        ) : null}
      </Card>
      <MoneyExports />
    </>
  );
}
