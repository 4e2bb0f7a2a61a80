/*
 * Reads and writes of the Home tabs screen. The list shares its cache key with the Embed code
 * screen, which offers each enabled tab as a starting view.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { describeFailure, type HomeTab } from '../../../../api-client/index.ts';
import { api, queryClient } from '../../api.ts';

export type { HomeTab };

export const homeTabKeys = { list: ['home-tabs'] as const };

export function useHomeTabs() {
  return useQuery({
    queryKey: homeTabKeys.list,
    queryFn: () => api.get<HomeTab[]>('/api/home-tabs'),
  });
}

const forgetTabs = () => queryClient.invalidateQueries({ queryKey: homeTabKeys.list });

/** POST /api/home-tabs, or PUT /api/home-tabs/{id} for an edit. */
export function useSaveHomeTab() {
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | null; body: unknown }) =>
      id
        ? describeFailure(api.put<HomeTab>(`/api/home-tabs/${id}`, body), {
            prefix: 'Failed to save tab',
            bare: 'Failed to save tab.',
          })
        : describeFailure(api.post<HomeTab>('/api/home-tabs', body), {
            prefix: 'Failed to create tab',
            bare: 'Failed to create tab.',
          }),
    onSuccess: forgetTabs,
  });
}

export function useDeleteHomeTab() {
  return useMutation({
    mutationFn: (id: string) =>
      describeFailure(api.delete<{ success: boolean }>(`/api/home-tabs/${id}`), {
        prefix: 'Failed to delete tab',
        bare: 'Failed to delete tab.',
      }),
    onSuccess: forgetTabs,
  });
}
