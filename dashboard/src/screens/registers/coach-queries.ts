/*
 * The organiser's coaches (GET/POST/PUT /api/coaches): who takes which activities' registers.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { CoachDto } from '../../../../api/services/coaches.ts';
import { api, queryClient } from '../../api.ts';

export type { CoachDto };

const coachKeys = { all: ['coaches'] as const };

export function useCoaches() {
  return useQuery({ queryKey: coachKeys.all, queryFn: () => api.get<CoachDto[]>('/api/coaches') });
}

export interface CoachForm {
  fullName: string;
  email: string;
  password: string;
  activityGroups: string[];
}

/** Adds a coach (no id) or saves one. */
export function useSaveCoach() {
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CoachForm }) =>
      id
        ? api.put<CoachDto>(`/api/coaches/${encodeURIComponent(id)}`, body)
        : api.post<CoachDto>('/api/coaches', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: coachKeys.all }),
  });
}
