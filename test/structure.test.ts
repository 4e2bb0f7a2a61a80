import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allImports, importsOf, RULES, violations } from './import-rules.ts';

const root = resolve(import.meta.dirname, '..');

describe('dependency directions (docs/architecture.md)', () => {
  it('hold across the whole tree', () => {
    const refs = allImports(root);
    expect(refs.length).toBeGreaterThan(50);
    expect(violations(refs, root)).toEqual([]);
  });

  // A rule whose pattern silently stops matching would let the first test pass for ever.
  describe.each(RULES.map((rule) => [rule.name, rule] as const))('rule "%s"', (_, rule) => {
    it('reports its planted violation', () => {
      const [file, source] = rule.planted;
      const refs = importsOf(file, source);
      expect(refs, `${file}: ${source}`).toHaveLength(1);
      expect(violations(refs, root, [rule]), `${file}: ${source}`).toHaveLength(1);
    });
  });

  it.each([
    ['widget/src/x.ts', "import pg from 'pg';"],
    ['widget/src/x.ts', "import Database from 'better-sqlite3';"],
    ['dashboard/src/x.ts', "import { Hono } from 'hono';"],
    ['dashboard/src/x.ts', "import { sql } from 'kysely/helpers/postgres';"],
    ['dashboard/src/x.ts', "import { readFileSync } from 'node:fs';"],
    ['widget/src/x.ts', "import { readFileSync } from 'fs';"],
    ['dashboard/src/x.ts', "import { join } from 'path/posix';"],
  ])('keeps server code out of the browser: %s %s', (file, source) => {
    expect(violations(importsOf(file, source), root)).toHaveLength(1);
  });

  it('allows type-only imports from api/ in front ends', () => {
    const refs = importsOf(
      'dashboard/src/x.ts',
      "import type { UserDto } from '../../api/services/users.ts';",
    );
    expect(violations(refs, root)).toEqual([]);
  });

  it('lets the front ends use their own browser packages', () => {
    const refs = importsOf('widget/src/x.ts', "import { useState } from 'preact/hooks';");
    expect(violations(refs, root)).toEqual([]);
  });
});
