import type { MarkKind } from '../../../../engine/index.ts';
import { Badge } from '../../components/Badge.tsx';
import { stateText } from './lib.ts';
import type { RegisterRowDto } from './queries.ts';
import type { Shown } from './RegisterScreen.tsx';

const ATTENDANCE: { kind: MarkKind; label: string }[] = [
  { kind: 'present', label: 'Present' },
  { kind: 'late', label: 'Late' },
  { kind: 'absent', label: 'Absent' },
];

/**
 * One child on the register: who they are, the flags staff must see before anything else, the
 * parent to call, the money, and buttons big enough for a thumb. The current attendance is
 * pressed; tapping another one corrects it.
 */
export function RegisterRow({
  shown: { row, state, waiting },
  timeZone,
  money,
  onMark,
  onCheckOut,
}: {
  shown: Shown;
  timeZone: string;
  money: (minor: number) => string;
  onMark: (kind: MarkKind) => void;
  onCheckOut: () => void;
}) {
  const name = row.attendee.name;
  const isIn =
    (state.attendance === 'present' || state.attendance === 'late') && !state.checkedOutAt;
  return (
    <li
      className="register-child"
      data-state={state.attendance ?? 'unmarked'}
      data-out={state.checkedOutAt ? '' : undefined}
    >
      <div className="register-child-head">
        <p className="register-child-name">
          {name}
          {row.attendee.age !== null ? (
            <span className="register-child-age">age {row.attendee.age}</span>
          ) : null}
          {row.makeUp ? <Badge tone="info">Make-up</Badge> : null}
        </p>
        <p className="register-child-state" data-testid="child-state">
          {stateText(state, timeZone)}
          {waiting > 0 ? <Badge tone="warning">Not sent yet</Badge> : null}
        </p>
      </div>
      {row.flags.length > 0 ? (
        <ul className="register-flags" aria-label={`Safeguarding notes for ${name}`}>
          {row.flags.map((f) => (
            <li key={f.field}>
              <span className="register-flag-title">{f.title}:</span> {f.value}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="register-child-detail">
        {row.ticket}
        {row.addOns.length ? ` + ${row.addOns.join(', ')}` : ''}
      </p>
      <p className="register-child-detail">
        {row.parent.name}
        {row.parent.phone ? (
          <>
            {' · '}
            <a href={`tel:${row.parent.phone.replace(/[^+\d]/g, '')}`}>{row.parent.phone}</a>
          </>
        ) : null}
        <MoneyBadge booking={row.booking} money={money} />
      </p>
      <fieldset className="register-actions">
        <legend className="visually-hidden">Mark {name}</legend>
        {ATTENDANCE.map(({ kind, label }) => (
          <button
            key={kind}
            type="button"
            className={`register-button register-${kind}`}
            aria-pressed={state.attendance === kind}
            // Tapping the current mark again would only add a duplicate to the trail.
            disabled={state.attendance === kind && !state.checkedOutAt}
            onClick={() => onMark(kind)}
          >
            {label}
            <span className="visually-hidden"> {name}</span>
          </button>
        ))}
        {isIn ? (
          <button type="button" className="register-button register-checkout" onClick={onCheckOut}>
            Check out<span className="visually-hidden"> {name}</span>
          </button>
        ) : null}
        {state.attendance ? (
          <button type="button" className="register-clear" onClick={() => onMark('cleared')}>
            Clear<span className="visually-hidden"> the mark of {name}</span>
          </button>
        ) : null}
      </fieldset>
    </li>
  );
}

/** Paid or owed; nothing for a coach, whose register carries no money. */
function MoneyBadge({
  booking,
  money,
}: {
  booking: RegisterRowDto['booking'];
  money: (minor: number) => string;
}) {
  if (booking.owed === undefined || booking.paid === undefined) return null;
  return (
    <>
      {' · '}
      {booking.owed > 0 ? (
        <Badge tone="danger">Owes {money(booking.owed)}</Badge>
      ) : (
        <Badge tone="success">Paid {money(booking.paid)}</Badge>
      )}
    </>
  );
}
