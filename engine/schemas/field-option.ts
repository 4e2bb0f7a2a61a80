import { messages } from '../messages.ts';
import { flag, formSchema, isBlank, optionalText } from './common.ts';

/**
 * The 'Add new field option' / 'Edit field option' modal.
 *
 * @example v.parse(fieldOptionSchema, { name: 'Football' }) // { name: 'Football', enabled: true }
 */
export const fieldOptionSchema = formSchema(
  { _id: optionalText, name: optionalText, enabled: flag },
  (f) => (isBlank(f.name) ? [{ path: ['name'], message: messages.fieldOptionName }] : []),
  (f) => ({ ...(f._id ? { _id: f._id } : {}), name: f.name!.trim(), enabled: f.enabled ?? true }),
);
