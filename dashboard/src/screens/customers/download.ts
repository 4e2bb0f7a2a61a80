/** How much of a download has arrived: bytes, and complete CSV records after the header. */
export interface DownloadProgress {
  bytes: number;
  rows: number;
}

/** The server's message of a refused download (`{ message }`), or a plain one. */
async function failure(response: Response): Promise<Error> {
  try {
    const body = (await response.json()) as { message?: string };
    if (body.message) return new Error(`Export failed: ${body.message}`);
  } catch {}
  return new Error(`Export failed (${response.status}).`);
}

/**
 * Downloads a streamed CSV export, reporting progress as it arrives, then saves it under the
 * server's file name. Records are counted at line ends outside quotes, so a note with a line
 * break inside a cell is still one row.
 *
 * @example await downloadCsv('/api/exports/bookings.csv', (p) => setProgress(p));
 */
export async function downloadCsv(
  path: string,
  onProgress: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<string> {
  const response = await fetch(path, { credentials: 'same-origin', signal });
  if (!response.ok || !response.body) throw await failure(response);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let lines = 0;
  let quoted = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.length;
    for (const byte of value) {
      if (byte === 0x22) quoted = !quoted;
      else if (byte === 0x0a && !quoted) lines += 1;
    }
    onProgress({ bytes, rows: Math.max(0, lines - 1) });
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    'export.csv';
  const url = URL.createObjectURL(
    new Blob(chunks as BlobPart[], { type: 'text/csv;charset=utf-8' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

/**
 * Downloads any file the API sends as an attachment (the customer data exports), under the
 * server's file name. Refusals read 'Export failed: {message}'.
 *
 * @example await downloadFile(`/api/customers/${id}/export.json`);
 */
export async function downloadFile(path: string): Promise<string> {
  const response = await fetch(path, { credentials: 'same-origin' });
  if (!response.ok) throw await failure(response);
  const blob = await response.blob();
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
