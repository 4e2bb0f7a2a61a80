/*
 * Reads of the registers screens: a day's sessions with their counts (Today), one session's
 * register and its audit trail. Marks are written through the offline queue (mark-queue.ts).
 */
import { useQuery } from '@tanstack/react-query';
import type {
  DaySessionDto,
  MarkDto,
  RegisterDto,
  RegisterRowDto,
} from '../../../../api/services/registers.ts';
import { api } from '../../api.ts';

export type { DaySessionDto, MarkDto, RegisterDto, RegisterRowDto };

export const registerKeys = {
  all: ['registers'] as const,
  day: (date: string | null) => ['registers', 'day', date ?? 'today'] as const,
  one: (sessionId: string) => ['registers', 'one', sessionId] as const,
  history: (sessionId: string) => ['registers', 'history', sessionId] as const,
};

/** GET /api/registers: the sessions of a day (today in the organiser's zone by default). */
export function useDayRegisters(date: string | null) {
  return useQuery({
    queryKey: registerKeys.day(date),
    queryFn: () =>
      api.get<{ date: string; sessions: DaySessionDto[] }>(
        `/api/registers${date ? `?date=${encodeURIComponent(date)}` : ''}`,
      ),
  });
}

/** GET /api/registers/:sessionId: the register with each child's current mark. */
export function useRegister(sessionId: string) {
  return useQuery({
    queryKey: registerKeys.one(sessionId),
    queryFn: () => api.get<RegisterDto>(`/api/registers/${encodeURIComponent(sessionId)}`),
  });
}

/** GET /api/registers/:sessionId/marks: every mark, oldest first, with who made it. */
export function useMarkHistory(sessionId: string, enabled: boolean) {
  return useQuery({
    queryKey: registerKeys.history(sessionId),
    queryFn: () => api.get<MarkDto[]>(`/api/registers/${encodeURIComponent(sessionId)}/marks`),
    enabled,
  });
}
