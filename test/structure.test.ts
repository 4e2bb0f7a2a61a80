import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allImports, importsOf, violations } from './import-rules.ts';

const root = resolve(import.meta.dirname, '..');

describe('dependency directions of DESIGN.md', () => {
  it('hold across the whole tree', () => {
    const refs = allImports(root);
    expect(refs.length).toBeGreaterThan(50);
    expect(violations(refs, root)).toEqual([]);
  });

  it('would catch each kind of breach (the check itself can fail)', () => {
    const samples: Array<[string, string]> = [
      ['engine/pricing.ts', "import { readFileSync } from 'node:fs';"],
      ['engine/pricing.ts', "import { db } from '../api/db/connection.ts';"],
      ['api/routes/x.ts', "import { Widget } from '../../widget/src/app.tsx';"],
      ['widget/src/app.tsx', "import { createApp } from '../../api/app.ts';"],
      ['dashboard/src/app.tsx', "export { loadUser } from '../../api/services/users.ts';"],
      ['api-client/x.ts', "const m = import('../api/app.ts');"],
      ['embed-snippet/loader.ts', "import { x } from './code.ts';"],
    ];
    for (const [file, source] of samples) {
      expect(violations(importsOf(file, source), root), `${file}: ${source}`).toHaveLength(1);
    }
  });

  it('allows type-only imports from api/ in front ends', () => {
    const refs = importsOf(
      'dashboard/src/x.ts',
      "import type { UserDto } from '../../api/services/users.ts';",
    );
    expect(violations(refs, root)).toEqual([]);
  });
});
