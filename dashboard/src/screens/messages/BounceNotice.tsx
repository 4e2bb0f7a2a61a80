import { bounceMessages } from '../../../../engine/mail-bounces.ts';
import { Alert, QueryError } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { useLocale } from '../../lib/money.ts';
import { formatInstant } from '../bookings/lib.ts';
import { useBounces, useClearBounce } from './bounces.ts';

/**
 * On the customer page: their address was refused by its mail server, when and why, and 'Clear'
 * once the organiser has checked it, so e-mails are sent to it again. Nothing when all is well.
 *
 * @example <BounceNotice email={customer.email} timeZone={client.timeZone} />
 */
export function BounceNotice({ email, timeZone }: { email: string; timeZone?: string }) {
  const locale = useLocale();
  const bounces = useBounces(email);
  const clear = useClearBounce();
  const bounce = bounces.data?.[0];
  if (clear.isSuccess && !bounce) return <Alert tone="success">{bounceMessages.cleared}</Alert>;
  if (!bounce) return <QueryError error={bounces.error} />;
  return (
    <Alert
      tone="warning"
      title={`${bounceMessages.badge}: e-mails to ${bounce.email} are not sent`}
    >
      <p>
        {`Its mail server refused it on ${formatInstant(bounce.bouncedAt, timeZone, locale)}: ${bounce.reason}`}
      </p>
      <p>Check the address with the customer. Once it is right, clear the refusal to send again.</p>
      <QueryError error={clear.error} />
      <Button
        size="sm"
        variant="secondary"
        loading={clear.isPending}
        onClick={() => clear.mutate(bounce.email)}
      >
        Clear the refusal
      </Button>
    </Alert>
  );
}
