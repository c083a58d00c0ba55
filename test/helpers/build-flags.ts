// The esbuild flags of `npm run build`, once for the builds the tests and the bench make of the app
// (test/reliability/built-app.ts, bench/lib/probe-build.ts); build-flags.test.ts holds package.json to them.

/** npm packages are bundled (fewer files to find and read at start); these stay out: optional or DEV-only. */
export const BUNDLE_EXTERNALS = ['bufferutil', 'utf-8-validate', 'react-devtools-core'] as const;

/** CommonJS parts of bundled packages call `require`: an ES module has none of its own. */
export const REQUIRE_BANNER = 'import { createRequire as __perplCreateRequire } from "node:module"; const require = __perplCreateRequire(import.meta.url);';

/** The flags as `npm run build` passes them (outdir and source maps apart). */
export const APP_BUILD_FLAGS: readonly string[] = [
  '--bundle',
  '--splitting',
  '--platform=node',
  '--format=esm',
  '--target=node20',
  ...BUNDLE_EXTERNALS.map((name) => `--external:${name}`),
  `--banner:js=${REQUIRE_BANNER}`,
  '--chunk-names=chunks/[name]-[hash]',
  '--log-level=warning',
];
