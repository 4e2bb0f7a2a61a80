import { bounceMessages } from '../../../../engine/mail-bounces.ts';
import { QueryError } from '../../components/Alert.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { useLocale } from '../../lib/money.ts';
import { formatInstant } from '../bookings/lib.ts';
import type { BounceDto } from './bounces.ts';
import { useClearBounce } from './bounces.ts';

/**
 * The Messages screen's list of addresses their mail server refused: why and when, and 'Clear'
 * once checked. Hidden while there are none.
 */
export function RefusedAddresses({
  bounces,
  timeZone,
}: {
  bounces: BounceDto[] | undefined;
  timeZone?: string;
}) {
  const locale = useLocale();
  const clear = useClearBounce();
  if (!bounces?.length) return null;
  return (
    <Card
      title="Refused addresses"
      description="Their mail servers refused these addresses, so nothing more is sent to them until you clear them."
    >
      <QueryError error={clear.error} />
      <ul className="refused-list">
        {bounces.map((b) => (
          <li key={b.email}>
            <Badge tone="danger">{bounceMessages.badge}</Badge>
            <span className="refused-address">{b.email}</span>
            <span className="detail-note">
              {`${formatInstant(b.bouncedAt, timeZone, locale)}: ${b.reason}`}
            </span>
            <Button
              size="sm"
              variant="secondary"
              loading={clear.isPending && clear.variables === b.email}
              onClick={() => clear.mutate(b.email)}
              aria-label={`Clear the refusal of ${b.email}`}
            >
              Clear
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
