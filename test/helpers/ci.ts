// Tests that need a tool from outside the project (python3, openssl) skip where it is missing, except on
// CI: there they run and fail, so a CI machine without the tool cannot pass what those tests stand for.
// vitest.config.ts turns CI off inside tests (for Ink), so it hands the runner's own value on as
// PERPL_RUNNER_CI.

import type { TestContext } from 'vitest';

/** True when the run started with CI set to anything but "", "0" or "false". */
export const onCi = !['', '0', 'false'].includes((process.env.PERPL_RUNNER_CI ?? '').trim().toLowerCase());

/** Returns when `tool` is `available`; otherwise fails the test on CI and skips it anywhere else. */
export function requireTool(ctx: Pick<TestContext, 'skip'>, tool: string, available: boolean): void {
  if (available) return;
  if (onCi) throw new Error(`${tool} is not installed: on CI this test must run, not skip (install ${tool})`);
  ctx.skip(`${tool} is not installed`);
}

/** Whether the tests run as root (uid 0): only root can give a file to another user, as a planted file is. */
export const runsAsRoot = (): boolean => process.getuid?.() === 0;

/**
 * Returns when running as root; otherwise skips the test with why (on CI, which runs as root, it fails
 * instead: a planted-file check that never runs there guards nothing).
 */
export function requireRoot(ctx: Pick<TestContext, 'skip'>): void {
  if (runsAsRoot()) return;
  if (onCi) throw new Error('not root: on CI this test must run, not skip (it chowns a file to uid 65534 to plant it)');
  ctx.skip('needs root: it chowns a file to uid 65534 to plant it as another user would');
}
