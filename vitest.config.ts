import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'test/**/*.test.tsx', 'bench/**/*.test.ts'],
    // Ink buffers all output until unmount when it believes it runs in CI; screen tests need live frames.
    // SSH_TTY empty: run over SSH or not, the app's low-bandwidth profile stays off unless a test asks for it.
    // PERPL_RUNNER_CI keeps the runner's CI value: on CI, tests needing python3 / openssl fail, never skip.
    env: { CI: 'false', PERPL_RUNNER_CI: process.env.CI ?? '', FORCE_COLOR: '1', SSH_TTY: '' },
    // End-to-end tests share two cores with the exchange they talk to: a loaded CI must not time them out.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One seed for every property and fuzz test (test/helpers/property-seed.ts).
    setupFiles: ['./test/helpers/property-seed.ts'],
    reporters: ['default', './test/helpers/summary-reporter.ts'],
  },
});
