/*
 * Reads of the registers screens: a day's sessions with their counts (Today), one session's
 * register and its audit trail. Marks are written through the offline queue (mark-queue.ts).
 */
import { useQuery } from '@tanstack/react-query';
import type {
  RegisterDto as AdminRegisterDto,
  RegisterRowDto as AdminRegisterRowDto,
  DaySessionDto,
  MarkDto,
} from '../../../../api/services/registers.ts';
import { api } from '../../api.ts';

export type { DaySessionDto, MarkDto };

/** Money fields are left out of a coach's register (coaches see no money). */
type MaybeMoney<T extends { paid: number; owed: number }> = Omit<T, 'paid' | 'owed'> &
  Partial<Pick<T, 'paid' | 'owed'>>;

export type RegisterRowDto = Omit<AdminRegisterRowDto, 'booking'> & {
  booking: MaybeMoney<AdminRegisterRowDto['booking']>;
};
export type RegisterDto = Omit<AdminRegisterDto, 'rows' | 'summary'> & {
  summary: MaybeMoney<AdminRegisterDto['summary']>;
  rows: RegisterRowDto[];
};

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
