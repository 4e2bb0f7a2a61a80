/** The clock is read here, at the edge; rules in engine/ take `now` as an argument. */
export const nowIso = (): string => new Date().toISOString();

export const addMinutes = (iso: string, minutes: number): string =>
  new Date(Date.parse(iso) + minutes * 60_000).toISOString();

export const addDays = (iso: string, days: number): string => addMinutes(iso, days * 24 * 60);

/** SQLite and PostgreSQL both store our flags as integers 0/1. */
export const toFlag = (value: boolean | undefined | null): 0 | 1 => (value ? 1 : 0);
export const fromFlag = (value: number | boolean | null | undefined): boolean => Boolean(value);
