import { stringify } from 'csv-stringify/sync';

/** One column of an export: its header and how a row gives its cell. */
export interface CsvColumn<T> {
  header: string;
  cell: (row: T) => string | number | null | undefined;
}

/** Rows are read and written this many at a time, so an export of any size holds one batch. */
export const EXPORT_BATCH = 200;

/**
 * Excel reads a CSV as UTF-8 only when it starts with this byte-order mark; without it 'Zoë'
 * shows as 'ZoÃ«'.
 */
export const UTF8_BOM = '\uFEFF';

/**
 * One batch of rows as CSV text (with the header line when `header` is true). Cells starting with
 * = + - @, a tab or a carriage return are prefixed with ' (csv-stringify's escape_formulas), so
 * a parent's name typed as '=HYPERLINK(…)' is shown as text, never run as a formula; numbers
 * (refunds are negative) are left as numbers.
 *
 * @example csvLines([{ n: 'Ivy' }], [{ header: 'Name', cell: (r) => r.n }], true) // 'Name\r\nIvy\r\n'
 */
export function csvLines<T>(rows: T[], columns: CsvColumn<T>[], header: boolean): string {
  return stringify(
    rows.map((row) => columns.map((c) => c.cell(row) ?? '')),
    {
      header,
      columns: columns.map((c) => c.header),
      escape_formulas: true,
      record_delimiter: 'windows',
    },
  );
}

/**
 * Money in minor units as the decimal number a spreadsheet sums: 1250 GBP is 12.5.
 *
 * @example majorUnits(-1250, 'GBP') // -12.5
 */
export function majorUnits(minor: number, currency: string): number {
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  return minor / 10 ** digits;
}

/**
 * Reads a keyset-paged source to the end, a batch at a time: `page(after)` answers the rows
 * after the last id seen, in id order.
 *
 * @example for await (const rows of batches((after) => readPayments(db, clientId, after))) write(rows);
 */
export async function* batches<T extends { id: string }>(
  page: (after: string | null) => Promise<T[]>,
): AsyncGenerator<T[]> {
  let after: string | null = null;
  for (;;) {
    const rows = await page(after);
    if (rows.length) yield rows;
    if (rows.length < EXPORT_BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}
