import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

/** Bytes of a built file, raw and gzipped (what a parent's browser downloads). */
export function builtSize(path: string): { raw: number; gzip: number } | null {
  if (!existsSync(path)) return null;
  const body = readFileSync(path);
  return { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
}
