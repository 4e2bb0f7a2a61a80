import { useRef, useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { type DownloadProgress, downloadCsv } from './download.ts';
import './csv-export.css';

const size = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(bytes < 10_240 ? 1 : 0)} KB`;

/**
 * 'Export CSV' for a list: downloads what the list's filters select, showing rows and bytes as
 * they arrive (a large export streams for a while), with a way to stop it.
 *
 * @example <CsvExportButton path={`/api/exports/bookings.csv?${query}`} />
 */
export function CsvExportButton({ path, label = 'Export CSV' }: { path: string; label?: string }) {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [result, setResult] = useState<{ tone: 'done' | 'error'; text: string } | null>(null);
  const abort = useRef<AbortController | null>(null);

  const start = async () => {
    abort.current = new AbortController();
    setResult(null);
    setProgress({ bytes: 0, rows: 0 });
    let last: DownloadProgress = { bytes: 0, rows: 0 };
    try {
      const name = await downloadCsv(
        path,
        (p) => {
          last = p;
          setProgress(p);
        },
        abort.current.signal,
      );
      setResult({
        tone: 'done',
        text: `Downloaded ${name}: ${last.rows} rows, ${size(last.bytes)}.`,
      });
    } catch (error) {
      const stopped = (error as Error).name === 'AbortError';
      setResult({ tone: 'error', text: stopped ? 'Export stopped.' : (error as Error).message });
    } finally {
      setProgress(null);
      abort.current = null;
    }
  };

  return (
    <span className="csv-export">
      {progress ? (
        <Button variant="secondary" onClick={() => abort.current?.abort()}>
          Stop export
        </Button>
      ) : (
        <Button variant="secondary" onClick={start}>
          {label}
        </Button>
      )}
      <span className="detail-note" role="status" aria-live="polite">
        {progress
          ? `Downloading… ${progress.rows} rows, ${size(progress.bytes)} received`
          : result?.text}
      </span>
    </span>
  );
}
