import type { TabFieldCandidate } from '../../../../engine/index.ts';
import type { HomeTab } from './queries.ts';

/** The 'Add new tab' / 'Edit tab' form as typed: `pathTouched` stops the path following the name. */
export interface TabValues {
  _id?: string;
  name: string;
  path: string;
  pathTouched: boolean;
  field: string;
  value: string[];
  enabled: boolean;
}

export const newTabValues = (): TabValues => ({
  name: '',
  path: '',
  pathTouched: false,
  field: '',
  value: [],
  enabled: true,
});

export const tabValuesOf = (tab: HomeTab): TabValues => ({
  _id: tab._id,
  name: tab.name,
  path: tab.path,
  pathTouched: true,
  field: tab.field ?? '',
  value: [...tab.value],
  enabled: tab.enabled,
});

/** A field the tab form offers, with its title and options. */
export type TabField = Omit<TabFieldCandidate, 'fieldOptions'> & {
  title: string;
  fieldOptions: { _id: string; name: string; enabled: boolean }[];
};

/**
 * The body the API's schema reads: the type follows from the chosen field (a venue field makes
 * a venue tab), so the form never asks for it.
 *
 * @example tabBody(values, fields).type // 'venue'
 */
export function tabBody(values: TabValues, fields: readonly TabField[]) {
  const field = fields.find((f) => f._id === values.field);
  return {
    ...(values._id ? { _id: values._id } : {}),
    name: values.name,
    path: values.path,
    type: field?.type === 'venue' ? 'venue' : 'fieldOption',
    field: values.field,
    value: values.value,
    enabled: values.enabled,
  };
}

/**
 * The public URL of a tab's listing (docs/rules/screens.md), on the organiser's site that shows the
 * widget.
 */
export const listingPath = (path: string) => `/listing/${path}`;

export const TYPE_LABELS: Record<HomeTab['type'], string> = {
  venue: 'Venue',
  fieldOption: 'Field option',
};

/**
 * The choices a tab's field offers: the client's venues for a venue field, else the field's
 * enabled options, plus any disabled one the tab already uses (so it can be unticked).
 */
export function choicesFor(
  field: TabField | undefined,
  venues: readonly { _id: string; name: string }[],
  selected: readonly string[],
): { _id: string; name: string; disabled?: boolean }[] {
  if (!field) return [];
  if (field.type === 'venue') return venues.map((v) => ({ _id: v._id, name: v.name }));
  return field.fieldOptions
    .filter((o) => o.enabled || selected.includes(o._id))
    .map((o) => ({ _id: o._id, name: o.name, disabled: !o.enabled }));
}
