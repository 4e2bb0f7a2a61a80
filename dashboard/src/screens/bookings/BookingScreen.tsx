import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Booking } from '../../../../api-client/index.ts';
import { isOverCapacity } from '../../../../engine/index.ts';
import { useClientSettings } from '../../api.ts';
import { Alert, QueryError } from '../../components/Alert.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { DetailList } from '../../components/DetailList.tsx';
import { Modal } from '../../components/Modal.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PaymentScheduleDialog } from '../../components/PaymentScheduleDialog.tsx';
import { PlacesCount } from '../../components/PlacesCount.tsx';
import { PageSpinner } from '../../components/Spinner.tsx';
import { useModal } from '../../components/useModal.ts';
import { useLocale, useMoney } from '../../lib/money.ts';
import { CancelPlacesDialog } from './CancelPlacesDialog.tsx';
import {
  bookingRef,
  byStart,
  canMarkPaid,
  formatInstant,
  paymentDeadlineNote,
  paymentMethodLabel,
  sessionLabel,
  statusLabel,
  statusTone,
} from './lib.ts';
import { useBooking, useMarkPaid } from './queries.ts';
import { RefundDialog } from './RefundDialog.tsx';
import '../activities/activities.css';
import './bookings.css';

type Item = Booking['items'][number];

/** Where a refund went, as the money panel lists it. */
const REFUND_HOW: Record<string, string> = {
  stripe: 'to the card',
  accountCredit: 'as account credit',
};

/** Add-ons in session order; those bought once for the whole item come first. */
function sortAddOns(item: Item) {
  const when = (id: string | null) => {
    const place = item.places.find((p) => p.activity._id === id);
    return place ? `${place.activity.date} ${place.activity.startTime}` : '';
  };
  return [...item.addOns].sort((a, b) => when(a.activity).localeCompare(when(b.activity)));
}

function ItemCard({
  item,
  currency,
  dateFormat,
}: {
  item: Item;
  currency: string;
  dateFormat: string;
}) {
  const formatMoney = useMoney();
  const sessionOf = (id: string | null) => item.places.find((p) => p.activity._id === id);
  return (
    <article className="booking-item" aria-label={`${item.attendee.name}: ${item.ticket.name}`}>
      <header className="booking-item-head">
        <div>
          <p className="cell-strong">{item.attendee.name}</p>
          <p className="muted">
            <Link to={`/activities/${item.activityGroup._id}`}>{item.activityGroup.name}</Link> ·{' '}
            {item.ticket.name}
          </p>
        </div>
        <div className="booking-item-price">
          <Badge tone={statusTone(item.status)}>{statusLabel(item.status)}</Badge>
          <span className="cell-strong">{formatMoney(item.price, currency)}</span>
          {item.discount ? (
            <span className="muted">−{formatMoney(item.discount, currency)} discount</span>
          ) : null}
        </div>
      </header>
      <ul className="plain-list booking-lines" aria-label="Sessions">
        {byStart(item.places).map((p) => (
          <li key={p._id}>
            <span>{sessionLabel(p.activity, dateFormat)}</span>
            {isOverCapacity(p.activity.taken, p.activity.placeLimit) ? (
              <PlacesCount taken={p.activity.taken} placeLimit={p.activity.placeLimit} />
            ) : null}
            <Badge tone={statusTone(p.status)}>{statusLabel(p.status)}</Badge>
          </li>
        ))}
      </ul>
      {item.addOns.length ? (
        <ul className="plain-list booking-lines" aria-label="Add-ons">
          {sortAddOns(item).map((a) => {
            const session = a.activity ? sessionOf(a.activity) : null;
            return (
              <li key={a._id}>
                <span>
                  + {a.name}
                  <span className="muted">
                    {session
                      ? ` · ${sessionLabel(session.activity, dateFormat)}`
                      : a.activity
                        ? ''
                        : ' · whole booking'}
                  </span>
                </span>
                <span>{formatMoney(a.price, currency)}</span>
                <Badge tone={statusTone(a.status)}>{statusLabel(a.status)}</Badge>
              </li>
            );
          })}
        </ul>
      ) : null}
    </article>
  );
}

/** The price breakdown: subtotal, every discount by name, credit, total, due and paid. */
function PriceBreakdown({ booking }: { booking: Booking }) {
  const formatMoney = useMoney();
  const money = (minor: number) => formatMoney(minor, booking.currency);
  return (
    <dl className="price-breakdown">
      <div>
        <dt>Subtotal</dt>
        <dd>{money(booking.subtotal)}</dd>
      </div>
      {booking.discounts.map((d) => (
        <div key={`${d.ruleName}-${d.reason}`}>
          <dt>
            {d.ruleName}
            {d.reason && d.reason !== d.ruleName ? (
              <span className="detail-note">{d.reason}</span>
            ) : null}
          </dt>
          <dd>−{money(d.amount)}</dd>
        </div>
      ))}
      {booking.discountCode ? (
        <div>
          <dt>Discount code</dt>
          <dd>
            <code className="code-inline">{booking.discountCode}</code>
          </dd>
        </div>
      ) : null}
      {booking.creditApplied ? (
        <div>
          <dt>Account credit</dt>
          <dd>−{money(booking.creditApplied)}</dd>
        </div>
      ) : null}
      <div className="price-total">
        <dt>Total</dt>
        <dd>{money(booking.total)}</dd>
      </div>
      <div>
        <dt>Due now</dt>
        {/* What is owed now, not what was due when booked: 0 once marked paid. */}
        <dd>{money(booking.statement.owedNow)}</dd>
      </div>
      <div>
        <dt>Paid</dt>
        <dd>{money(booking.amountPaid)}</dd>
      </div>
    </dl>
  );
}

/**
 * The booking's money over time (engine `bookingStatement`, the plans): paid, refunded, still
 * owed, each membership's monthly amount and next collection, and the payment schedule's next
 * instalment with the button to its dialog (docs/rules/screens.md).
 */
function PlansCard({
  booking,
  timeZone,
  onShowSchedule,
}: {
  booking: Booking;
  timeZone?: string;
  onShowSchedule: () => void;
}) {
  const locale = useLocale();
  const formatMoney = useMoney();
  const money = (minor: number) => formatMoney(minor, booking.currency);
  const s = booking.statement;
  return (
    <Card title="Payments">
      <dl className="statement-breakdown">
        <div>
          <dt>Paid</dt>
          <dd>{money(s.paid)}</dd>
        </div>
        {s.refunded ? (
          <div>
            <dt>Refunded</dt>
            <dd>{money(s.refunded)}</dd>
          </div>
        ) : null}
        {s.refunds.length ? (
          <div className="statement-refunds">
            <dt className="visually-hidden">Refunds</dt>
            <dd>
              <ul className="plain-list" aria-label="Refunds">
                {s.refunds.map((r) => (
                  <li key={`${r.at}-${r.amount}-${r.method}`}>
                    <span>
                      {money(r.amount)} {REFUND_HOW[r.method] ?? `by ${r.method}`}
                      <span className="muted">
                        {' '}
                        · {formatInstant(r.at, timeZone, locale)}
                        {r.status === 'pending' ? ' · on its way' : ''}
                      </span>
                    </span>
                    {r.reason ? <span className="detail-note">{r.reason}</span> : null}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
        <div className="statement-total">
          <dt>Still owed</dt>
          <dd>{money(s.owed)}</dd>
        </div>
      </dl>
      {booking.plans.map((plan) => (
        <div key={plan.itemId ?? 'schedule'} className="booking-plan">
          <p className="cell-strong">
            {plan.kind === 'subscription'
              ? `${plan.label}: ${money(plan.amount)} per month`
              : `Payment schedule: ${plan.label}`}
          </p>
          {plan.discount ? (
            <p className="muted">
              {plan.discount.ruleName} ({plan.discount.reason}): {money(plan.discount.amount)} off
              each month
            </p>
          ) : null}
          {plan.texts.length ? (
            plan.texts.map((line) => (
              <p key={line} className="muted">
                {line}
              </p>
            ))
          ) : (
            <p className="muted">Nothing more to collect.</p>
          )}
          {plan.kind === 'schedule' ? (
            <Button variant="secondary" onClick={onShowSchedule}>
              Payment schedule
            </Button>
          ) : null}
        </div>
      ))}
    </Card>
  );
}

/**
 * One booking: its items per attendee with their places and add-ons, the price with every
 * discount named, the payment method (a voucher provider's instructions), the hold expiry, and
 * the admin actions: 'Mark as paid' for an offline payment awaited, and cancelling places.
 */
export function BookingScreen() {
  const { id = '' } = useParams();
  const booking = useBooking(id);
  const client = useClientSettings();
  const markPaid = useMarkPaid(id);
  const paidDialog = useModal({ onCancel: () => markPaid.reset() });
  const cancelDialog = useModal();
  const scheduleDialog = useModal();
  const refundDialog = useModal();
  const [notice, setNotice] = useState<string | null>(null);
  const b = booking.data;
  const dateFormat = client.data?.dateFormat ?? 'dd/MM/yyyy';
  const timeZone = client.data?.timeZone;
  const locale = useLocale();
  const formatMoney = useMoney();
  const hasOpenPlaces = b?.items.some((item) =>
    item.places.some((p) => p.status === 'held' || p.status === 'confirmed'),
  );

  return (
    <>
      <p className="breadcrumb">
        <Link to="/bookings">← Bookings</Link>
      </p>
      <PageHeader
        title={b ? `Booking ${bookingRef(b._id)}` : 'Booking'}
        description={
          b ? (
            <span className="header-meta">
              <Badge tone={statusTone(b.status)}>{statusLabel(b.status)}</Badge>
              <span>
                Made {formatInstant(b.createdAt, timeZone, locale)}
                {b.createdByAdmin ? ` by ${b.createdByAdmin.fullName} for the customer` : ''}
                {b.bookedBy ? ` by ${b.bookedBy.fullName}` : ''}
              </span>
              {paymentDeadlineNote(b, timeZone, locale) ? (
                <span>{paymentDeadlineNote(b, timeZone, locale)}</span>
              ) : null}
            </span>
          ) : undefined
        }
        actions={
          b ? (
            <>
              {hasOpenPlaces ? (
                <Button variant="secondary" onClick={cancelDialog.open}>
                  Cancel places
                </Button>
              ) : null}
              {b.statement.paid > b.statement.refunded ? (
                <Button variant="secondary" onClick={refundDialog.open}>
                  Refund
                </Button>
              ) : null}
              {canMarkPaid(b) ? <Button onClick={paidDialog.open}>Mark as paid</Button> : null}
            </>
          ) : null
        }
      />
      <QueryError error={booking.error} />
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {booking.isPending ? <PageSpinner label="Loading the booking" /> : null}
      {b ? (
        <div className="split booking-split">
          <div>
            <Card title="Items" description="Per attendee, with their sessions and add-ons.">
              <div className="booking-items">
                {b.items.map((item) => (
                  <ItemCard
                    key={item._id}
                    item={item}
                    currency={b.currency}
                    dateFormat={dateFormat}
                  />
                ))}
              </div>
            </Card>
          </div>
          <div>
            <Card title="Customer">
              <DetailList
                items={[
                  {
                    label: 'Name',
                    value: <Link to={`/customers/${b.user._id}`}>{b.user.fullName}</Link>,
                  },
                  { label: 'Email', value: <a href={`mailto:${b.user.email}`}>{b.user.email}</a> },
                ]}
              />
            </Card>
            <Card title="Payment">
              <DetailList
                items={[
                  {
                    label: 'Method',
                    value: paymentMethodLabel(b.paymentMethod, b),
                    note: b.paymentMethod?.childcareVoucherProvider?.paymentInstructions,
                  },
                  ...(b.holdExpiresAt && b.status === 'held'
                    ? [
                        {
                          label: 'Hold expires',
                          value: formatInstant(b.holdExpiresAt, timeZone, locale),
                        },
                      ]
                    : []),
                  ...(b.confirmedAt
                    ? [
                        {
                          label: 'Confirmed',
                          value: formatInstant(b.confirmedAt, timeZone, locale),
                        },
                      ]
                    : []),
                ]}
              />
            </Card>
            <Card title="Price">
              <PriceBreakdown booking={b} />
            </Card>
            <PlansCard booking={b} timeZone={timeZone} onShowSchedule={scheduleDialog.open} />
          </div>
        </div>
      ) : null}
      {b ? (
        <Modal
          {...paidDialog.modalProps}
          size="sm"
          title="Mark as paid"
          footer={
            <>
              <Button variant="secondary" onClick={paidDialog.cancel}>
                Cancel
              </Button>
              <Button
                loading={markPaid.isPending}
                onClick={() =>
                  markPaid.mutate(undefined, {
                    onSuccess: (saved) =>
                      paidDialog.confirm(() =>
                        setNotice(
                          saved.status === 'confirmed'
                            ? 'Payment recorded. The booking is confirmed.'
                            : 'Payment recorded.',
                        ),
                      ),
                  })
                }
              >
                Mark as paid
              </Button>
            </>
          }
        >
          <p>
            Record that {formatMoney(b.amountDueNow || b.total, b.currency)} has been received by{' '}
            {paymentMethodLabel(b.paymentMethod).toLowerCase()} from {b.user.fullName}? The booking
            will be confirmed.
          </p>
          {markPaid.error ? <Alert>{markPaid.error.message}</Alert> : null}
        </Modal>
      ) : null}
      {b && scheduleDialog.isOpen ? (
        <PaymentScheduleDialog
          dialog={scheduleDialog}
          rows={b.plans.find((p) => p.kind === 'schedule')?.instalments ?? []}
          texts={b.plans.find((p) => p.kind === 'schedule')?.texts}
          currency={b.currency}
          dateFormat={dateFormat}
        />
      ) : null}
      {b && refundDialog.isOpen ? (
        <RefundDialog dialog={refundDialog} booking={b} onRefunded={setNotice} />
      ) : null}
      {b && cancelDialog.isOpen ? (
        <CancelPlacesDialog
          dialog={cancelDialog}
          booking={b}
          dateFormat={dateFormat}
          timeZone={timeZone}
          onCancelled={setNotice}
        />
      ) : null}
    </>
  );
}
