import type { ButtonDisplay, EmbedTemplate } from '../../../embed-snippet/code.ts';

/*
 * docs/data-model.md Form display settings, with the labels organisers read. The values are the
 * embed snippet's own types, so a new option there fails the type check here until it has a label.
 */

export const FORM_TEMPLATES: readonly { value: EmbedTemplate; label: string }[] = [
  { value: 'Default', label: 'Default' },
  { value: 'Seamless', label: 'Seamless' },
];

export const BUTTON_DISPLAYS: readonly { value: ButtonDisplay; label: string }[] = [
  { value: 'align right', label: 'Align right' },
  { value: 'full width', label: 'Full width' },
  { value: 'hidden', label: 'Hidden' },
  { value: 'none', label: 'None' },
];

/**
 * The option a stored value names, or the fallback for a value the list does not know.
 *
 * @example optionFor(BUTTON_DISPLAYS, 'full width', 'align right').label // 'Full width'
 */
export function optionFor<T extends string>(
  list: readonly { value: T; label: string }[],
  value: string,
  fallback: T,
): { value: T; label: string } {
  return list.find((option) => option.value === value) ?? list.find((o) => o.value === fallback)!;
}
