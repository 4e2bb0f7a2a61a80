import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { WaitlistEntry } from '../../../../api-client/index.ts';
import { api, queryClient } from '../../api.ts';
import { getPage, pageQuery } from '../customers/paged.ts';

export interface WaitlistFilters {
  activityGroup?: string;
  user?: string;
  /** One status, or several (the active ones: Waiting, Pending, Ready). */
  status?: string | readonly string[];
}

/** GET /api/waitlists?page&limit&filters={json} (docs/api/calls.md), newest first. */
export function useWaitlistEntries(filters: WaitlistFilters, page: number, limit: number) {
  const path = `/api/waitlists?${pageQuery(page, limit, { ...filters })}`;
  return useQuery({
    queryKey: ['waitlists', path],
    queryFn: () => getPage<WaitlistEntry>(path),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** PUT /api/waitlists/{id}/status: moves an entry along the engine's transitions (→ Ready offers). */
export function useMoveWaitlistEntry() {
  return useMutation({
    mutationFn: ({ id, status, offerHours }: { id: string; status: string; offerHours?: number }) =>
      api.put<WaitlistEntry>(`/api/waitlists/${id}/status`, { status, offerHours }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['waitlists'] }),
  });
}
