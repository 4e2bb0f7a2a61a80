/*
 * A booking's recurring plans as the engine describes them (`plans` on the booking): a
 * membership's monthly amount with its next collection and 'Continues until cancelled', or a
 * payment schedule's next instalment and final date. Shown on the confirmation and in My
 * bookings, so the monthly charge the basket announced never disappears after booking.
 */
import type { Booking, ClientSettings } from '../../../../api-client/index.ts';
import { localeFor, money } from '../../format.ts';
import { text } from '../text.ts';

export function Plans({
  booking,
  settings,
  embedded = false,
}: {
  booking: Booking;
  settings: ClientSettings;
  /** Inside another labelled panel (My bookings): no landmark of its own. */
  embedded?: boolean;
}) {
  const live = booking.plans.filter((p) => p.nextPaymentDate);
  if (live.length === 0) return null;
  const locale = localeFor(settings.country);
  const show = (minor: number) => money(minor, booking.currency, locale);
  return (
    <section
      className={embedded ? 'cw-plan' : 'cw-panel cw-plan'}
      aria-label={embedded ? undefined : text.plan}
    >
      <h4>{text.plan}</h4>
      {live.map((plan) => (
        <div key={plan.itemId ?? 'schedule'} className="cw-plan-row">
          <p className="cw-spread">
            <strong>{plan.label}</strong>
            <span className="cw-price">
              {plan.kind === 'subscription'
                ? text.perMonth(show(plan.amount))
                : text.nextAmount(show(plan.amount))}
            </span>
          </p>
          {plan.discount && (
            <p className="cw-count">
              {text.monthlyDiscount(plan.discount.ruleName, show(plan.discount.amount))}
            </p>
          )}
          {plan.texts.map((line) => (
            <p key={line} className="cw-count">
              {line}
            </p>
          ))}
        </div>
      ))}
    </section>
  );
}
