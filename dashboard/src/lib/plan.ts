import { PLAN_LEVELS } from '../../../engine/index.ts';

export type PlanName = 'Premium' | 'Standard' | 'Starter';

/**
 * The plan a level belongs to, named for organisers. Levels come from the engine, so the gates
 * and the names can never disagree; levels above Premium (30) are still shown as Premium.
 *
 * @example planName(20) // 'Premium'
 */
export function planName(level: number): PlanName {
  if (level >= PLAN_LEVELS.Premium) return 'Premium';
  if (level >= PLAN_LEVELS.Standard) return 'Standard';
  return 'Starter';
}
