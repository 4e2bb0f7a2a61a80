/*
 * Duplicate, archive and delete of one activity group (issue 17). Each refreshes every cached
 * group read, since lists, the group and its sales all change.
 */
import { useMutation } from '@tanstack/react-query';
import { type ActivityGroup, describeFailure } from '../../../../api-client/index.ts';
import { api } from '../../api.ts';
import { forgetGroups } from './queries.ts';

/** POST /api/activity-groups/{id}/duplicate: the new term's start date and the copy's name. */
export function useDuplicateGroup(id: string) {
  return useMutation({
    mutationFn: (body: { startDate: string; name: string }) =>
      describeFailure(api.post<ActivityGroup>(`/api/activity-groups/${id}/duplicate`, body), {
        prefix: 'Failed to duplicate activity',
        bare: 'Failed to duplicate activity.',
      }),
    onSuccess: forgetGroups,
  });
}

/** POST /api/activity-groups/{id}/archive or /unarchive. */
export function useArchiveGroup(id: string) {
  return useMutation({
    mutationFn: (archived: boolean) =>
      describeFailure(
        api.post<ActivityGroup>(
          `/api/activity-groups/${id}/${archived ? 'archive' : 'unarchive'}`,
          {},
        ),
        { prefix: 'Failed to archive activity', bare: 'Failed to archive activity.' },
      ),
    onSuccess: forgetGroups,
  });
}

/** DELETE /api/activity-groups/{id}; refused (409) once anything was booked. */
export function useDeleteGroup() {
  return useMutation({
    mutationFn: (id: string) =>
      describeFailure(api.delete<{ _id: string }>(`/api/activity-groups/${id}`), {
        prefix: 'Failed to delete activity',
        bare: 'Failed to delete activity.',
      }),
    onSuccess: forgetGroups,
  });
}
