/*
 * Where the parent is in the booking: the four steps, the current one marked for assistive
 * technology with aria-current="step". The activity's name is on the bar above (App.tsx).
 */
import { BOOKING_STEPS, type BookingStep } from '../../../../engine/deep-links.ts';
import { text } from '../text.ts';

export function StepIndicator({ step, name }: { step: BookingStep; name: string }) {
  const at = BOOKING_STEPS.indexOf(step);
  return (
    <nav className="cw-steps" aria-label={text.bookingSteps(name)}>
      <ol>
        {BOOKING_STEPS.map((s, i) => (
          <li
            key={s}
            className={i <= at ? 'cw-done' : undefined}
            aria-current={i === at ? 'step' : undefined}
          >
            {text.stepNames[s]}
          </li>
        ))}
      </ol>
    </nav>
  );
}
