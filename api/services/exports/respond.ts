import type { Context } from 'hono';
import { type CsvColumn, csvLines, UTF8_BOM } from './csv.ts';

/**
 * A CSV download streamed a batch at a time: the browser receives rows while later ones are
 * still being read, and the server never holds the whole export. The first batch is read before
 * answering, so a failing query is still an ordinary error response; a failure later aborts the
 * download (the browser sees it fail) rather than ending it as if complete. Reading stops when
 * the browser goes away.
 *
 * @example return csvDownload(c, 'bookings-2026-11-25.csv', bookingColumns, exportBookings(db, clientId, filters));
 */
export async function csvDownload<T>(
  c: Context,
  filename: string,
  columns: CsvColumn<T>[],
  source: AsyncGenerator<T[]>,
): Promise<Response> {
  const encoder = new TextEncoder();
  const first = await source.next();
  let header = true;
  const chunk = (rows: T[]) => {
    const text = csvLines(rows, columns, header);
    header = false;
    return encoder.encode(text);
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(UTF8_BOM));
      controller.enqueue(chunk(first.done ? [] : first.value));
      if (first.done) controller.close();
    },
    async pull(controller) {
      const next = await source.next();
      if (next.done) controller.close();
      else if (next.value.length) controller.enqueue(chunk(next.value));
    },
    async cancel() {
      await source.return(undefined);
    },
  });
  return c.body(body, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'no-store',
  });
}
