// Typing into the in-process app, and the proof that it handled what was typed. Ink reads stdin in
// order and handles each read before the next, and the app's key handlers change the store at once: so
// the visible effect of a later key (a sentinel) proves that every key before it was handled, whatever
// the machine's load. That is how a test shows a key did nothing; a fixed sleep would prove nothing.

import type { VirtualTerminal } from './terminal.js';
import { waitFor } from './wait.js';

/** What a screen wait accepts: text on the screen, a pattern, or a predicate (of the screen or anything). */
export type ScreenCondition = string | RegExp | ((screen: string) => boolean);

/**
 * Resolves once the app has read every key typed so far. A lone Esc at the end of a read is handed to
 * the app a moment later (Ink waits one turn of the event loop for the rest of an escape sequence):
 * after this, the next key is a read of its own and cannot merge with it into Alt+key.
 */
export async function keysRead(vt: VirtualTerminal, timeoutMs = 15_000): Promise<void> {
  await waitFor(() => !vt.stdin.unread, 'the app to read the keys typed so far (is raw mode on?)', timeoutMs, 5);
  await new Promise<void>((resolve) => setImmediate(resolve));
}

/** Presses each key as its own read, in order (as typed by hand, never two in one read). */
export async function pressEach(vt: VirtualTerminal, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    vt.press(key);
    await keysRead(vt);
  }
}

/** Presses `key` and waits until `effect` holds: the key was handled. Returns the screen. */
export async function pressAndSettle(vt: VirtualTerminal, key: string, effect: ScreenCondition, timeoutMs = 15_000): Promise<string> {
  vt.press(key);
  return vt.waitFor(effect, timeoutMs);
}

/**
 * Presses `keys` (each its own read), then `sentinel.key`, and waits for the sentinel's effect: from then
 * on every key of `keys` has been handled, so what they did, or did not do, is final. The sentinel must
 * have an effect the keys themselves cannot have caused.
 */
export async function pressThenSentinel(
  vt: VirtualTerminal,
  keys: readonly string[],
  sentinel: { key: string; effect: ScreenCondition },
  timeoutMs = 15_000,
): Promise<string> {
  await pressEach(vt, keys);
  return pressAndSettle(vt, sentinel.key, sentinel.effect, timeoutMs);
}

