/*
 * Reads and writes of the cancellation rules screen. The list shares its cache key with the
 * activity wizard's Settings step, so a rule saved here is offered there at once.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { describeFailure } from '../../../../api-client/index.ts';
import { api, queryClient } from '../../api.ts';
import { activityKeys } from '../activities/queries.ts';

/** A rule as GET /api/cancellation-rules answers (fee in minor units). */
export interface CancellationRule {
  _id: string;
  name: string;
  sessionScope: string;
  cancellationWindow: { amount: number; unit: string };
  config: {
    percentageToRefund: number;
    fee: number;
    refundMethods: string[];
    accountCreditExpiry: { amount: number | null; unit: string } | null;
  };
  enabled: boolean;
  activityGroups: string[];
}

export function useCancellationRuleList() {
  return useQuery({
    queryKey: activityKeys.cancellationRules,
    queryFn: () => api.get<CancellationRule[]>('/api/cancellation-rules'),
  });
}

const forgetRules = () =>
  queryClient.invalidateQueries({ queryKey: activityKeys.cancellationRules });

/** POST /api/cancellation-rules, or PUT /api/cancellation-rules/{id} for an edit. */
export function useSaveCancellationRule() {
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | null; body: unknown }) =>
      id
        ? describeFailure(api.put<CancellationRule>(`/api/cancellation-rules/${id}`, body), {
            prefix: 'Failed to save cancellation rule',
            bare: 'Failed to save cancellation rule.',
          })
        : describeFailure(api.post<CancellationRule>('/api/cancellation-rules', body), {
            prefix: 'Failed to create cancellation rule',
            bare: 'Failed to create cancellation rule.',
          }),
    onSuccess: forgetRules,
  });
}

export function useDeleteCancellationRule() {
  return useMutation({
    mutationFn: (id: string) =>
      describeFailure(api.delete<{ success: boolean }>(`/api/cancellation-rules/${id}`), {
        prefix: 'Failed to delete cancellation rule',
        bare: 'Failed to delete cancellation rule.',
      }),
    onSuccess: forgetRules,
  });
}
