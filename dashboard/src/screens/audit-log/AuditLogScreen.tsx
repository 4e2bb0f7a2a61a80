import { useState } from 'react';
import { AUDIT_SUBJECT_TYPES, type AuditSubjectType } from '../../../../engine/data-rights.ts';
import { Card } from '../../components/Card.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { AuditEntries } from './AuditEntries.tsx';
import './audit-log.css';

const PAGE_SIZE = 20;

const SUBJECT_LABELS: Record<AuditSubjectType, string> = {
  booking: 'Bookings',
  refund: 'Refunds',
  customer: 'Customers',
  settings: 'Settings',
};

/**
 * Audit log (admins only): who did what to bookings, refunds, customers and settings, newest
 * first, filtered by what it was done to (docs/rules/data-rights.md).
 */
export function AuditLogScreen() {
  const [subjectType, setSubjectType] = useState<AuditSubjectType | ''>('');
  const [page, setPage] = useState(1);
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Who did what to bookings, refunds, customers and settings, newest first."
      />
      <Card flush>
        <div className="toolbar">
          <label className="audit-filter">
            <span>Show</span>
            <select
              className="input"
              value={subjectType}
              onChange={(e) => {
                setSubjectType(e.target.value as AuditSubjectType | '');
                setPage(1);
              }}
            >
              <option value="">Everything</option>
              {AUDIT_SUBJECT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {SUBJECT_LABELS[t]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <AuditEntries
          filters={{ subjectType }}
          page={page}
          pageSize={PAGE_SIZE}
          onPageChange={setPage}
        />
      </Card>
    </>
  );
}
