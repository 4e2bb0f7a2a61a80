/*
 * preact/compat's React emulation (event names, className, onChange as input…), which lazy.ts
 * loads with every later chunk so it patches preact before any later view renders. Imported
 * for its effect only: `import('react')` made the whole of compat's namespace reachable, so every
 * export (Suspense, lazy, portals, Children, useSyncExternalStore…) came along whether a view
 * used it or not. The later views import what they use from 'react' themselves (issue 18).
 */
import 'react';
