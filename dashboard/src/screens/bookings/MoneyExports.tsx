import { useState } from 'react';
import { Card } from '../../components/Card.tsx';
import { TextField } from '../../components/FormField.tsx';
import { CsvExportButton } from '../customers/CsvExportButton.tsx';

/**
 * The money side of exports for a date range (the organiser's days): every payment and refund,
 * and the bank-statement CSVs a bookkeeper imports into Xero or QuickBooks (docs/rules/exports.md).
 */
export function MoneyExports() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const range = new URLSearchParams();
  if (from) range.set('from', from);
  if (to) range.set('to', to);
  const path = (file: string, extra: Record<string, string> = {}) => {
    const query = new URLSearchParams({ ...extra, ...Object.fromEntries(range) }).toString();
    return `/api/exports/${file}${query ? `?${query}` : ''}`;
  };
  return (
    <Card title="Payments and accounting exports">
      <div className="money-exports">
        <TextField
          label="From"
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <TextField label="To" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      </div>
      <div className="money-exports">
        <CsvExportButton path={path('payments.csv')} label="Payments and refunds CSV" />
        <CsvExportButton path={path('accounting.csv', { format: 'xero' })} label="Xero CSV" />
        <CsvExportButton
          path={path('accounting.csv', { format: 'quickbooks' })}
          label="QuickBooks CSV"
        />
      </div>
    </Card>
  );
}
