import { Button } from './Button.tsx';

/**
 * The 1-based first and last item numbers of a page, clamped to the total.
 *
 * @example pageRange({ page: 2, pageSize: 10, total: 15 }) // { from: 11, to: 15 }
 */
export function pageRange({ page, pageSize, total }: PageInfo): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = Math.min((page - 1) * pageSize + 1, total);
  return { from, to: Math.min(page * pageSize, total) };
}

/** Number of pages for a total (at least 1, so an empty list is "page 1 of 1"). */
export const pageCount = ({ pageSize, total }: Omit<PageInfo, 'page'>) =>
  Math.max(1, Math.ceil(total / pageSize));

/**
 * One page of an in-memory list, for screens whose API returns the whole list at once.
 *
 * @example pageOf(fields, 2, 10) // items 11 to 20
 */
export function pageOf<T>(items: readonly T[], page: number, pageSize: number): T[] {
  return items.slice((page - 1) * pageSize, page * pageSize);
}

export interface PageInfo {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
}

/**
 * docs/rules/screens.md: 'Showing x to y of z results' with Previous and Next, each disabled at its
 * end.
 *
 * @example <Pagination page={page} pageSize={10} total={data.total} onPageChange={setPage} />
 */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
}: PageInfo & { onPageChange: (page: number) => void }) {
  const { from, to } = pageRange({ page, pageSize, total });
  const last = pageCount({ pageSize, total });
  return (
    <nav className="pagination" aria-label="Pagination">
      <p className="pagination-summary" aria-live="polite">
        Showing <strong>{from}</strong> to <strong>{to}</strong> of <strong>{total}</strong> results
      </p>
      <div className="pagination-buttons">
        <Button
          variant="secondary"
          size="sm"
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          Previous
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={page >= last}
          onClick={() => onPageChange(page + 1)}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}
