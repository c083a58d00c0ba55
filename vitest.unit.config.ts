// `npm run test:unit`: the fast loop. Pure tests and tests on a virtual clock only: nothing here opens a
// socket, listens, starts the local exchange, renders the app into a terminal or spawns a process, so it
// runs in seconds and cannot flake on a loaded machine. `npm test` (vitest.config.ts) still runs everything.
import { configDefaults, defineConfig } from 'vitest/config';
import base from './vitest.config.js';

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    // One worker pool of threads reusing its module graph: pure tests share no state worth isolating, and
    // a fork per file spent five times the CPU of the tests themselves on start-up and imports.
    pool: 'threads',
    isolate: false,
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'test/helpers/**/*.test.ts',
      'test/fuzz/decode.fuzz.test.ts',
      'test/auth/signing-vectors.test.ts',
      'test/docs/**/*.test.ts',
      // The bench's pure parts (its Nodes, results merging, the README table); its scenarios spawn and are not tests.
      'bench/**/*.test.ts',
    ],
    exclude: [
      ...configDefaults.exclude,
      // These listen on a loopback socket or spawn a process: the full suite runs them.
      'src/transport/ws/reconnecting-socket.test.ts',
      'src/transport/ws/outbound-budget.test.ts',
      'src/app/config/load-config.test.ts',
      'src/auth/keyfile-read.test.ts',
      'src/state/frame-turn.test.ts',
    ],
  },
});
