// Lint: typescript-eslint's recommended rules plus the layer import rule of ARCHITECTURE.md.
import tseslint from 'typescript-eslint';

/** Layers each layer may import (besides itself). `type-only` imports are listed separately. */
const ALLOWED = {
  // Helpers every layer needs (hidden-line reader, ...): imports no layer, every layer may import it.
  lib: [],
  protocol: ['lib'],
  auth: ['protocol', 'lib'],
  transport: ['protocol', 'auth', 'lib'],
  domain: ['protocol', 'lib'],
  client: ['transport', 'auth', 'domain', 'protocol', 'lib'],
  state: ['domain', 'protocol', 'lib'],
  // The flows between a key and the client (order entry, confirms, the command line, the tabs' editors) and
  // TerminalActions: they reach the client only through the command interface declared in domain/.
  controller: ['domain', 'protocol', 'state', 'lib'],
  ui: ['controller', 'state', 'domain', 'protocol', 'lib'],
  sim: ['protocol', 'domain', 'lib'],
  app: null, // wires everything
  cli: null,
};
const LAYERS = Object.keys(ALLOWED);

function layerRules(layer) {
  const allowed = ALLOWED[layer];
  if (allowed === null) return [];
  const forbidden = LAYERS.filter((l) => l !== layer && !allowed.includes(l));
  // The ui may see the *type* of the command interface in client/, never its code.
  const patterns = forbidden.map((l) => ({
    group: [`**/${l}/*`, `**/${l}`],
    message: `${layer}/ may not import ${l}/ (ARCHITECTURE.md layer rule).`,
    ...(layer === 'ui' && l === 'client' ? { allowTypeImports: true } : {}),
  }));
  return [
    {
      files: [`src/${layer}/**/*.{ts,tsx}`],
      // Tests may reach for the local exchange and helpers as a counterparty.
      ignores: ['**/*.test.ts', '**/*.test.tsx'],
      rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
    },
  ];
}

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'coverage/', 'bench/results/'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  // Nothing outside sim/ imports sim/ except app/ and cli/: sim is absent from every other ALLOWED list.
  ...LAYERS.flatMap(layerRules),
);
