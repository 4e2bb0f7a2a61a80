import type { FieldType } from '../../engine/index.ts';
import { readJson } from './json.ts';

/** docs/data-model.md field data `dataType` for a field type. */
export function dataTypeOf(type: string): string {
  switch (type as FieldType) {
    case 'selectList':
      return 'ref';
    case 'checkboxMultiple':
      return 'refArray';
    case 'venue':
      return 'venueRef';
    case 'checkboxSingle':
      return 'boolean';
    case 'currency':
    case 'integer':
    case 'number':
      return 'number';
    case 'date':
      return 'date';
    case 'fileUpload':
      return 'files';
    default:
      return 'others';
  }
}

/**
 * The columns that store one answer. Option and venue answers go to their own ref columns so
 * guards ("this option has data") and home-tab filters are plain indexed queries.
 */
export function fieldDataColumns(type: string, value: unknown) {
  const dataType = dataTypeOf(type);
  return {
    data_type: dataType,
    value:
      dataType === 'ref' || dataType === 'refArray' || dataType === 'venueRef'
        ? null
        : JSON.stringify(value ?? null),
    value_ref: dataType === 'ref' ? String(value) : null,
    value_ref_array:
      dataType === 'refArray' ? JSON.stringify(Array.isArray(value) ? value : []) : null,
    value_ref_venue: dataType === 'venueRef' ? String(value) : null,
  };
}

/** The answer a field data row holds, in the form's shape. */
export function fieldDataValue(row: {
  data_type: string;
  value: string | null;
  value_ref: string | null;
  value_ref_array: string | null;
  value_ref_venue: string | null;
}): unknown {
  if (row.data_type === 'ref') return row.value_ref;
  if (row.data_type === 'refArray') return readJson<string[]>(row.value_ref_array, []);
  if (row.data_type === 'venueRef') return row.value_ref_venue;
  return readJson<unknown>(row.value, null);
}
