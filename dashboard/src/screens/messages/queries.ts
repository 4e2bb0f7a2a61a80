/*
 * Reads and writes of the Messages screen: the outbox as the organiser sees it (GET
 * /api/messages), one message's content, and 'Resend confirmation'.
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { MessageDto, MessageSummaryDto } from '../../../../api/services/messages/dto.ts';
import { api, queryClient } from '../../api.ts';
import { getPage } from '../customers/paged.ts';

export type { MessageDto, MessageSummaryDto };

const messageKeys = {
  all: ['messages'] as const,
  list: (email: string, page: number) => ['messages', 'list', email, page] as const,
  one: (id: string) => ['messages', 'one', id] as const,
};

/** One page of messages, newest first; `email` narrows to one recipient. */
export function useMessages(email: string, page: number, limit: number) {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (email) query.set('email', email);
  return useQuery({
    queryKey: messageKeys.list(email, page),
    queryFn: () => getPage<MessageSummaryDto>(`/api/messages?${query}`),
    placeholderData: keepPreviousData,
    // A queued message is sent within seconds: keep the list current while one waits.
    refetchInterval: (q) =>
      q.state.data?.data.some((m) => m.status === 'queued' || m.status === 'sending')
        ? 3000
        : false,
  });
}

/** One message with the HTML and text as sent. */
export function useMessage(id: string | null) {
  return useQuery({
    queryKey: messageKeys.one(id ?? ''),
    queryFn: () => api.get<MessageDto>(`/api/messages/${id}`),
    enabled: Boolean(id),
  });
}

/** POST /api/messages/resend-confirmation: a new confirmation of the booking, queued now. */
export function useResendConfirmation() {
  return useMutation({
    mutationFn: (bookingId: string) =>
      api.post<MessageDto>('/api/messages/resend-confirmation', { bookingId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
