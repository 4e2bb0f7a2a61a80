import { type Expression, type SqlBool, sql } from 'kysely';

/**
 * The words of a search box, lower-cased: 'Ivy Dove' finds the child whose first name is Ivy and
 * last name Dove although no single column holds both words.
 *
 * @example searchWords('  Ivy  DOVE ') // ['ivy', 'dove']
 */
export function searchWords(text: string | undefined, max = 6): string[] {
  return (text ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, max);
}

/**
 * `lower(column) LIKE '%word%'` with the word's own % _ and \ escaped, so what is typed matches
 * only itself. lower() on both sides makes SQLite (case-insensitive LIKE for ASCII only) and
 * PostgreSQL (case-sensitive LIKE) agree.
 *
 * @example contains(sql.ref('u.full_name'), '50%') // matches 'Save 50% today', not 'Save 500'
 */
export function contains(column: Expression<unknown>, word: string): Expression<SqlBool> {
  const pattern = `%${word.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;
}

/** A phone number as typed, spaces and dashes dropped, so '07700 900' finds '07700900123'. */
export function phoneDigits(word: string): string | null {
  const digits = word.replace(/[\s().-]/g, '');
  return /^\+?\d{3,}$/.test(digits) ? digits : null;
}

/** The stored phone answer with the same separators removed, for comparing with phoneDigits. */
export function compactPhone(column: Expression<unknown>): Expression<string> {
  return sql<string>`replace(replace(replace(${column}, ' ', ''), '-', ''), '.', '')`;
}
