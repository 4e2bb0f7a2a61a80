/** JSON columns are text on both dialects; a broken value reads as the fallback, never a crash. */
export function readJson<T>(text: string | null | undefined, fallback: T): T {
  if (text == null || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export const writeJson = (value: unknown): string => JSON.stringify(value ?? null);
