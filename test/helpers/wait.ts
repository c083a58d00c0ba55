// The suite's waits. A test on a loaded 2-core machine waits for a positive condition, never for a fixed
// time: `waitFor` / `eventually` poll until the condition holds and fail with what they waited for.
// `sleep` only paces (lets time pass on purpose: a key rhythm, a clock that must not move); it is never
// the proof that something happened, or did not.

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Not there yet: what a `waitFor` check returns until its condition holds. */
type NotYet = undefined | false;

/**
 * Polls `check` every `pollMs` until it returns something other than undefined or false, and returns that
 * (a check may be async). Throws after `timeoutMs`, naming `what` (a function is called only then, so it
 * can describe the state at the time, e.g. the screen).
 */
export async function waitFor<T>(check: () => T | NotYet | Promise<T | NotYet>, what: string | (() => string), timeoutMs = 15_000, pollMs = 10): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof what === 'function' ? what() : what}`);
    await sleep(pollMs);
  }
}

/** `waitFor` of a boolean condition, in the argument order the screen tests use. */
export async function eventually(check: () => boolean, timeoutMs = 15_000, what = 'condition'): Promise<void> {
  await waitFor(check, what, timeoutMs);
}
