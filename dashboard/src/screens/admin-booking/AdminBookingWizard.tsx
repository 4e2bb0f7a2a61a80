import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import * as v from 'valibot';
import { type ActivityGroup, ApiError } from '../../../../api-client/index.ts';
import {
  bookingActivityStepSchema,
  bookingTicketsStepSchema,
  messages,
  todayIn,
} from '../../../../engine/index.ts';
import { useClientSettings } from '../../api.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useModal } from '../../components/useModal.ts';
import { sessionLabel } from '../bookings/lib.ts';
import { AttendeeDialog } from '../customers/AttendeeDialog.tsx';
import { useAttendeeFields, useAttendees, useCustomer } from '../customers/queries.ts';
import { ActivityStep } from './ActivityStep.tsx';
import { adminBasket, type PaymentChoice, quoteNotices, type TicketChoice } from './basket.ts';
import { CustomerStep } from './CustomerStep.tsx';
import { OverCapacityConfirm } from './OverCapacityConfirm.tsx';
import { useAdminQuote, useCreateAdminBooking, usePaymentOptions } from './queries.ts';
import { SummaryStep } from './SummaryStep.tsx';
import { TicketsStep } from './TicketsStep.tsx';
import '../activities/activities.css';
import './admin-booking.css';

type Step = 'Select customer' | 'Select activity' | 'Select tickets' | 'Summary';

/** The first message of a failed step schema, by its first path key. */
function issuesOf(result: { success: boolean; issues?: v.BaseIssue<unknown>[] }) {
  const errors: Record<string, string> = {};
  for (const issue of result.issues ?? []) {
    const key = String(issue.path?.[0]?.key ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * The admin booking wizard (docs/rules/screens.md): an admin books on behalf of a customer. Opened
 * from a customer's page (/bookings/new?customer={id}) or from Bookings, where the customer is
 * chosen first. 'Select activity', 'Select tickets' (tickets, sessions, add-ons, the customer's
 * attendees, the engine's warnings), then the summary priced by the server and an offline
 * payment method; OK books and opens the new booking.
 */
export function AdminBookingWizard() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const preset = params.get('customer') ?? '';
  const steps: Step[] = [
    ...(preset ? [] : (['Select customer'] as const)),
    'Select activity',
    'Select tickets',
    'Summary',
  ];
  const [step, setStep] = useState(0);
  const [userId, setUserId] = useState(preset);
  const [group, setGroup] = useState<ActivityGroup | null>(null);
  const [choices, setChoices] = useState<Record<string, TicketChoice>>({});
  const [payment, setPayment] = useState<PaymentChoice | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The admin's confirmation to book past a limit; any change of the choices asks again.
  const [overConfirmed, setOverConfirmed] = useState(false);
  const customer = useCustomer(userId);
  const attendees = useAttendees(userId);
  const client = useClientSettings();
  const options = usePaymentOptions();
  const create = useCreateAdminBooking();
  // 'Create attendee' from a ticket's card: the ticket the new child is ticked on (201).
  const attendeeDialog = useModal();
  const [attendeeFor, setAttendeeFor] = useState<string | null>(null);
  const attendeeFields = useAttendeeFields();
  const current = steps[step]!;
  const today = todayIn(Date.now(), client.data?.timeZone ?? 'Europe/London');
  const dateFormat = client.data?.dateFormat ?? 'dd/MM/yyyy';
  const currency = client.data?.currency ?? 'GBP';

  const chosen = Object.values(choices).filter((c) => c.attendeeIds.length > 0);
  const pricing = current === 'Select tickets' || current === 'Summary';
  const quote = useAdminQuote(
    pricing && group && userId && chosen.length > 0
      ? adminBasket(userId, group, chosen, null)
      : null,
  );
  const notices = quote.data
    ? quoteNotices(quote.data, {
        attendee: (id) => attendees.data?.find((a) => a._id === id)?.name ?? 'Attendee',
        ticket: (id) => group?.tickets.find((t) => t._id === id)?.name ?? 'Ticket',
      })
    : { warnings: [], problems: [] };

  const overCapacity = quote.data?.overCapacity ?? [];
  const overError = (): Record<string, string> =>
    overCapacity.length > 0 && !overConfirmed
      ? {
          allowOverCapacity: messages.overCapacityNotConfirmed(
            [...new Set(overCapacity.map((o) => o.sessionId))]
              .map((id) => group?.activities.find((s) => s._id === id))
              .map((s) => (s ? sessionLabel(s, dateFormat) : 'a session'))
              .join('; '),
          ),
        }
      : {};

  const leave = () => navigate(preset ? `/customers/${preset}` : '/bookings');

  /**
   * The current step's own checks, with the engine's messages (docs/rules/editing-and-states.md:
   * forward needs a valid step).
   */
  function stepErrors(): Record<string, string> {
    if (current === 'Select customer') return userId ? {} : { userId: messages.noUserSet };
    if (current === 'Select activity')
      return issuesOf(
        v.safeParse(bookingActivityStepSchema, { userId, activityGroupId: group?._id ?? '' }),
      );
    if (current === 'Select tickets') {
      const found = issuesOf(
        v.safeParse(bookingTicketsStepSchema, { tickets: Object.values(choices) }),
      );
      const single = chosen.find(
        (c) =>
          group?.tickets.find((t) => t._id === c.ticketId)?.type === 'single' &&
          c.sessionIds.length === 0,
      );
      if (single) found[`sessions.${single.ticketId}`] = messages.selectWaitlistSession;
      return { ...found, ...overError() };
    }
    return {};
  }

  const next = () => {
    const found = stepErrors();
    setErrors(found);
    if (Object.keys(found).length === 0) setStep(step + 1);
  };
  const back = () => {
    setErrors({});
    if (step === 0) leave();
    else setStep(step - 1);
  };

  const submit = () => {
    if (!group || !quote.data) return;
    const due = quote.data.amountDueNow > 0;
    if (due && !payment) {
      setErrors({ paymentMethod: messages.paymentMethodRequired });
      return;
    }
    const unconfirmed = overError();
    setErrors(unconfirmed);
    if (Object.keys(unconfirmed).length > 0) return;
    const body = adminBasket(userId, group, chosen, due ? payment : null);
    create.mutate(overCapacity.length > 0 ? { ...body, allowOverCapacity: true } : body, {
      onSuccess: (booking) => navigate(`/bookings/${booking._id}`),
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.errors);
        // Someone else took places meanwhile: read the limits again so the admin can confirm.
        if (error instanceof ApiError && error.errors.allowOverCapacity) {
          setOverConfirmed(false);
          void quote.refetch();
        }
      },
    });
  };

  const ticketsError =
    errors.tickets ?? Object.entries(errors).find(([k]) => k.startsWith('sessions.'))?.[1];
  const createError =
    create.error &&
    !(
      create.error instanceof ApiError &&
      (create.error.errors.paymentMethod || create.error.errors.allowOverCapacity)
    )
      ? create.error.message
      : null;

  return (
    <div className="wizard admin-booking">
      <PageHeader
        title="New booking"
        description={
          customer.data
            ? `Booking on behalf of ${customer.data.fullName} (${customer.data.email}).`
            : 'Book on behalf of a customer. Nothing is booked until you press OK.'
        }
      />
      <nav aria-label="Wizard steps">
        <ol className="steps">
          {steps.map((label, index) => {
            const state = index === step ? 'current' : index < step ? 'done' : 'todo';
            return (
              <li key={label} className={`step step-${state}`}>
                <span className="step-button" aria-current={index === step ? 'step' : undefined}>
                  <span className="step-number">{String(index + 1).padStart(2, '0')}</span>
                  <span className="step-label">{label}</span>
                </span>
              </li>
            );
          })}
        </ol>
      </nav>
      {createError ? <Alert>{createError}</Alert> : null}
      <div className="wizard-body">
        {current === 'Select customer' ? (
          <CustomerStep
            userId={userId}
            error={errors.userId}
            onChoose={(u) => {
              if (u._id === userId) return;
              setErrors({});
              setUserId(u._id);
              setGroup(null);
              setChoices({});
            }}
          />
        ) : null}
        {current === 'Select activity' ? (
          <ActivityStep
            activityGroupId={group?._id ?? ''}
            today={today}
            dateFormat={dateFormat}
            error={errors.activityGroupId ?? errors.userId}
            onChoose={(g) => {
              if (g._id === group?._id) return;
              setErrors({});
              setGroup(g);
              setChoices({});
              setOverConfirmed(false);
            }}
          />
        ) : null}
        {current === 'Select tickets' && group ? (
          <TicketsStep
            group={group}
            attendees={attendees.data}
            attendeesLoading={attendees.isPending}
            choices={choices}
            onChange={(c) => {
              setChoices({ ...choices, [c.ticketId]: c });
              setErrors({});
              setOverConfirmed(false);
            }}
            today={today}
            dateFormat={dateFormat}
            currency={currency}
            warnings={notices.warnings}
            problems={notices.problems}
            quoting={quote.isFetching}
            quoteError={quote.error}
            error={ticketsError}
            onCreateAttendee={(ticketId) => {
              setAttendeeFor(ticketId);
              attendeeDialog.open();
            }}
          />
        ) : null}
        {current === 'Summary' ? (
          <SummaryStep
            customerName={customer.data?.fullName ?? 'the customer'}
            quote={quote.data}
            quoteError={quote.error}
            quoting={quote.isFetching}
            options={options.data}
            payment={payment}
            onPayment={(p) => {
              setPayment(p);
              setErrors({});
            }}
            warnings={notices.warnings}
            problems={notices.problems}
            paymentError={errors.paymentMethod}
          />
        ) : null}
        {(current === 'Select tickets' || current === 'Summary') && !quote.isFetching ? (
          <OverCapacityConfirm
            overCapacity={overCapacity}
            group={group}
            dateFormat={dateFormat}
            confirmed={overConfirmed}
            onConfirm={(on) => {
              setOverConfirmed(on);
              setErrors({});
            }}
            error={errors.allowOverCapacity}
          />
        ) : null}
      </div>
      {attendeeDialog.isOpen && attendeeFields.data ? (
        <AttendeeDialog
          dialog={attendeeDialog}
          userId={userId || null}
          attendee={null}
          fields={attendeeFields.data}
          onSaved={(attendee) => {
            const ticketId = attendeeFor;
            if (!ticketId) return;
            const current = choices[ticketId] ?? {
              ticketId,
              attendeeIds: [],
              sessionIds: [],
              addOnIds: [],
            };
            setChoices({
              ...choices,
              [ticketId]: { ...current, attendeeIds: [...current.attendeeIds, attendee._id] },
            });
            setErrors({});
            setOverConfirmed(false);
          }}
        />
      ) : null}
      <footer className="wizard-footer">
        <span className="admin-booking-leave">
          <Button variant="ghost" onClick={leave}>
            Cancel
          </Button>
          <Button variant="secondary" onClick={back} disabled={step === 0}>
            Back
          </Button>
        </span>
        <span className="wizard-progress">
          Step {step + 1} of {steps.length}
        </span>
        {current === 'Summary' ? (
          <Button
            onClick={submit}
            loading={create.isPending}
            disabled={!quote.data || quote.isFetching || notices.problems.length > 0}
          >
            OK
          </Button>
        ) : (
          <Button
            onClick={next}
            // The quote decides whether this choice goes past a limit: wait for it.
            disabled={current === 'Select tickets' && quote.isFetching}
          >
            Next
          </Button>
        )}
      </footer>
    </div>
  );
}
