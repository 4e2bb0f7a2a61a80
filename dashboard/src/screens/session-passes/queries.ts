/* Reads and writes of the Session passes screen (GET/POST/PUT/DELETE /api/session-passes). */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { SessionPassDto } from '../../../../api/services/session-passes.ts';
import { describeFailure } from '../../../../api-client/index.ts';
import { api, queryClient } from '../../api.ts';

export type SessionPass = SessionPassDto;
export type PurchaseOption = SessionPassDto['purchaseOptions'][number];

export const passKeys = { list: ['session-passes'] as const };

export function useSessionPasses() {
  return useQuery({
    queryKey: passKeys.list,
    queryFn: () => api.get<SessionPass[]>('/api/session-passes'),
  });
}

const forgetPasses = () => queryClient.invalidateQueries({ queryKey: passKeys.list });

/** POST /api/session-passes, or PUT /api/session-passes/{id} for an edit. */
export function useSaveSessionPass() {
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | null; body: unknown }) =>
      id
        ? describeFailure(api.put<SessionPass>(`/api/session-passes/${id}`, body), {
            prefix: 'Failed to save session pass',
            bare: 'Failed to save session pass.',
          })
        : describeFailure(api.post<SessionPass>('/api/session-passes', body), {
            prefix: 'Failed to create session pass',
            bare: 'Failed to create session pass.',
          }),
    onSuccess: forgetPasses,
  });
}

export function useDeleteSessionPass() {
  return useMutation({
    mutationFn: (id: string) =>
      describeFailure(api.delete<{ success: boolean }>(`/api/session-passes/${id}`), {
        prefix: 'Failed to delete session pass',
        bare: 'Failed to delete session pass.',
      }),
    onSuccess: forgetPasses,
  });
}

/** POST /api/session-passes/{id}/credits: an admin gives a customer credits of a pass. */
export function useGrantPassCredits() {
  return useMutation({
    mutationFn: ({ passId, body }: { passId: string; body: unknown }) =>
      describeFailure(
        api.post<{ userId: string; sessionPassId: string; balance: number }>(
          `/api/session-passes/${passId}/credits`,
          body,
        ),
        { prefix: 'Failed to give credits', bare: 'Failed to give credits.' },
      ),
  });
}
