// Lint: typescript-eslint's recommended rules plus the layer import rule of ARCHITECTURE.md.
import tseslint from 'typescript-eslint';

/** Layers each layer may import (besides itself). `type-only` imports are listed separately. */
const ALLOWED = {
  // Helpers every layer needs, one of each (PRNG, token bucket, raw Ed25519 keys, CIDR matching, NDJSON
  // reader, hidden-line reader, server shutdown): imports no layer, every layer may import it.
  lib: [],
  protocol: ['lib'],
  auth: ['protocol', 'lib'],
  transport: ['protocol', 'auth', 'lib'],
  domain: ['protocol', 'lib'],
  client: ['transport', 'auth', 'domain', 'protocol', 'lib'],
  state: ['domain', 'protocol', 'lib'],
  // The screen: one folder per context (bindings, flow, view model, pane) over the shared plumbing (keys/,
  // shell/, format/) and actions/ (TerminalActions), which reaches the client only through the interface
  // declared in domain/. Its inner rule is SCREEN_RULES below.
  ui: ['state', 'domain', 'protocol', 'lib'],
  sim: ['protocol', 'domain', 'lib'],
  // Terminal manners and the frame path: alternate screen and restore, clipboard, the Ink mount with its
  // frame writers (the one port to Ink's internals is terminal/frames/ink-port.ts), perf metering. It
  // mounts the ui and reads the store; of client/ it sees types only (TYPE_ONLY).
  terminal: ['ui', 'state', 'lib'],
  // Replay: a recording played back to the real sessions (a local server for market data, a recorded
  // link for the trading session), read-only.
  replay: ['client', 'transport', 'domain', 'protocol', 'state', 'lib'],
  app: null, // wires everything
  cli: null,
};
const LAYERS = Object.keys(ALLOWED);
/** Layers whose *types* a layer may import, never their code. */
const TYPE_ONLY = {
  // The perf meter attaches to the market-data session it is handed; the mount hands the app the program's
  // commands, whose interface is declared in domain/terminal-actions.ts.
  terminal: ['client', 'domain'],
};

function layerPatterns(layer) {
  const allowed = ALLOWED[layer];
  const forbidden = LAYERS.filter((l) => l !== layer && !allowed.includes(l));
  return forbidden.map((l) => ({
    group: [`**/${l}/*`, `**/${l}`],
    message: `${layer}/ may not import ${l}/ (ARCHITECTURE.md layer rule).`,
    ...((TYPE_ONLY[layer] ?? []).includes(l) ? { allowTypeImports: true } : {}),
  }));
}

function restrictImports(files, patterns) {
  return {
    files,
    // Tests may reach for the local exchange and helpers as a counterparty.
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
  };
}

function layerRules(layer) {
  if (ALLOWED[layer] === null) return [];
  return [restrictImports([`src/${layer}/**/*.{ts,tsx}`], layerPatterns(layer))];
}

/**
 * Inside the screen (src/ui/): a key is read as plumbing -> one context folder -> actions/ -> the client.
 * format/ (shared text helpers) and actions/ (TerminalActions) sit under every context and import none;
 * a context never reaches up into the plumbing that calls it (the shell that mounts it, the dispatcher).
 * A later entry for the same files replaces the layer rule's option, so each keeps the layer patterns.
 */
const SIBLING_UI_FOLDER = { regex: '^\\.\\./(?!\\.\\./)', message: 'format/ and actions/ import no other ui/ folder (they sit under every context).' };
const PLUMBING_TOP = {
  regex: '^(\\.\\./)+(shell/App|keys/(dispatch|keymap|use-keys|key-reader|mode-bindings|pane-bindings))(\\.js)?$',
  message: 'a screen context never imports the plumbing that calls it (the shell, the dispatcher, the keymap).',
  allowTypeImports: true,
};
const SCREEN_RULES = [
  restrictImports(['src/ui/format/**/*.{ts,tsx}', 'src/ui/actions/**/*.{ts,tsx}'], [...layerPatterns('ui'), SIBLING_UI_FOLDER]),
  { ...restrictImports(['src/ui/*/**/*.{ts,tsx}'], [...layerPatterns('ui'), PLUMBING_TOP]), ignores: ['**/*.test.ts', '**/*.test.tsx', 'src/ui/shell/**', 'src/ui/keys/**', 'src/ui/format/**', 'src/ui/actions/**'] },
];

/**
 * One writer of the store (the store-writer rule): only src/state/ writes it, through its named reducers
 * (actions.ts, workspace-actions.ts, trading-actions.ts, link-actions.ts, ...); everyone else calls one.
 * Forbidden elsewhere: `x.setState(...)` (a class's own `this.setState` is not the store), taking
 * `setState` out of an object, and assigning into, deleting from or mutating (push, splice, set, ...) what
 * `getState()` returned, written as one chain (`store.getState().a.b = v`). Tests may set up a store.
 */
const STORE_WRITER_MESSAGE = 'store-writer rule: only src/state/ writes the store; call a named reducer of state/ (state/actions.ts, workspace-actions.ts, trading-actions.ts, link-actions.ts, ...).';
/** `getState()` at the end of a member chain `depth` steps below `outer` (the written member). */
function getStateChain(outer, depth) {
  return `${outer} > ${'MemberExpression.object > '.repeat(depth)}CallExpression.object[callee.property.name='getState']`;
}
const MUTATORS = 'push|pop|shift|unshift|splice|sort|reverse|fill|copyWithin|set|add|delete|clear';
const CHAIN_DEPTHS = [0, 1, 2, 3, 4];
const STORE_WRITER_SELECTORS = [
  "CallExpression[callee.type='MemberExpression'][callee.property.name='setState']:not([callee.object.type='ThisExpression'])",
  "VariableDeclarator > ObjectPattern.id > Property[key.name='setState']",
  // state/'s generic patcher of the trading ui slice is for its own reducers: outside, a named one is called.
  "ImportSpecifier[imported.name='patchUi']",
  ...CHAIN_DEPTHS.map((d) => getStateChain('AssignmentExpression > MemberExpression.left', d)),
  ...CHAIN_DEPTHS.map((d) => getStateChain('UpdateExpression > MemberExpression.argument', d)),
  ...CHAIN_DEPTHS.map((d) => getStateChain("UnaryExpression[operator='delete'] > MemberExpression.argument", d)),
  ...CHAIN_DEPTHS.map((d) => getStateChain(`CallExpression > MemberExpression.callee[property.name=/^(${MUTATORS})$/]`, d)),
];
const STORE_WRITER_RULE = {
  files: ['src/**/*.{ts,tsx}'],
  ignores: ['src/state/**', '**/*.test.ts', '**/*.test.tsx'],
  rules: { 'no-restricted-syntax': ['error', ...STORE_WRITER_SELECTORS.map((selector) => ({ selector, message: STORE_WRITER_MESSAGE }))] },
};

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'coverage/', 'bench/results/'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Nothing outside sim/ imports sim/ except app/ and cli/: sim is absent from every other ALLOWED list.
  ...LAYERS.flatMap(layerRules),
  ...SCREEN_RULES,
  STORE_WRITER_RULE,
  // React's packages as the build bundles them: CommonJS modules, whose run-time require is the point.
  { files: ['src/terminal/react-builds/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
);
