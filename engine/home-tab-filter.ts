/** What a home tab filters on (docs/data-model.md Home tab). */
export interface TabFilter {
  type: 'venue' | 'fieldOption';
  field: string | null;
  value: readonly string[];
}

/** What of a group a tab looks at: its venue and its answers to activity fields. */
export interface TabFilterable {
  venue?: { _id: string } | null;
  fieldData?: Readonly<Record<string, unknown>>;
}

/**
 * Whether a group belongs on a home tab's listing (`/listing/{path}`). A field-option tab matches
 * groups whose answer to the tab's field (one option, or several for checkboxes) includes any of
 * the tab's options. A venue tab matches groups answering the tab's venue field with one of its
 * venues, and (ours) also groups whose own venue is one of them, since that is where organisers
 * usually set it.
 *
 * @example groupMatchesTab({ fieldData: { sport: ['o1', 'o2'] } }, { type: 'fieldOption', field: 'sport', value: ['o2'] }) // true
 */
export function groupMatchesTab(group: TabFilterable, tab: TabFilter): boolean {
  const wanted = new Set(tab.value);
  const answer = tab.field ? group.fieldData?.[tab.field] : undefined;
  const answered = (Array.isArray(answer) ? answer : answer == null ? [] : [answer]).map(String);
  if (answered.some((id) => wanted.has(id))) return true;
  return tab.type === 'venue' && !!group.venue && wanted.has(group.venue._id);
}
