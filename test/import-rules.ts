import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';

/*
 * The dependency directions of docs/architecture.md, as data. `engine` ← everyone; `api-client`
 * ← widget and dashboard; `api` imports engine, never a front end; front ends never import runtime
 * code from api/ (type-only imports vanish at build time and are fine), nor server packages or
 * Node built-ins.
 */
export interface ImportRef {
  file: string;
  specifier: string;
  typeOnly: boolean;
}

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC = /import\(\s*['"]([^'"]+)['"]\s*\)/g;

export function importsOf(file: string, source: string): ImportRef[] {
  const refs: ImportRef[] = [];
  for (const match of source.matchAll(IMPORT)) {
    refs.push({ file, specifier: match[3]!, typeOnly: Boolean(match[2]) });
  }
  for (const match of source.matchAll(DYNAMIC)) {
    refs.push({ file, specifier: match[1]!, typeOnly: false });
  }
  return refs;
}

/** The top folder an import lands in, or the package name for a bare specifier. */
function target(ref: ImportRef, root: string): { folder?: string; pkg?: string } {
  if (ref.specifier.startsWith('.')) {
    const absolute = join(root, ref.file, '..', ref.specifier);
    return { folder: relative(root, absolute).split(/[\\/]/)[0] };
  }
  const parts = ref.specifier.split('/');
  return { pkg: ref.specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0] };
}

const ENGINE_PACKAGES = new Set(['valibot']);
const FRONT_ENDS = new Set(['dashboard', 'widget', 'embed-snippet']);
/** Server-only packages: a browser bundle that pulls one in is broken or bloated. */
const SERVER_PACKAGES = new Set(['pg', 'better-sqlite3', 'kysely', 'hono']);
const NODE_BUILTINS = new Set(builtinModules.filter((name) => !name.startsWith('_')));

interface Target {
  from: string;
  folder?: string;
  pkg?: string;
  isTest: boolean;
}

/**
 * One dependency rule: `check` answers why a reference breaks it, or nothing. `planted` is a
 * violation the rule must report, so structure.test.ts can prove each rule still matches.
 */
export interface ImportRule {
  name: string;
  check: (ref: ImportRef, at: Target) => string | undefined;
  planted: [file: string, source: string];
}

export const RULES: ImportRule[] = [
  {
    name: 'engine imports only itself',
    check: (_, at) =>
      at.from === 'engine' && !at.isTest && at.folder && at.folder !== 'engine'
        ? 'engine/ may import only itself'
        : undefined,
    planted: ['engine/pricing.ts', "import { db } from '../api/db/connection.ts';"],
  },
  {
    name: 'engine uses no packages but valibot',
    check: (_, at) =>
      at.from === 'engine' && !at.isTest && at.pkg && !ENGINE_PACKAGES.has(at.pkg)
        ? 'engine/ may import only valibot (pure, no I/O)'
        : undefined,
    planted: ['engine/pricing.ts', "import { readFileSync } from 'node:fs';"],
  },
  {
    name: 'api never imports a front end',
    check: (_, at) =>
      at.from === 'api' && at.folder && FRONT_ENDS.has(at.folder)
        ? 'api/ never imports a front end'
        : undefined,
    planted: ['api/routes/x.ts', "import { Widget } from '../../widget/src/app.tsx';"],
  },
  {
    name: 'front ends import only types from api',
    check: (ref, at) =>
      (at.from === 'api-client' || FRONT_ENDS.has(at.from)) && at.folder === 'api' && !ref.typeOnly
        ? 'front ends import only types from api/'
        : undefined,
    planted: ['dashboard/src/app.tsx', "export { loadUser } from '../../api/services/users.ts';"],
  },
  {
    name: 'widget never imports the dashboard',
    check: (_, at) =>
      at.from === 'widget' && at.folder === 'dashboard'
        ? 'the widget never imports the dashboard'
        : undefined,
    planted: ['widget/src/app.tsx', "import { Screen } from '../../dashboard/src/app.tsx';"],
  },
  {
    name: 'dashboard never imports the widget',
    check: (_, at) =>
      at.from === 'dashboard' && at.folder === 'widget'
        ? 'the dashboard never imports the widget'
        : undefined,
    planted: ['dashboard/src/app.tsx', "const w = import('../../widget/src/app.tsx');"],
  },
  {
    // embed.js goes on every organiser's page before anything else: it may bring only the
    // first-reads starter beside it (embed-snippet/start.ts), which itself imports nothing.
    name: 'embed loader imports only its first-reads starter',
    check: (ref) =>
      (ref.file === join('embed-snippet', 'loader.ts') && ref.specifier !== './start.ts') ||
      ref.file === join('embed-snippet', 'start.ts')
        ? 'the embed loader imports nothing but ./start.ts, which imports nothing'
        : undefined,
    planted: ['embed-snippet/loader.ts', "import { x } from './code.ts';"],
  },
  {
    name: 'browser code uses no server packages',
    check: (_, at) =>
      (at.from === 'widget' || at.from === 'dashboard') && at.pkg && SERVER_PACKAGES.has(at.pkg)
        ? 'browser code cannot use server packages (pg, better-sqlite3, kysely, hono)'
        : undefined,
    planted: ['dashboard/src/x.ts', "import { Kysely } from 'kysely';"],
  },
  {
    name: 'widget bundle has no server rendering or Stripe SDK',
    check: (_, at) =>
      at.from === 'widget' && at.pkg && ['react-dom/server', 'stripe'].includes(at.pkg)
        ? 'the widget bundle cannot afford server packages'
        : undefined,
    planted: ['widget/src/x.ts', "import Stripe from 'stripe';"],
  },
  {
    name: 'browser code uses no Node built-ins',
    check: (ref, at) =>
      (at.from === 'widget' || at.from === 'dashboard') &&
      (ref.specifier.startsWith('node:') || (at.pkg && NODE_BUILTINS.has(at.pkg)))
        ? 'browser code cannot use Node built-ins'
        : undefined,
    planted: ['widget/src/x.ts', "import { join } from 'path';"],
  },
];

/** Where a reference comes from and lands. */
function locate(ref: ImportRef, root: string): Target {
  return {
    from: ref.file.split(/[\\/]/)[0]!,
    isTest: /\.test\.tsx?$/.test(ref.file),
    ...target(ref, root),
  };
}

/** Every import that breaks a rule, as readable sentences. */
export function violations(refs: ImportRef[], root: string, rules = RULES): string[] {
  const problems: string[] = [];
  for (const ref of refs) {
    const at = locate(ref, root);
    for (const rule of rules) {
      const why = rule.check(ref, at);
      if (why) problems.push(`${ref.file} imports '${ref.specifier}': ${why}`);
    }
  }
  return problems;
}

const SKIP = new Set(['node_modules', 'dist', 'data', '.git']);

export function sourceFiles(root: string, dir = root): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(root, path));
    else if (/\.tsx?$/.test(name)) files.push(relative(root, path));
  }
  return files;
}

export function allImports(root: string): ImportRef[] {
  return sourceFiles(root).flatMap((file) =>
    importsOf(file, readFileSync(join(root, file), 'utf8')),
  );
}
