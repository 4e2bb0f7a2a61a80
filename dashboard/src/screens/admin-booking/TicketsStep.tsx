import type { ActivityGroup, Attendee } from '../../../../api-client/index.ts';
import { messages } from '../../../../engine/index.ts';
import { Alert, QueryError } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { FieldError } from '../../components/FormField.tsx';
import { useMoney } from '../../lib/money.ts';
import { sessionLabel } from '../bookings/lib.ts';
import { type TicketChoice, toggle } from './basket.ts';

export interface Notice {
  key: string;
  who: string;
  message: string;
}

const EMPTY = (ticketId: string): TicketChoice => ({
  ticketId,
  attendeeIds: [],
  sessionIds: [],
  addOnIds: [],
});

function Check({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className={`check${disabled ? ' is-disabled' : ''}`}>
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span className="check-text">
        <span className="check-label">{label}</span>
        {hint ? <span className="check-hint">{hint}</span> : null}
      </span>
    </label>
  );
}

/**
 * 'Select tickets': per ticket of the chosen activity, the customer's attendees it is for, its
 * sessions (single-session tickets) and its add-ons. A full session can still be ticked: for an
 * admin a reached limit is one of the engine's warnings, shown from the server's quote with the
 * problems as the admin chooses.
 */
export function TicketsStep({
  group,
  attendees,
  attendeesLoading,
  choices,
  onChange,
  today,
  dateFormat,
  currency,
  warnings,
  problems,
  quoting,
  quoteError,
  error,
  onCreateAttendee,
}: {
  group: ActivityGroup;
  attendees: readonly Attendee[] | undefined;
  attendeesLoading: boolean;
  choices: Record<string, TicketChoice>;
  onChange: (choice: TicketChoice) => void;
  today: string;
  dateFormat: string;
  currency: string;
  warnings: readonly Notice[];
  problems: readonly Notice[];
  quoting: boolean;
  quoteError: Error | null;
  error?: string;
  /** 'Create attendee' for this ticket: the new child is ticked on it once saved (201). */
  onCreateAttendee?: (ticketId: string) => void;
}) {
  const money = useMoney();
  const tickets = group.tickets.filter((t) => t.enabled);
  const sessions = group.activities
    .filter((s) => s.enabled && s.date >= today)
    .sort((a, b) => (a.date + a.startTime < b.date + b.startTime ? -1 : 1));
  const addOns = group.addOns.filter((a) => a.enabled);
  return (
    <div className="admin-booking-step">
      <FieldError message={error} />
      {tickets.length === 0 ? <p className="muted">This activity has no tickets to book.</p> : null}
      {tickets.map((ticket) => {
        const choice = choices[ticket._id] ?? EMPTY(ticket._id);
        const set = (patch: Partial<TicketChoice>) => onChange({ ...choice, ...patch });
        const allowed = (ids: readonly string[], restrict: boolean) => (s: { _id: string }) =>
          !restrict || ids.includes(s._id);
        const ticketSessions = sessions.filter(
          allowed(ticket.sessionsCanBeUsedFor ?? [], !!ticket.restrictSessions),
        );
        return (
          <Card
            key={ticket._id}
            title={ticket.name}
            description={`${money(ticket.price, currency)} · ${
              ticket.type === 'single'
                ? 'per session'
                : ticket.type === 'all'
                  ? 'all sessions'
                  : 'subscription'
            }`}
          >
            <fieldset className="admin-booking-fieldset">
              <legend className="form-label">Attendees</legend>
              {attendeesLoading ? (
                <span className="skeleton" role="status" aria-label="Loading attendees" />
              ) : attendees && attendees.length > 0 ? (
                attendees.map((a) => (
                  <Check
                    key={a._id}
                    label={a.name}
                    checked={choice.attendeeIds.includes(a._id)}
                    onChange={(on) => set({ attendeeIds: toggle(choice.attendeeIds, a._id, on) })}
                  />
                ))
              ) : (
                <p className="muted">{messages.userHasNoAttendees}</p>
              )}
              {onCreateAttendee ? (
                <Button
                  variant="ghost"
                  className="admin-booking-add-attendee"
                  onClick={() => onCreateAttendee(ticket._id)}
                  aria-label={`Create attendee for ${ticket.name}`}
                >
                  + Create attendee
                </Button>
              ) : null}
            </fieldset>
            {ticket.type === 'single' ? (
              <fieldset className="admin-booking-fieldset">
                <legend className="form-label">Sessions</legend>
                {ticketSessions.length === 0 ? (
                  <p className="muted">No upcoming sessions.</p>
                ) : (
                  ticketSessions.map((s) => {
                    const full = s.placesLeft === 0;
                    return (
                      <Check
                        key={s._id}
                        label={sessionLabel(s, dateFormat)}
                        hint={
                          s.placesLeft === null
                            ? 'No place limit'
                            : full
                              ? 'Full: booking adds a place beyond the limit'
                              : `${s.placesLeft} ${s.placesLeft === 1 ? 'place' : 'places'} left`
                        }
                        checked={choice.sessionIds.includes(s._id)}
                        onChange={(on) => set({ sessionIds: toggle(choice.sessionIds, s._id, on) })}
                      />
                    );
                  })
                )}
              </fieldset>
            ) : null}
            {addOns.length > 0 ? (
              <fieldset className="admin-booking-fieldset">
                <legend className="form-label">Add-ons</legend>
                {addOns.map((a) => (
                  <Check
                    key={a._id}
                    label={`${a.name} (${money(a.price, currency)})`}
                    checked={choice.addOnIds.includes(a._id)}
                    onChange={(on) => set({ addOnIds: toggle(choice.addOnIds, a._id, on) })}
                  />
                ))}
              </fieldset>
            ) : null}
          </Card>
        );
      })}
      <QueryError error={quoteError} />
      <QuoteNotices warnings={warnings} problems={problems} quoting={quoting} />
    </div>
  );
}

/** The engine's warnings (the admin may still book) and problems (booking would be refused). */
export function QuoteNotices({
  warnings,
  problems,
  quoting,
}: {
  warnings: readonly Notice[];
  problems: readonly Notice[];
  quoting: boolean;
}) {
  return (
    <div aria-live="polite" aria-busy={quoting || undefined}>
      {warnings.length > 0 ? (
        <Alert tone="warning" title="Please check before booking">
          <ul className="admin-booking-notices">
            {warnings.map((w) => (
              <li key={w.key}>
                <strong>{w.who}:</strong> {w.message}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {problems.length > 0 ? (
        <Alert title="This booking cannot be made yet">
          <ul className="admin-booking-notices">
            {problems.map((p) => (
              <li key={p.key}>
                <strong>{p.who}:</strong> {p.message}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </div>
  );
}
