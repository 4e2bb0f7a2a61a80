import type { RegisterDto, RegisterRowDto } from '../registers.ts';
import { type CsvColumn, majorUnits } from './csv.ts';

/**
 * A session's register as a CSV: each child with age, ticket, add-ons, parent and phone, paid and
 * owed, the safeguarding answers in one cell, and the marks made so far.
 */
export function registerColumns(register: RegisterDto): CsvColumn<RegisterRowDto>[] {
  const { session } = register;
  return [
    { header: 'Activity', cell: () => session.activityGroup.name },
    { header: 'Date', cell: () => session.date },
    { header: 'Start', cell: () => session.startTime },
    { header: 'Child', cell: (r) => r.attendee.name },
    { header: 'Age', cell: (r) => r.attendee.age ?? '' },
    { header: 'Ticket', cell: (r) => r.ticket },
    { header: 'Add-ons', cell: (r) => r.addOns.join('; ') },
    { header: 'Parent', cell: (r) => r.parent.name },
    { header: 'Phone', cell: (r) => r.parent.phone ?? '' },
    { header: 'Email', cell: (r) => r.parent.email },
    { header: 'Booking number', cell: (r) => r.booking.reference },
    { header: 'Paid', cell: (r) => majorUnits(r.booking.paid, r.booking.currency) },
    { header: 'Owed', cell: (r) => majorUnits(r.booking.owed, r.booking.currency) },
    {
      header: 'Safeguarding',
      cell: (r) => r.flags.map((f) => `${f.title}: ${f.value}`).join('; '),
    },
    { header: 'Attendance', cell: (r) => r.mark.attendance ?? '' },
    { header: 'Checked in', cell: (r) => r.mark.checkedInAt ?? '' },
    { header: 'Checked out', cell: (r) => r.mark.checkedOutAt ?? '' },
    { header: 'Collected by', cell: (r) => r.mark.collectedBy ?? '' },
  ];
}

/** The register's rows as the one batch a CSV download reads (a session holds few children). */
export async function* registerRows(register: RegisterDto) {
  yield register.rows;
}
