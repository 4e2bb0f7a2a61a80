import type { ReactNode } from 'react';
import { EmptyState, NO_RESULTS } from './EmptyState.tsx';

/** docs/rules/constants.md: "Table skeleton 5 rows" while a table's data loads. */
export const SKELETON_ROWS = 5;

export interface Column<Row> {
  /** Stable key of the column (React key and test hook). */
  key: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** A CSS width such as '30%' or '8rem'; the rest share what is left. */
  width?: string;
  /** Hidden below the sm breakpoint (768 px) so narrow screens keep the essential columns. */
  hideOnMobile?: boolean;
}

export interface TableProps<Row> {
  columns: Column<Row>[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  /** Shows exactly SKELETON_ROWS placeholder rows instead of the rows. */
  loading?: boolean;
  /** Shown in one full-width row when there are no rows; default 'No results found'. */
  emptyText?: ReactNode;
  /** Dims a row (docs/rules/editing-and-states.md: disabled items are shown dimmed). */
  isRowDimmed?: (row: Row) => boolean;
  /** Names the table for screen readers; shown only to them. */
  caption: string;
}

function cellClass<Row>(column: Column<Row>) {
  return [
    column.align && column.align !== 'left' ? `align-${column.align}` : '',
    column.hideOnMobile ? 'hide-mobile' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * The one data table of the dashboard: skeleton rows while loading, an empty state, dimmed
 * disabled rows, and columns that render anything (links, badges, row actions).
 *
 * @example
 * <Table caption="Sessions" rows={sessions} rowKey={(s) => s._id} loading={isPending}
 *   columns={[{ key: 'date', header: 'Date', render: (s) => s.date }]} />
 */
export function Table<Row>({
  columns,
  rows,
  rowKey,
  loading = false,
  emptyText = NO_RESULTS,
  isRowDimmed,
  caption,
}: TableProps<Row>) {
  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: SKELETON_ROWS }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
      <tr key={index} className="skeleton-row" data-testid="skeleton-row">
        {columns.map((column) => (
          <td key={column.key} className={cellClass(column)}>
            <span className="skeleton" />
          </td>
        ))}
      </tr>
    ));
  } else if (!rows || rows.length === 0) {
    body = (
      <tr>
        <td colSpan={columns.length} className="table-empty">
          <EmptyState title={emptyText} />
        </td>
      </tr>
    );
  } else {
    body = rows.map((row) => (
      <tr key={rowKey(row)} className={isRowDimmed?.(row) ? 'is-dimmed' : undefined}>
        {columns.map((column) => (
          <td key={column.key} className={cellClass(column)}>
            {column.render(row)}
          </td>
        ))}
      </tr>
    ));
  }

  return (
    <div className="table-wrap">
      <table className="table" aria-busy={loading || undefined}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={cellClass(column)}
                style={column.width ? { width: column.width } : undefined}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </table>
    </div>
  );
}
