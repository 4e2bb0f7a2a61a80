import { bookingReference, formatCivilDate, todayIn } from '../../../engine/index.ts';
import { type CsvColumn, majorUnits } from './csv.ts';
import type { MoneyLine } from './money.ts';

export const ACCOUNTING_FORMATS = ['xero', 'quickbooks'] as const;
export type AccountingFormat = (typeof ACCOUNTING_FORMATS)[number];

/** What the client's books need to know to write a line: its time zone and date format. */
export interface Books {
  timeZone: string;
  dateFormat: string;
}

const METHOD_NAMES: Record<string, string> = {
  stripe: 'card',
  childcareVoucher: 'childcare voucher',
  payLater: 'pay later',
  offline: 'offline payment',
};

/**
 * Whether a line is money that moved: a payment received, or a refund paid back. A failed or
 * pending payment moved nothing, and a refund as account credit stays with the organiser.
 */
export const movedMoney = (m: MoneyLine) =>
  m.status === 'succeeded' && !(m.kind === 'refund' && m.method === 'accountCredit');

/**
 * A payment Stripe took a fee from is two lines, as the bank sees them: the payment, then the
 * fee as money out to Stripe (docs/rules/exports.md).
 *
 * @example withFeeLine({ kind: 'payment', amount: 4550, fee: 88, … }) // [payment, { kind: 'fee', amount: -88, … }]
 */
export const withFeeLine = (m: MoneyLine): MoneyLine[] =>
  m.kind === 'payment' && m.fee
    ? [m, { ...m, id: `${m.id}-fee`, kind: 'fee', amount: -m.fee, fee: null }]
    : [m];

const day = (m: MoneyLine, books: Books) =>
  formatCivilDate(todayIn(new Date(m.at), books.timeZone), books.dateFormat);

const describe = (m: MoneyLine) => {
  const booking = m.bookingId ? ` for booking ${bookingReference(m.bookingId)}` : '';
  if (m.kind === 'fee') return `Stripe fee${booking}`;
  const what = m.kind === 'payment' ? 'Payment' : 'Refund';
  const method = METHOD_NAMES[m.method] ?? m.method;
  return `${what}${booking} (${method})`;
};

/**
 * The columns of each bank-statement format: Xero's precoded statement CSV (Date, Amount, Payee,
 * Description, Reference) and QuickBooks' 3-column one (Date, Description, Amount). Dates are
 * the organiser's day, in their date format, which is the one their books are set up with.
 */
export function accountingColumns(format: AccountingFormat, books: Books): CsvColumn<MoneyLine>[] {
  const date: CsvColumn<MoneyLine> = { header: 'Date', cell: (m) => day(m, books) };
  const amount: CsvColumn<MoneyLine> = {
    header: 'Amount',
    cell: (m) => majorUnits(m.amount, m.currency),
  };
  const description: CsvColumn<MoneyLine> = { header: 'Description', cell: describe };
  if (format === 'quickbooks') return [date, description, amount];
  return [
    date,
    amount,
    { header: 'Payee', cell: (m) => (m.kind === 'fee' ? 'Stripe' : m.customer) },
    description,
    { header: 'Reference', cell: (m) => (m.bookingId ? bookingReference(m.bookingId) : m.id) },
  ];
}
