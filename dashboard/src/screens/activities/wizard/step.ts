import type { GroupValues } from '../lib.ts';

/** What every wizard step gets: the values, a patcher and the errors to show. */
export interface StepProps {
  values: GroupValues;
  set: (patch: Partial<GroupValues>) => void;
  /** The message to show for a field path, once touched or once the step was submitted. */
  error: (path: string) => string | undefined;
  touch: (path: string) => void;
}

/** The wizard step a field path belongs to (0 Information … 3 Settings). */
export function stepOfPath(path: string): number {
  const head = path.split('.')[0];
  if (head === 'activities') return 1;
  if (head === 'tickets' || head === 'addOns') return 2;
  if (head === 'waitlistType' || head === 'enabled' || head === 'cancellationRules') return 3;
  return 0;
}
