import { bookingReference } from '../../../engine/index.ts';
import { type CsvColumn, majorUnits } from './csv.ts';
import type { MoneyLine } from './money.ts';

/** The payments and refunds CSV: every payment and refund, refunds negative. */
export const paymentColumns: CsvColumn<MoneyLine>[] = [
  { header: 'Date', cell: (m) => m.at },
  { header: 'Type', cell: (m) => (m.kind === 'payment' ? 'Payment' : 'Refund') },
  { header: 'Status', cell: (m) => m.status },
  { header: 'Amount', cell: (m) => majorUnits(m.amount, m.currency) },
  { header: 'Currency', cell: (m) => m.currency },
  { header: 'Method', cell: (m) => m.method },
  { header: 'Customer', cell: (m) => m.customer },
  { header: 'Email', cell: (m) => m.email },
  { header: 'Booking number', cell: (m) => (m.bookingId ? bookingReference(m.bookingId) : '') },
  { header: 'Provider reference', cell: (m) => m.reference ?? '' },
  { header: 'Reason', cell: (m) => m.reason ?? '' },
  // Known once Stripe has reported it; empty for other methods and refunds.
  { header: 'Stripe fee', cell: (m) => (m.fee ? majorUnits(m.fee, m.currency) : '') },
];
