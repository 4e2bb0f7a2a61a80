import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api, queryClient } from '../../api.ts';
import { QueryError } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';

interface OfferResult {
  offered: string[];
  families: string[][];
  skipped: { id: string; reason: 'outsideAgeRange' | 'alreadyBooked' }[];
  placesFree: number | null;
}

const REASONS = {
  outsideAgeRange: 'outside the ages or school years',
  alreadyBooked: 'booked already',
};

/** What one press did, in the organiser's words. */
export function offerSummary(r: OfferResult): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const parts = [
    r.offered.length === 0
      ? r.placesFree === 0
        ? 'No places are free.'
        : 'Nobody was waiting for the places free.'
      : `Offered ${plural(r.offered.length, 'place', 'places')}${
          r.families.length ? ` (${plural(r.families.length, 'family', 'families')} together)` : ''
        }.`,
  ];
  for (const [reason, words] of Object.entries(REASONS)) {
    const n = r.skipped.filter((s) => s.reason === reason).length;
    if (n) parts.push(`Passed over ${plural(n, 'child', 'children')} ${words}.`);
  }
  return parts.join(' ');
}

/**
 * "Offer free places" for an activity's whole-term waitlist (docs/rules/family.md): the places
 * free now go to the children waiting, in queue order, brothers and sisters together; each
 * offer is an ordinary one (kept for 48 hours, never running out at night).
 *
 * @example <OfferFreePlaces activityGroupId={group._id} />
 */
export function OfferFreePlaces({ activityGroupId }: { activityGroupId: string }) {
  const [summary, setSummary] = useState<string | null>(null);
  const offer = useMutation({
    mutationFn: () =>
      api.post<OfferResult>('/api/waitlists/offer-places', { activityGroup: activityGroupId }),
    onSuccess: (r) => {
      setSummary(offerSummary(r));
      return queryClient.invalidateQueries({ queryKey: ['waitlists'] });
    },
  });
  return (
    <div className="toolbar">
      <Button size="sm" loading={offer.isPending} onClick={() => offer.mutate()}>
        Offer free places
      </Button>
      <p className="detail-note" role="status">
        {summary}
      </p>
      <QueryError error={offer.error} />
    </div>
  );
}
