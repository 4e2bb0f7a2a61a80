import { stateText } from './lib.ts';
import type { Shown } from './RegisterScreen.tsx';

/**
 * The register on paper: hidden on screen, the only thing printed (registers.css @media print),
 * one page per session with a column to tick or sign by hand.
 */
export function PrintRegister({
  title,
  when,
  shown,
  timeZone,
  money,
  absent = [],
}: {
  title: string;
  when: string;
  shown: Shown[];
  timeZone: string;
  money: (minor: number) => string;
  /** Children reported absent ahead of the session (docs/rules/make-ups.md). */
  absent?: string[];
}) {
  // A coach's register has no money: no column for it.
  const withMoney = shown.some(({ row }) => row.booking.owed !== undefined);
  return (
    <section className="register-print" aria-hidden="true">
      <h1>Register: {title}</h1>
      <p>{when}</p>
      <table>
        <thead>
          <tr>
            <th>Child</th>
            <th>Age</th>
            <th>Ticket</th>
            <th>Parent</th>
            <th>Notes</th>
            {withMoney ? <th>Money</th> : null}
            <th>Marked</th>
            <th>Signed</th>
          </tr>
        </thead>
        <tbody>
          {shown.map(({ row, state }) => (
            <tr key={row.attendee._id}>
              <td>
                {row.attendee.name}
                {row.makeUp ? ' (make-up)' : ''}
              </td>
              <td>{row.attendee.age ?? ''}</td>
              <td>
                {row.ticket}
                {row.addOns.length ? ` + ${row.addOns.join(', ')}` : ''}
              </td>
              <td>
                {row.parent.name}
                {row.parent.phone ? <br /> : null}
                {row.parent.phone}
              </td>
              <td>
                {row.flags.map((f) => (
                  <div key={f.field}>
                    <strong>{f.title}:</strong> {f.value}
                  </div>
                ))}
              </td>
              {withMoney ? (
                <td>
                  {(row.booking.owed ?? 0) > 0 ? `Owes ${money(row.booking.owed ?? 0)}` : 'Paid'}
                </td>
              ) : null}
              <td>{state.attendance ? stateText(state, timeZone) : ''}</td>
              <td className="register-print-sign" />
            </tr>
          ))}
        </tbody>
      </table>
      {absent.length > 0 ? <p>Reported absent: {absent.join(', ')}</p> : null}
    </section>
  );
}
