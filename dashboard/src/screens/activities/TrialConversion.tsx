/*
 * Trial conversion on an activity's page (docs/rules/trials.md): trials taken, how many of those
 * children then booked the activity, and the rate. Shown when the activity has a trial ticket or
 * had trials; the figures are the engine's (`trialConversion`) through GET /api/trials/conversion.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api.ts';

interface Conversion {
  taken: number;
  converted: number;
  rate: number | null;
}

export function TrialConversion({ groupId, hasTrial }: { groupId: string; hasTrial: boolean }) {
  const stats = useQuery({
    queryKey: ['trial-conversion', groupId],
    queryFn: () =>
      api.get<Conversion>(`/api/trials/conversion?activityGroup=${encodeURIComponent(groupId)}`),
    enabled: !!groupId,
    staleTime: 0,
  });
  const data = stats.data;
  if (!hasTrial && !data?.taken) return null;
  const value = (n: number | string | undefined) =>
    n ?? <span className="skeleton skeleton-text" />;
  return (
    <section className="stat-grid" aria-label="Trial conversion">
      <div className="stat card">
        <p className="stat-label">Trials taken</p>
        <p className="stat-value">{value(data?.taken)}</p>
      </div>
      <div className="stat card">
        <p className="stat-label">Booked after a trial</p>
        <p className="stat-value">{value(data?.converted)}</p>
      </div>
      <div className="stat card">
        <p className="stat-label">Trial conversion</p>
        <p className="stat-value">
          {data ? (data.rate === null ? '–' : `${data.rate}%`) : value(undefined)}
        </p>
      </div>
    </section>
  );
}
