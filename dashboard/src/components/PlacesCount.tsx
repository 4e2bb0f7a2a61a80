import { isOverCapacity, messages } from '../../../engine/index.ts';
import { Badge } from './Badge.tsx';

/**
 * Places taken against a session's limit ('9 / 8'), marked with a red 'Over capacity' badge
 * when an admin booked past the limit (engine `isOverCapacity`), so no screen listing the
 * session hides it. Without a limit only the count shows.
 *
 * @example <PlacesCount taken={9} placeLimit={8} /> // 9 / 8 [Over capacity]
 */
export function PlacesCount({
  taken,
  placeLimit,
}: {
  taken: number;
  placeLimit: number | null | undefined;
}) {
  const over = isOverCapacity(taken, placeLimit);
  return (
    <span className={`places-count${over ? ' is-over-capacity' : ''}`}>
      {taken}
      {placeLimit != null ? (
        <span className={over ? undefined : 'muted'}> / {placeLimit}</span>
      ) : null}
      {over ? (
        <>
          {' '}
          <Badge tone="danger">{messages.badgeOverCapacity}</Badge>
        </>
      ) : null}
    </span>
  );
}
