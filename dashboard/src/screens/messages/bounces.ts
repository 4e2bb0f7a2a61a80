/*
 * Refused addresses (docs/rules/messages.md): the addresses a mail server turned away for good,
 * which the Messages screen badges and the customer page shows, and the organiser's 'Clear'.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { BounceDto } from '../../../../api/mail/bounces.ts';
import { api, queryClient } from '../../api.ts';

export type { BounceDto };

const bounceKeys = {
  all: ['messages', 'bounces'] as const,
  one: (email: string) => ['messages', 'bounces', email.toLowerCase()] as const,
};

/** GET /api/messages/bounces: every refused address, or (with `email`) that one's. */
export function useBounces(email?: string) {
  return useQuery({
    queryKey: email ? bounceKeys.one(email) : bounceKeys.all,
    queryFn: () =>
      api.get<BounceDto[]>(
        email
          ? `/api/messages/bounces?email=${encodeURIComponent(email)}`
          : '/api/messages/bounces',
      ),
  });
}

/** POST /api/messages/bounces/clear: messages to the address are sent again. */
export function useClearBounce() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post<{ email: string; cleared: boolean }>('/api/messages/bounces/clear', { email }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['messages'] }),
  });
}
