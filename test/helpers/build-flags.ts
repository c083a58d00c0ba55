// The esbuild flags of `npm run build`, once for the builds the tests and the bench make of the app
// (test/reliability/built-app.ts, bench/lib/probe-build.ts); build-flags.test.ts holds package.json to them.

/** npm packages are bundled (fewer files to find and read at start); these stay out: optional or DEV-only. */
export const BUNDLE_EXTERNALS = ['bufferutil', 'utf-8-validate', 'react-devtools-core'] as const;

/** CommonJS parts of bundled packages call `require`: an ES module has none of its own. */
export const REQUIRE_BANNER = 'import { createRequire as __perplCreateRequire } from "node:module"; const require = __perplCreateRequire(import.meta.url);';

/**
 * glibc's malloc, left alone, raises the free memory it keeps at the top of each arena to twice the largest block it
 * ever unmapped (megabytes, once a chunk's source is read at start): V8's four platform workers then keep their
 * compile peaks, 12-28 MB of free memory resident (bench soak, malloc_threads_mb). Set, the threshold stays at
 * glibc's default 128 kB and stops moving. It must be in the environment when node starts: see LAUNCHER_LINE.
 */
export const MALLOC_TRIM_THRESHOLD = '131072';

/** glibc's malloc settings `perpl` starts node with: read once as the process starts, so set before node runs. */
export const LAUNCHER_MALLOC_ENV: Readonly<Record<string, string>> = {
  MALLOC_TRIM_THRESHOLD_: MALLOC_TRIM_THRESHOLD,
};

/**
 * Node's options `perpl` starts node with (fixed when the process starts: no later call changes them).
 * V8's platform has four worker threads by default, on any machine: concurrent marking, sweeping and
 * compiling run on them, and each keeps its own malloc arena of freed compile memory. Two do the same work
 * for a heap this size, and two fewer threads contend for the cores with the screen (bench soak, 2 cores,
 * 120 s: 4.2 MB less resident on Node 24, its thread arenas 6.6 MB, not 10.8; whole runs, medians of three:
 * Node 24 110.8 -> 108.2 MB, CPU at 2,000 updates/s 18.8 -> 15.0 %).
 *
 * `--no-maglev`: V8's mid-tier compiler, on by default from Node 22 (Node 20's V8 has it off), compiles on those
 * workers; what it leaves is free malloc memory in their arenas, its own code pages of the binary touched, and its
 * code on the heap. TurboFan still optimizes the hot paths. Node 24 probe soaks, 150 s at 2,000 updates/s, four
 * pairs side by side: resident 104.5-107.0 -> 102.2-102.7 MB (malloc 13.7-16.1 -> 13.1-13.4, binary 50.6 -> 49.4),
 * CPU 14.6-15.6 -> 14.9-16.3 %; key to wire (two 300-order runs a side) no slower within this VM's noise.
 */
export const LAUNCHER_NODE_ARGS: readonly string[] = ['--v8-pool-size=2', '--no-maglev'];

/**
 * The entry file is a shell script too (its hashbang is #!/bin/sh): `perpl` runs through sh, which sets malloc's
 * settings (a user's own value of each kept) and execs node, with its options, on the same file: one node start,
 * the same process. sh stops at the exec; node reads a string statement and a comment.
 */
export const LAUNCHER_LINE = `":" //; exec env ${Object.entries(LAUNCHER_MALLOC_ENV)
  .map(([name, value]) => `${name}="\${${name}:-${value}}"`)
  .join(' ')} node ${LAUNCHER_NODE_ARGS.join(' ')} "$0" "$@"`;

/**
 * Ink's `widest-line` replaced by the same measure counted in one pass for the screen's own glyphs
 * (src/terminal/frames/widest-line.ts): Ink calls it on every text node of every frame. React's packages
 * (src/terminal/react-builds/) bundle their production build only: each package's index picks its build at
 * run time, so the bundle carried both, and V8 keeps a loaded chunk's whole source (the development builds
 * were 0.5 MB of the screen's 1.5). Resolved from the working directory (esbuild's rule for aliases): the
 * builds run in the repository's root.
 */
export const BUNDLE_ALIASES = {
  'widest-line': './src/terminal/frames/widest-line.ts',
  react: './src/terminal/react-builds/react.cjs',
  'react/jsx-runtime': './src/terminal/react-builds/jsx-runtime.cjs',
  'react-reconciler': './src/terminal/react-builds/react-reconciler.cjs',
  // The package's own file (its two builds are a few numbers each): the alias above would remap the subpath.
  'react-reconciler/constants.js': './node_modules/react-reconciler/constants.js',
  scheduler: './src/terminal/react-builds/scheduler.cjs',
} as const;

/**
 * V8 keeps each loaded chunk's source for the process's life (functions compile lazily from it): without the
 * indentation and line breaks the screen's chunk is 1.5 MB instead of 2.1 (names kept: stack traces and errors
 * read the same, and the source maps still map them).
 */
export const MINIFY_WHITESPACE = true;

/** The flags as `npm run build` passes them (outdir and source maps apart). */
export const APP_BUILD_FLAGS: readonly string[] = [
  '--bundle',
  '--splitting',
  '--platform=node',
  '--format=esm',
  '--target=node20',
  ...BUNDLE_EXTERNALS.map((name) => `--external:${name}`),
  ...Object.entries(BUNDLE_ALIASES).map(([name, path]) => `--alias:${name}=${path}`),
  `--banner:js=${LAUNCHER_LINE}\n${REQUIRE_BANNER}`,
  '--chunk-names=chunks/[name]-[hash]',
  '--log-level=warning',
  ...(MINIFY_WHITESPACE ? ['--minify-whitespace'] : []),
];
