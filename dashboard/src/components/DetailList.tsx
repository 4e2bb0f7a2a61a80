import type { ReactNode } from 'react';

export interface Detail {
  label: string;
  value: ReactNode;
  /** Smaller explanation under the value. */
  note?: ReactNode;
}

/**
 * Label and value pairs in two columns (one on phones), as a description list.
 *
 * @example <DetailList items={[{ label: 'Currency', value: 'GBP' }]} />
 */
export function DetailList({ items }: { items: readonly Detail[] }) {
  return (
    <dl className="detail-list">
      {items.map((item) => (
        <div key={item.label} className="detail-item">
          <dt>{item.label}</dt>
          <dd>
            <span className="detail-value">{item.value}</span>
            {item.note ? <span className="detail-note">{item.note}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
