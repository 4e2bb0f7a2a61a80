import { useState } from 'react';
import {
  addOnSchema,
  createTicketSchema,
  proRataPrice,
  type TicketType,
  ticketAdvancedOptionsOpen,
  ticketVisibleFields,
} from '../../../../../engine/index.ts';
import { Button } from '../../../components/Button.tsx';
import { FormField, SelectField, TextField } from '../../../components/FormField.tsx';
import { Modal } from '../../../components/Modal.tsx';
import type { ModalControls } from '../../../components/useModal.ts';
import { currencySymbol } from '../../../lib/format.ts';
import { useMoney } from '../../../lib/money.ts';
import { Checkbox, type Errors, errorsOf, tempId, text } from '../form.tsx';
import {
  type AddOnValues,
  type SessionValues,
  sessionLabel,
  sortByStart,
  type TicketValues,
} from '../lib.ts';
import type { SubscriptionPlan } from '../queries.ts';

const TOUR_KEY = 'classwise.ticket-tour.dismissed';

/**
 * The four-step help tour about ticket types (docs/rules/screens.md), dismissible and remembered.
 */
function TicketTour({ currency }: { currency: string }) {
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(TOUR_KEY) === '1');
  const [step, setStep] = useState(0);
  const formatMoney = useMoney();
  const money = (major: number) => formatMoney(major * 100, currency);
  const steps = [
    {
      title: 'Choosing a ticket type',
      body: 'Each ticket is one way to book this activity. Offer as many as you like: a full-term ticket, a pay-as-you-go ticket and a monthly subscription can sit side by side.',
    },
    {
      title: 'All sessions',
      body: 'One price for every session of the activity. Turn on pro rata pricing so parents who join late pay only for the sessions that remain.',
    },
    {
      title: 'Pro rata pricing',
      body: `A ticket of ${money(200)} for 5 sessions costs ${formatMoney(proRataPrice(20000, 4, 5), currency)} once only 4 sessions remain. Pro-rata prices are marked with an asterisk.`,
    },
    {
      title: 'Single session and subscription',
      body: 'Single-session tickets let parents pick individual sessions, and can show their own times. Subscription tickets are paid monthly, collected on the 1st of each month, and need a subscription plan.',
    },
  ];
  if (dismissed) {
    return (
      <button
        type="button"
        className="link-button tour-reopen"
        onClick={() => {
          localStorage.removeItem(TOUR_KEY);
          setDismissed(false);
          setStep(0);
        }}
      >
        Which ticket type should I use?
      </button>
    );
  }
  const current = steps[step]!;
  const dismiss = () => {
    localStorage.setItem(TOUR_KEY, '1');
    setDismissed(true);
  };
  return (
    <aside className="tour" aria-label="Ticket types help" data-testid="ticket-tour">
      <div className="tour-head">
        <span className="tour-step">
          Tip {step + 1} of {steps.length}
        </span>
        <button type="button" className="tour-dismiss" aria-label="Dismiss help" onClick={dismiss}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </div>
      <p className="tour-title">{current.title}</p>
      <p className="tour-body">{current.body}</p>
      <div className="tour-foot">
        <span className="tour-dots" aria-hidden="true">
          {steps.map((s, i) => (
            <span key={s.title} className={i === step ? 'is-current' : undefined} />
          ))}
        </span>
        <span className="tour-buttons">
          {step > 0 ? (
            <Button size="sm" variant="ghost" onClick={() => setStep(step - 1)}>
              Back
            </Button>
          ) : null}
          {step < steps.length - 1 ? (
            <Button size="sm" variant="secondary" onClick={() => setStep(step + 1)}>
              Next tip
            </Button>
          ) : (
            <Button size="sm" variant="secondary" onClick={dismiss}>
              Got it
            </Button>
          )}
        </span>
      </div>
    </aside>
  );
}

/** A price input with the currency symbol in front. */
function MoneyField({
  label,
  value,
  error,
  currency,
  onChange,
  required,
  hint,
}: {
  label: string;
  value: string;
  error?: string;
  currency: string;
  onChange: (value: string) => void;
  required?: boolean;
  hint?: string;
}) {
  return (
    <FormField label={label} error={error} required={required} hint={hint}>
      {(control) => (
        <div className="input-affix">
          <span className="input-prefix" aria-hidden="true">
            {currencySymbol(currency) ?? currency}
          </span>
          <input
            {...control}
            className="input"
            inputMode="decimal"
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        </div>
      )}
    </FormField>
  );
}

function SessionPicker({
  sessions,
  selected,
  dateFormat,
  error,
  onChange,
}: {
  sessions: SessionValues[];
  selected: string[];
  dateFormat: string;
  error?: string;
  onChange: (ids: string[]) => void;
}) {
  return (
    <FormField label="Sessions it can be used for" error={error}>
      {() => (
        <div className="check-list check-list-scroll">
          {sortByStart(sessions).map((s) => (
            <Checkbox
              key={s._id}
              label={sessionLabel(s, dateFormat)}
              checked={selected.includes(s._id ?? '')}
              onChange={(on) =>
                onChange(on ? [...selected, s._id ?? ''] : selected.filter((id) => id !== s._id))
              }
            />
          ))}
          {sessions.length === 0 ? <p className="muted">Add sessions first.</p> : null}
        </div>
      )}
    </FormField>
  );
}

const hhmm = (c: { hours?: unknown; minutes?: unknown } | null | undefined) =>
  c && c.hours !== null && c.hours !== undefined && c.hours !== ''
    ? `${String(c.hours).padStart(2, '0')}:${String(c.minutes ?? 0).padStart(2, '0')}`
    : '';
const clock = (value: string) => {
  if (!value) return null;
  const [hours, minutes] = value.split(':');
  return { hours: Number(hours), minutes: Number(minutes) };
};

/**
 * Add or edit a ticket. A saved ticket keeps its type and subscription plan
 * (docs/rules/editing-and-states.md); advanced options start open when a limit, time override or
 * session restriction is set.
 */
export function TicketDialog({
  dialog,
  ticket,
  savedTicket,
  otherPlans,
  usedElsewhere = {},
  plans,
  sessions,
  currency,
  dateFormat,
  onSave,
}: {
  dialog: ModalControls;
  ticket: TicketValues | null;
  /** The stored ticket this one edits, when it has been saved. */
  savedTicket: { type: string; subscriptionPlan: string | null } | null;
  /** Plans this ticket may not take: used by another ticket of this group or of another group. */
  otherPlans: string[];
  /** Plan id → the ticket and group of another activity using it, to name in the select. */
  usedElsewhere?: Record<string, string>;
  plans: SubscriptionPlan[];
  sessions: SessionValues[];
  currency: string;
  dateFormat: string;
  onSave: (ticket: TicketValues) => void;
}) {
  const formatMoney = useMoney();
  const [values, setValues] = useState<TicketValues>(() => ({
    _id: ticket?._id ?? null,
    type: ticket?.type ?? 'all',
    name: ticket?.name ?? '',
    price: text(ticket?.price),
    shouldProRata: ticket?.shouldProRata ?? false,
    placeLimit: text(ticket?.placeLimit),
    restrictSessions: ticket?.restrictSessions ?? false,
    sessionsCanBeUsedFor: ticket?.sessionsCanBeUsedFor ?? [],
    subscriptionPlan: ticket?.subscriptionPlan ?? null,
    allowMidMonthBookings: ticket?.allowMidMonthBookings ?? false,
    coverFeePerSession: text(ticket?.coverFeePerSession),
    overrideTimeDisplay: ticket?.overrideTimeDisplay ?? false,
    timeDisplay: ticket?.timeDisplay ?? null,
    enabled: ticket?.enabled ?? true,
    trial: ticket?.trial ?? false,
  }));
  const [advanced, setAdvanced] = useState(() => ticketAdvancedOptionsOpen(values));
  const [tried, setTried] = useState(false);
  const set = (patch: Partial<TicketValues>) => setValues((current) => ({ ...current, ...patch }));
  const schema = createTicketSchema({
    usedSubscriptionPlanIds: otherPlans,
    saved: savedTicket
      ? { type: savedTicket.type as TicketType, subscriptionPlan: savedTicket.subscriptionPlan }
      : null,
  });
  const errors: Errors = tried ? errorsOf(schema, values) : {};
  const show = ticketVisibleFields(values);
  const locked = !!savedTicket;
  const planLocked = locked && savedTicket?.type === 'subscription';

  const save = () => {
    setTried(true);
    const found = errorsOf(schema, values);
    if (Object.keys(found).length) {
      // A problem inside the advanced options must be visible to be fixed.
      if (Object.keys(found).some((k) => /placeLimit|timeDisplay|sessionsCanBeUsedFor/.test(k)))
        setAdvanced(true);
      return;
    }
    dialog.confirm(() => onSave({ ...values, _id: values._id ?? tempId() }));
  };

  return (
    <Modal
      {...dialog.modalProps}
      size="lg"
      title={ticket ? 'Edit ticket' : 'Add new ticket'}
      footer={
        <>
          <Button variant="secondary" onClick={dialog.cancel}>
            Cancel
          </Button>
          <Button onClick={save}>Save ticket</Button>
        </>
      }
    >
      <div className="form">
        <TicketTour currency={currency} />
        <div className="form-row">
          <SelectField
            label="Ticket type"
            required
            value={values.type ?? ''}
            disabled={locked}
            error={errors.type}
            hint={locked ? 'The type cannot be changed once the ticket has been saved.' : undefined}
            onChange={(e) => set({ type: e.target.value })}
            options={[
              { value: 'all', label: 'All sessions' },
              { value: 'single', label: 'Single session' },
              { value: 'subscription', label: 'Subscription' },
            ]}
          />
          <TextField
            label="Ticket name"
            required
            value={values.name ?? ''}
            error={errors.name}
            placeholder={values.type === 'single' ? 'Pay as you go' : 'Full term'}
            onChange={(e) => set({ name: e.target.value })}
          />
        </div>
        <MoneyField
          label={values.type === 'subscription' ? 'Monthly price' : 'Price'}
          required
          value={text(values.price)}
          error={errors.price}
          currency={currency}
          hint={values.type === 'single' ? 'Per session.' : undefined}
          onChange={(price) => set({ price })}
        />
        {show.shouldProRata ? (
          <Checkbox
            label="Price on a pro rata basis"
            hint="Parents who book after the first session pay only for the sessions that remain."
            checked={values.shouldProRata === true}
            onChange={(shouldProRata) => set({ shouldProRata })}
          />
        ) : null}
        {show.trial ? (
          <Checkbox
            label="Trial ticket"
            hint="One session at this price, once per child on this activity. After the session the parent is e-mailed an offer for the rest of the term."
            checked={values.trial === true}
            onChange={(trial) => set({ trial })}
          />
        ) : null}
        {show.subscriptionPlan ? (
          <SelectField
            label="Subscription plan"
            required
            value={values.subscriptionPlan ?? ''}
            disabled={planLocked}
            error={errors.subscriptionPlan}
            onChange={(e) => set({ subscriptionPlan: e.target.value || null })}
            options={[
              { value: '', label: 'Select subscription plan for ticket' },
              ...plans.map((p) => ({
                value: p._id,
                label: `${p.name} (${formatMoney(p.amount, currency)} a month)${
                  usedElsewhere[p._id] && p._id !== savedTicket?.subscriptionPlan
                    ? `: used by ${usedElsewhere[p._id]}`
                    : ''
                }`,
              })),
            ]}
          />
        ) : null}
        {show.allowMidMonthBookings ? (
          <Checkbox
            label="Allow mid-month bookings"
            checked={values.allowMidMonthBookings === true}
            onChange={(allowMidMonthBookings) => set({ allowMidMonthBookings })}
          />
        ) : null}
        {show.coverFeePerSession ? (
          <MoneyField
            label="Cover fee per session"
            required
            value={text(values.coverFeePerSession)}
            error={errors.coverFeePerSession}
            currency={currency}
            hint="Charged for each remaining session of the month a parent joins in."
            onChange={(coverFeePerSession) => set({ coverFeePerSession })}
          />
        ) : null}
        <details
          className="advanced"
          open={advanced}
          onToggle={(e) => setAdvanced((e.target as HTMLDetailsElement).open)}
        >
          <summary>Advanced options</summary>
          <div className="form">
            <TextField
              label="Ticket limit"
              type="number"
              min={1}
              value={text(values.placeLimit)}
              error={errors.placeLimit}
              hint="The most tickets of this kind that can be sold. Leave blank for no limit."
              onChange={(e) => set({ placeLimit: e.target.value })}
            />
            {show.overrideTimeDisplay ? (
              <Checkbox
                label="Show different times for this ticket"
                checked={values.overrideTimeDisplay === true}
                onChange={(overrideTimeDisplay) => set({ overrideTimeDisplay })}
              />
            ) : null}
            {show.timeDisplay ? (
              <div className="form-row">
                <TextField
                  label="Start time"
                  type="time"
                  required
                  value={hhmm(values.timeDisplay?.start)}
                  error={errors['timeDisplay.start']}
                  onChange={(e) =>
                    set({
                      timeDisplay: { start: clock(e.target.value), end: values.timeDisplay?.end },
                    })
                  }
                />
                <TextField
                  label="End time"
                  type="time"
                  required
                  value={hhmm(values.timeDisplay?.end)}
                  error={errors['timeDisplay.end']}
                  onChange={(e) =>
                    set({
                      timeDisplay: { start: values.timeDisplay?.start, end: clock(e.target.value) },
                    })
                  }
                />
              </div>
            ) : null}
            <Checkbox
              label="Restrict the sessions this ticket can be used for"
              checked={values.restrictSessions === true}
              onChange={(restrictSessions) => set({ restrictSessions })}
            />
            {show.sessionsCanBeUsedFor ? (
              <SessionPicker
                sessions={sessions}
                selected={values.sessionsCanBeUsedFor ?? []}
                dateFormat={dateFormat}
                error={errors.sessionsCanBeUsedFor}
                onChange={(sessionsCanBeUsedFor) => set({ sessionsCanBeUsedFor })}
              />
            ) : null}
          </div>
        </details>
      </div>
    </Modal>
  );
}

/** Add or edit an add-on (charged once per session it is booked for). */
export function AddOnDialog({
  dialog,
  addOn,
  sessions,
  currency,
  dateFormat,
  onSave,
}: {
  dialog: ModalControls;
  addOn: AddOnValues | null;
  sessions: SessionValues[];
  currency: string;
  dateFormat: string;
  onSave: (addOn: AddOnValues) => void;
}) {
  const [values, setValues] = useState<AddOnValues>(() => ({
    _id: addOn?._id ?? null,
    name: addOn?.name ?? '',
    price: text(addOn?.price),
    restrictSessions: addOn?.restrictSessions ?? false,
    sessionsCanBeUsedFor: addOn?.sessionsCanBeUsedFor ?? [],
    enabled: addOn?.enabled ?? true,
  }));
  const [tried, setTried] = useState(false);
  const errors: Errors = tried ? errorsOf(addOnSchema, values) : {};
  const set = (patch: Partial<AddOnValues>) => setValues((current) => ({ ...current, ...patch }));
  const save = () => {
    setTried(true);
    if (Object.keys(errorsOf(addOnSchema, values)).length) return;
    dialog.confirm(() => onSave({ ...values, _id: values._id || tempId() }));
  };
  return (
    <Modal
      {...dialog.modalProps}
      title={addOn ? 'Edit add-on' : 'Add new add-on'}
      footer={
        <>
          <Button variant="secondary" onClick={dialog.cancel}>
            Cancel
          </Button>
          <Button onClick={save}>Save add-on</Button>
        </>
      }
    >
      <div className="form">
        <TextField
          label="Add-on name"
          required
          value={values.name ?? ''}
          error={errors.name}
          placeholder="Lunch club"
          onChange={(e) => set({ name: e.target.value })}
        />
        <MoneyField
          label="Price"
          required
          value={text(values.price)}
          error={errors.price}
          currency={currency}
          hint="Charged for each session it is booked for."
          onChange={(price) => set({ price })}
        />
        <Checkbox
          label="Restrict the sessions this add-on can be used for"
          checked={values.restrictSessions === true}
          onChange={(restrictSessions) => set({ restrictSessions })}
        />
        {values.restrictSessions ? (
          <SessionPicker
            sessions={sessions}
            selected={values.sessionsCanBeUsedFor ?? []}
            dateFormat={dateFormat}
            error={errors.sessionsCanBeUsedFor}
            onChange={(sessionsCanBeUsedFor) => set({ sessionsCanBeUsedFor })}
          />
        ) : null}
      </div>
    </Modal>
  );
}
