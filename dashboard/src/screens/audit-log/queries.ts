/*
 * Reads of the audit log (GET /api/audit-events, docs/rules/data-rights.md): the Audit log screen
 * pages through everything, a customer page asks for that customer's entries.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEventDto } from '../../../../api/services/audit.ts';
import type { AuditSubjectType } from '../../../../engine/data-rights.ts';
import { getPage } from '../customers/paged.ts';

export type { AuditEventDto };

export interface AuditFilters {
  subjectType?: AuditSubjectType | '';
  customerId?: string;
}

export const auditKeys = {
  all: ['audit-events'] as const,
  list: (filters: AuditFilters, page: number, limit: number) =>
    ['audit-events', filters, page, limit] as const,
};

/** @example useAuditEvents({ subjectType: 'booking' }, 1, 20) */
export function useAuditEvents(filters: AuditFilters, page: number, limit: number) {
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (filters.subjectType) params.set('subjectType', filters.subjectType);
  if (filters.customerId) params.set('customerId', filters.customerId);
  return useQuery({
    queryKey: auditKeys.list(filters, page, limit),
    queryFn: ({ signal }) => getPage<AuditEventDto>(`/api/audit-events?${params}`, signal),
    placeholderData: keepPreviousData,
  });
}
