/*
 * Reads and writes of the discounts screen. A failed create reads 'Failed to create discount
 * rule: {message}' or 'Failed to create discount rule.' (docs/rules/forms-and-messages.md), from
 * the engine's messages.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../../api-client/index.ts';
import { type DiscountRuleData, messages } from '../../../../engine/index.ts';
import { api, queryClient } from '../../api.ts';

export type DiscountRule = DiscountRuleData & { _id: string };

export const discountKeys = { rules: ['discount-rules'] as const };

export function useDiscountRules() {
  return useQuery({
    queryKey: discountKeys.rules,
    queryFn: () => api.get<DiscountRule[]>('/api/discount-rules'),
  });
}

/** Rethrows a failed call with `describe(reason)` as its message, keeping status and field errors. */
async function described<T>(call: Promise<T>, describe: (reason?: string | null) => string) {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError) {
      throw new ApiError(error.status, describe(error.reason), error.errors, error.reason);
    }
    throw new ApiError(0, describe(null));
  }
}

const saveFailure = (reason?: string | null) =>
  reason ? `Failed to save discount rule: ${reason}` : 'Failed to save discount rule.';

/**
 * POST /api/discount-rules (docs/api/calls.md: reads 201 and data._id, refreshes the cached rules),
 * or PUT /api/discount-rules/{id} for an edit or the Enabled toggle.
 */
export function useSaveDiscountRule() {
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | null; body: unknown }) =>
      id
        ? described(api.put<DiscountRule>(`/api/discount-rules/${id}`, body), saveFailure)
        : described(
            api.post<DiscountRule>('/api/discount-rules', body),
            messages.failedToCreateDiscountRule,
          ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountKeys.rules }),
  });
}

export function useDeleteDiscountRule() {
  return useMutation({
    mutationFn: (id: string) =>
      described(api.delete<{ success: boolean }>(`/api/discount-rules/${id}`), (reason) =>
        reason ? `Failed to delete discount rule: ${reason}` : 'Failed to delete discount rule.',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountKeys.rules }),
  });
}

/**
 * The list's Enabled toggle: PUT /api/discount-rules/{id} with the whole rule, shown switched at
 * once and switched back if the save fails.
 */
export function useToggleDiscountRule() {
  return useMutation({
    mutationFn: ({ rule, body }: { rule: DiscountRule; body: unknown }) =>
      described(api.put<DiscountRule>(`/api/discount-rules/${rule._id}`, body), saveFailure),
    onMutate: async ({ rule }) => {
      await queryClient.cancelQueries({ queryKey: discountKeys.rules });
      const before = queryClient.getQueryData<DiscountRule[]>(discountKeys.rules);
      queryClient.setQueryData<DiscountRule[]>(discountKeys.rules, (list) =>
        list?.map((r) => (r._id === rule._id ? { ...r, enabled: !rule.enabled } : r)),
      );
      return { before };
    },
    onError: (_error, _input, context) =>
      queryClient.setQueryData(discountKeys.rules, context?.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey: discountKeys.rules }),
  });
}
