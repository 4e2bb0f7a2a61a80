import * as v from 'valibot';
import { isDate } from '../dates.ts';
import { messages } from '../messages.ts';
import { LIMITS } from './common.ts';

/**
 * The duplicate dialog: the new term's first session date and the copy's name.
 *
 * @example v.parse(copyActivityGroupSchema, { startDate: '2027-01-09', name: 'Football (copy)' })
 */
export const copyActivityGroupSchema = v.strictObject({
  startDate: v.pipe(
    v.string(messages.invalidDate),
    v.check((date) => isDate(date), messages.invalidDate),
  ),
  name: v.pipe(
    v.string(messages.required),
    v.trim(),
    v.minLength(1, messages.required),
    v.maxLength(LIMITS.name),
  ),
});
