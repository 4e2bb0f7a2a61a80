import { useQuery } from '@tanstack/react-query';
import { describeFailure, type Overview } from '../../../../api-client/index.ts';
import { api } from '../../api.ts';

/**
 * GET /api/overview: the home screen's figures in one round trip. Read fresh on every visit,
 * since a booking made a minute ago is exactly what the organiser comes to see.
 */
export function useOverview() {
  return useQuery({
    queryKey: ['overview'],
    queryFn: () =>
      describeFailure(api.get<Overview>('/api/overview'), {
        prefix: 'Failed to get the overview',
        bare: 'Failed to get the overview.',
      }),
    staleTime: 0,
  });
}
