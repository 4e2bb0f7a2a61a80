import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/*
 * DESIGN.md's dependency directions, as data. `engine` ← everyone; `api-client` ← widget and
 * dashboard; `api` imports engine, never a front end; front ends never import runtime code from
 * api/ (type-only imports vanish at build time and are fine).
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

/** Every import that breaks a rule, as readable sentences. */
export function violations(refs: ImportRef[], root: string): string[] {
  const problems: string[] = [];
  for (const ref of refs) {
    const from = ref.file.split(/[\\/]/)[0]!;
    const isTest = /\.test\.tsx?$/.test(ref.file);
    const { folder, pkg } = target(ref, root);
    const say = (why: string) => problems.push(`${ref.file} imports '${ref.specifier}': ${why}`);
    if (from === 'engine' && !isTest) {
      if (folder && folder !== 'engine') say('engine/ may import only itself');
      if (pkg && !ENGINE_PACKAGES.has(pkg)) say('engine/ may import only valibot (pure, no I/O)');
    }
    if (from === 'api' && folder && FRONT_ENDS.has(folder)) say('api/ never imports a front end');
    if ((from === 'api-client' || FRONT_ENDS.has(from)) && folder === 'api' && !ref.typeOnly) {
      say('front ends import only types from api/');
    }
    if (from === 'widget' && folder === 'dashboard') say('the widget never imports the dashboard');
    if (from === 'dashboard' && folder === 'widget') say('the dashboard never imports the widget');
    if (ref.file === join('embed-snippet', 'loader.ts')) say('the embed loader imports nothing');
    if (
      from === 'widget' &&
      pkg &&
      ['react-dom/server', 'stripe', 'kysely', 'hono'].includes(pkg)
    ) {
      say('the widget bundle cannot afford server packages');
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
