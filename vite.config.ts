/*
 * One config builds the four front-end artefacts and holds vitest's projects:
 *   vite build --mode dashboard   React admin SPA        → dist/dashboard (served at /admin)
 *   vite build --mode widget      preact/compat widget   → dist/widget/widget.js
 *   vite build --mode embed       the paste-in loader    → dist/embed/embed.js
 *   vite build --mode pay         the card payment page  → dist/pay (served at /pay/{bookingId})
 */
import { resolve } from 'node:path';
import { type Plugin, parseSync, type UserConfig } from 'vite';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;

// The widget is React code compiled against preact/compat: the same components, a tenth the bytes.
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: '@preact/compat/client' },
  { find: /^react-dom$/, replacement: '@preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: '@preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: '@preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: '@preact/compat' },
];

function dashboard(): UserConfig {
  return {
    root: resolve(root, 'dashboard'),
    base: '/admin/',
    publicDir: false,
    build: {
      outDir: resolve(root, 'dist/dashboard'),
      emptyOutDir: true,
      sourcemap: true,
      rollupOptions: {
        // React Router and React Query mark modules "use client" for server-component bundlers;
        // a client-only SPA has nothing to preserve, so the warning is noise that hides real ones.
        onwarn(warning, warn) {
          if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
        },
      },
    },
  };
}

// Our /pay/{bookingId} page, framed by the widget: React, Stripe.js loaded on demand, no dashboard code.
function pay(): UserConfig {
  return {
    root: resolve(root, 'dashboard/pay'),
    base: '/pay/',
    publicDir: false,
    build: {
      outDir: resolve(root, 'dist/pay'),
      emptyOutDir: true,
      sourcemap: true,
      rollupOptions: {
        onwarn(warning, warn) {
          if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
        },
      },
    },
  };
}

/*
 * The engine's formatting modules (dates, money, display, deep links, school years) are shared by
 * the listing and the later steps; a shared module lives whole in widget.js, so every later
 * step's helper (date arithmetic, money allocation…) was paid for on the first paint. The initial
 * modules import their own copy (`?initial`), which keeps only what the listing uses; the later
 * chunks share the full one. Pure functions and formatter caches only: two copies behave as one.
 */
const INITIAL_MODULES =
  /widget[\\/]src[\\/](main|App|store|lazy|page|step-event|session|styles|strings|format|preact|views[\\/](Listing|common))\.tsx?$/;
const ENGINE_COPIES = /engine[\\/](dates|display|money|deep-links|school-year)\.ts$/;

const initialEngineCopies: Plugin = {
  name: 'classwise:initial-engine-copies',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    const copy = importer?.endsWith('?initial');
    if (!importer || !(copy || INITIAL_MODULES.test(importer))) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    if (!resolved || !ENGINE_COPIES.test(resolved.id)) return null;
    return `${resolved.id}?initial`;
  },
};

/*
 * preact/compat re-exports every hook, so preact/hooks (one module) lived whole in widget.js; it
 * now takes the ones the initial bundle does not use from widget/src/hooks-later.ts, in the
 * later chunk (LATER_CHUNKS), and widget.js keeps only the hooks the listing calls.
 */
const compatHooks: Plugin = {
  name: 'classwise:compat-hooks',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source !== 'preact/hooks' || !importer) return null;
    if (!/node_modules[\\/]preact[\\/]compat[\\/]/.test(importer)) return null;
    return resolve(root, 'widget/src/hooks-later.ts');
  },
};

/*
 * engine/messages.ts is one object of every message the product has (server, dashboard and
 * widget), and a bundler keeps an object whole: the widget carried all of them for the few it
 * shows. In the widget's build the table becomes a module of one export per entry, re-exported
 * as a namespace of the table's name (`export * as messages from …`), so `messages.required`
 * reads as it did and the bundle keeps only the entries its chunks read. The texts are the
 * table's own source, moved, not copied; a shape this does not know fails the build instead of
 * guessing. The widget's own later table (views/text.ts) stays an object: its chunks read most
 * of it, and an export per entry cost more in the chunks' import lists than it dropped (+550 B).
 */
const TEXT_TABLES: [file: RegExp, name: string][] = [[/engine[\\/]messages\.ts$/, 'messages']];
const TABLE = '?entries';
const textTables: Plugin = {
  name: 'classwise:text-tables',
  enforce: 'pre',
  transform(code, id) {
    const entries = id.endsWith(TABLE);
    const file = entries ? id.slice(0, -TABLE.length) : id;
    const name = TEXT_TABLES.find(([pattern]) => pattern.test(file))?.[1];
    if (!name) return null;
    if (!entries) {
      const code = `export * as ${name} from ${JSON.stringify(`${id}${TABLE}`)};`;
      return { code, map: { mappings: '' } };
    }
    const fail = (why: string) => this.error(`${file}: ${why} (vite.config.ts, textTables)`);
    const { program } = parseSync(id, code, { lang: 'ts' });
    const declaration = program.body.find(
      (node) =>
        node.type === 'ExportNamedDeclaration' &&
        node.declaration?.type === 'VariableDeclaration' &&
        node.declaration.declarations[0]?.id.type === 'Identifier' &&
        node.declaration.declarations[0].id.name === name,
    );
    if (declaration?.type !== 'ExportNamedDeclaration') return fail(`no \`export const ${name}\``);
    const init =
      declaration.declaration?.type === 'VariableDeclaration'
        ? declaration.declaration.declarations[0]?.init
        : undefined;
    const object = init?.type === 'TSAsExpression' ? init.expression : init;
    if (object?.type !== 'ObjectExpression') return fail(`\`${name}\` is not an object literal`);
    // Edited in place, each line kept where it was, so a line-for-line map is the exact one.
    const edits: [start: number, end: number, text: string][] = [
      [declaration.start, object.start + 1, ''],
      [object.end - 1, declaration.end, ''],
    ];
    const keys: string[] = [];
    for (const property of object.properties) {
      if (
        property.type !== 'Property' ||
        property.key.type !== 'Identifier' ||
        property.computed ||
        property.method ||
        property.kind !== 'init'
      ) {
        return fail(`\`${name}\` holds something other than \`key: value\``);
      }
      const gap = code.slice(property.start, property.value.start).replace(/[^\n]/g, '');
      // A local name and an export list: a key may be a reserved word (`text.continue`).
      const key = property.key.name;
      keys.push(key);
      edits.push([property.start, property.value.start, `const entry$${key} = ${gap}`]);
      const comma = code.indexOf(',', property.value.end);
      if (comma !== -1 && comma < object.end) edits.push([comma, comma + 1, ';']);
    }
    let out = code;
    for (const [start, end, text] of edits.sort((a, b) => b[0] - a[0])) {
      out = out.slice(0, start) + text + out.slice(end);
    }
    const lines = out.split('\n').length;
    out += `\nexport { ${keys.map((key) => `entry$${key} as ${key}`).join(', ')} };`;
    return { code: out, map: { mappings: `AAAA${';AACA'.repeat(lines - 1)}`, sources: [file] } };
  },
};

/*
 * The later chunks, a few large ones rather than one per shared module (issue 18). Left to itself
 * the bundler made a chunk of every set of modules that the same views share: a booking fetched
 * 23 files, many under 1 KB, and each is gzipped alone, paying its own header and learning its own
 * dictionary (`className`, `cw-`, the hooks' names…) again. Grouped by when a parent needs them:
 *   after-paint  the page side, fetched once the listing has painted (after-paint.ts);
 *   later        what every later view needs, fetched with the first one (lazy.ts): compat, the
 *                later CSS, the later texts and ui.tsx, the engine messages the widget shows;
 *   GroupDetail  the group page, the first step (and preloaded on a Book button's hover);
 *   forms        sign-in, the attendee form and the helpers the booking shares with the other
 *                views (My bookings, Waitlist, the account area, the trial offer): money, price
 *                lines, the card payment and its countdown;
 *   Journey      the booking form and checkout, which opens from it, in one file.
 * engine/dates.ts stays a chunk of its own: the re-enrolment page needs it and nothing else of
 * forms, and the group page, the first step, does not need it at all. Grouping costs the views
 * outside the booking a little (My bookings fetches the attendee form with sign-in, about 1.5 KB
 * more; the trial offer the price lines and attendee form, about 6 KB more) for 4 KB less on every
 * booking. The view chunks keep their view's name (test/widget-sizes.ts tells views by it). Only
 * the modules named here are captured, not what they import: the initial modules stay in widget.js.
 */
const later = (name: string, ...modules: RegExp[]) => ({
  name,
  test: new RegExp(modules.map((m) => m.source).join('|')),
  includeDependenciesRecursively: false,
});
const LATER_CHUNKS = [
  later(
    'after-paint',
    /widget[\\/]src[\\/](after-paint|page|step-event|keep-in-hash|history)\.ts$/,
    /embed-snippet[\\/]queue\.ts$/,
    /engine[\\/]deep-links\.ts$/,
  ),
  later(
    'later',
    /widget[\\/]src[\\/](compat-patch|styles-later|hooks-later)\.ts$/,
    /node_modules[\\/]preact[\\/]compat[\\/]dist[\\/]compat\.mjs$/,
    /node_modules[\\/]@preact[\\/]compat[\\/]index\.mjs$/,
    /widget[\\/]src[\\/]views[\\/](text\.ts|ui\.tsx)$/,
    /engine[\\/](display|school-year|plans)\.ts$/,
    /engine[\\/]messages\.ts(\?entries)?$/,
  ),
  later(
    'GroupDetail',
    /widget[\\/]src[\\/]views[\\/](GroupDetail|unavailable)\.tsx$/,
    /widget[\\/]src[\\/]views[\\/]html\.ts$/,
    /embed-snippet[\\/]csp\.ts$/,
  ),
  later(
    'forms',
    /node_modules[\\/]valibot[\\/]/,
    /engine[\\/]schemas[\\/](common|auth|attendee|account|uploads)\.ts$/,
    /widget[\\/]src[\\/]views[\\/]account[\\/](Input|EmailRequestForm|ForgotPassword|household-text|LinkSignIn|Account)\.tsx?$/,
    /widget[\\/]src[\\/]views[\\/]attendees[\\/]AttendeeForm\.tsx$/,
    /engine[\\/]money\.ts$/,
    /engine[\\/]pricing[\\/]lines\.ts$/,
    /widget[\\/]src[\\/]views[\\/]journey[\\/]saved-basket\.ts$/,
    /widget[\\/]src[\\/]views[\\/]mine[\\/]Plans\.tsx$/,
    /api-client[\\/]pay-messages\.ts$/,
    /widget[\\/]src[\\/]views[\\/](checkout[\\/])?CardPayment\.tsx$/,
    /widget[\\/]src[\\/]views[\\/]checkout[\\/]Countdown\.tsx$/,
  ),
  later(
    'Journey',
    /widget[\\/]src[\\/]views[\\/]journey[\\/](?!saved-basket).*\.tsx?$/,
    /widget[\\/]src[\\/]views[\\/]checkout[\\/](booked-event|Confirmation|Checkout)\.tsx?$/,
    /engine[\\/](payment-schedule|recurring-payments|availability|bookings)\.ts$/,
    /engine[\\/]pricing[\\/](discounts|basket)\.ts$/,
  ),
];

function widget(): UserConfig {
  return {
    plugins: [initialEngineCopies, compatHooks, textTables],
    resolve: { alias: preactAliases },
    define: { 'process.env.NODE_ENV': '"production"' },
    publicDir: false,
    build: {
      outDir: resolve(root, 'dist/widget'),
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: true,
      rollupOptions: {
        // Shared code stays in widget.js (chunks import it back) instead of a common chunk
        // the entry would have to fetch before it can run.
        preserveEntrySignatures: 'allow-extension',
        // Lib mode leaves ES output unminified; every organiser's page pays for those bytes.
        // Lazy chunks land in dist/widget/widget/, which the server serves as /widget/*: the
        // entry imports them as './widget/x.js' and they import '../widget.js' back.
        output: {
          chunkFileNames: 'widget/[name]-[hash].js',
          minify: true,
          // The minified output is final: its `@__PURE__` marks (a hundred in widget.js) only
          // served tree-shaking, which is done by then. Licence comments stay.
          comments: { legal: true, annotation: false, jsdoc: false },
          // Preact and its hooks stay in widget.js with the entry, not in a common chunk the
          // entry would fetch before it can run; the later code goes in LATER_CHUNKS.
          codeSplitting: {
            groups: [
              {
                name: 'widget',
                test: /widget[\\/]src[\\/]main\.tsx$|node_modules[\\/]preact[\\/](dist|hooks|jsx-runtime)[\\/]/,
              },
              ...LATER_CHUNKS,
            ],
          },
        },
      },
      lib: {
        entry: resolve(root, 'widget/src/main.tsx'),
        formats: ['es'],
        fileName: () => 'widget.js',
      },
    },
  };
}

function embed(): UserConfig {
  return {
    publicDir: false,
    build: {
      outDir: resolve(root, 'dist/embed'),
      emptyOutDir: true,
      target: 'es2017',
      lib: {
        entry: resolve(root, 'embed-snippet/loader.ts'),
        formats: ['iife'],
        name: 'ClasswiseEmbed',
        fileName: () => 'embed.js',
      },
    },
  };
}

export default defineConfig(({ mode }) => {
  if (mode === 'dashboard') return dashboard();
  if (mode === 'widget') return widget();
  if (mode === 'embed') return embed();
  if (mode === 'pay') return pay();
  return {
    test: {
      projects: [
        {
          extends: true,
          test: { name: 'engine', include: ['engine/**/*.test.ts'], environment: 'node' },
        },
        {
          extends: true,
          test: {
            name: 'api',
            include: [
              'api/**/*.test.ts',
              'api-client/**/*.test.ts',
              'embed-snippet/**/*.test.ts',
              'scripts/**/*.test.ts',
              'test/**/*.test.ts',
              'dashboard/**/*.test.ts',
              'widget/**/*.test.ts',
            ],
            environment: 'node',
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'browser',
            include: ['e2e/**/*.test.ts'],
            environment: 'node',
            testTimeout: 90_000,
            hookTimeout: 120_000,
            fileParallelism: false,
          },
        },
      ],
    },
  };
});
