/*
 * Reads and writes of the activity screens (issue 4): venues, one group, its sales, the plans and
 * cancellation rules the wizard offers. Failures carry docs/rules/forms-and-messages.md texts where
 * it names them.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { SalesDto } from '../../../../api/services/sales.ts';
import { type ActivityGroup, describeFailure } from '../../../../api-client/index.ts';
import { api, queryClient, queryKeys } from '../../api.ts';

export type { SalesDto as Sales };

export interface Venue {
  _id: string;
  name: string;
  address: {
    address1: string | null;
    address2: string | null;
    city: string | null;
    state: string | null;
    postalCode: string | null;
  };
  enabled: boolean;
}

export interface SubscriptionPlan {
  _id: string;
  name: string;
  amount: number;
  enabled: boolean;
  /** The ticket using this plan (one ticket per plan, across every group), if any. */
  usedByTicket: { _id: string; name: string; activityGroup: { _id: string; name: string } } | null;
}

export interface CancellationRuleSummary {
  _id: string;
  name: string;
  sessionScope: string;
  cancellationWindow: { amount: number; unit: string };
  config: { percentageToRefund: number };
  enabled: boolean;
  activityGroups: string[];
}

export interface GroupFilters {
  search?: string;
  venue?: string;
  enabled?: boolean;
  /** true: archived groups only (they are otherwise left out). */
  archived?: boolean;
  /** Activity field id → chosen option (or venue) id, for fields used for admin filtering. */
  fields?: Record<string, string>;
}

export const activityKeys = {
  venues: ['venues'] as const,
  group: (id: string) => ['activity-groups', 'one', id] as const,
  sales: (id: string, scope: string) => ['activity-groups', 'sales', id, scope] as const,
  filtered: (filters: GroupFilters) => [...queryKeys.activityGroups, filters] as const,
  plans: ['subscription-plans'] as const,
  cancellationRules: ['cancellation-rules'] as const,
};

/** GET /api/activity-groups/full-list?filters={json}: the admin list, filtered on the server. */
export function useFilteredActivityGroups(filters: GroupFilters) {
  const active = Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''),
  );
  const query = Object.keys(active).length
    ? `?filters=${encodeURIComponent(JSON.stringify(active))}`
    : '';
  return useQuery({
    queryKey: activityKeys.filtered(active),
    queryFn: () => api.get<ActivityGroup[]>(`/api/activity-groups/full-list${query}`),
  });
}

export function useActivityGroup(id: string | undefined) {
  return useQuery({
    queryKey: activityKeys.group(id ?? ''),
    queryFn: () => api.get<ActivityGroup>(`/api/activity-groups/${id}`),
    enabled: !!id,
    staleTime: 0,
  });
}

const SALES_PATHS = {
  active: 'sales',
  cancelled: 'sales-including-cancelled',
  waitlist: 'sales-including-waitlist-entries',
} as const;

/** GET /api/activity-groups/{id}/sales (and the two wider scopes). */
export function useSales(id: string | undefined, scope: keyof typeof SALES_PATHS = 'active') {
  return useQuery({
    queryKey: activityKeys.sales(id ?? '', scope),
    queryFn: () => api.get<SalesDto>(`/api/activity-groups/${id}/${SALES_PATHS[scope]}`),
    enabled: !!id,
    staleTime: 0,
  });
}

export function useVenues() {
  return useQuery({
    queryKey: activityKeys.venues,
    queryFn: () => api.get<Venue[]>('/api/venues'),
  });
}

export function useSubscriptionPlans() {
  return useQuery({
    queryKey: activityKeys.plans,
    queryFn: () => api.get<SubscriptionPlan[]>('/api/subscription-plans'),
  });
}

export function useCancellationRules() {
  return useQuery({
    queryKey: activityKeys.cancellationRules,
    queryFn: () => api.get<CancellationRuleSummary[]>('/api/cancellation-rules'),
  });
}

/** Everything cached about groups is stale after a save (lists, the group, its sales). */
export const forgetGroups = () => queryClient.invalidateQueries({ queryKey: ['activity-groups'] });

/** POST /api/activity-groups or PUT /api/activity-groups/{id} with the whole group. */
export function useSaveActivityGroup(id: string | undefined) {
  return useMutation({
    mutationFn: (body: unknown) =>
      id
        ? describeFailure(api.put<ActivityGroup>(`/api/activity-groups/${id}`, body), {
            prefix: 'Failed to save activity',
            bare: 'Failed to save activity.',
          })
        : describeFailure(api.post<ActivityGroup>('/api/activity-groups', body), {
            prefix: 'Failed to create activity',
            bare: 'Failed to create activity.',
          }),
    onSuccess: async (group) => {
      queryClient.setQueryData(activityKeys.group(group._id), group);
      await forgetGroups();
    },
  });
}

/**
 * POST /api/venues (docs/api/calls.md: reads 201 and data._id, refreshes the cached venues) or PUT
 * for an edit. Failures read 'Failed to create venue: {message}'
 * (docs/rules/forms-and-messages.md).
 */
export function useSaveVenue() {
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | null; body: unknown }) =>
      id
        ? describeFailure(api.put<Venue>(`/api/venues/${id}`, body), {
            prefix: 'Failed to save venue',
            bare: 'Failed to save venue.',
          })
        : describeFailure(api.post<Venue>('/api/venues', body), {
            prefix: 'Failed to create venue',
            bare: 'Failed to create venue.',
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityKeys.venues }),
  });
}

export function useDeleteVenue() {
  return useMutation({
    mutationFn: (id: string) =>
      describeFailure(api.delete<{ success: boolean }>(`/api/venues/${id}`), {
        prefix: 'Failed to delete venue',
        bare: 'Failed to delete venue.',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityKeys.venues }),
  });
}
