/*
 * The hold on a booking's places, counting down (issue 5: "a visible countdown"). The visible
 * clock ticks every second; screen readers hear it once a minute (a live region that changed
 * every second would talk over everything else), and at once when the hold runs out.
 */
import { useEffect, useState } from 'react';
import { text } from '../text.ts';

const clock = (ms: number) => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

export function Countdown({ until, onExpired }: { until: string; onExpired?: () => void }) {
  const end = Date.parse(until);
  const [now, setNow] = useState(() => Date.now());
  const left = end - now;
  useEffect(() => {
    if (left <= 0) {
      onExpired?.();
      return;
    }
    const timer = setTimeout(() => setNow(Date.now()), Math.min(1000, left));
    return () => clearTimeout(timer);
  }, [left, onExpired]);
  if (left <= 0) {
    return (
      <p className="cw-alert" role="alert">
        {text.holdExpired}
      </p>
    );
  }
  const minutes = Math.ceil(left / 60_000);
  return (
    <div className="cw-hold">
      <p aria-hidden="true">{text.holdCountdown(clock(left))}</p>
      <p className="cw-sr" aria-live="polite">
        {text.holdCountdown(minutes === 1 ? '1 minute' : `${minutes} minutes`)}
      </p>
    </div>
  );
}
