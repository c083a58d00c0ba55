// One-entry caches: a pure function worked out once while what it reads is the same objects (Object.is
// each), so a pane's draw and the key that acts on what it drew share one working-out.

/** `fn` cached on the identity of what `key` picks from its arguments (e.g. the store slices a view reads). */
export function memoBy<Args extends readonly unknown[], R>(key: (...args: Args) => readonly unknown[], fn: (...args: Args) => R): (...args: Args) => R {
  let last: { key: readonly unknown[]; result: R } | null = null;
  return (...args: Args): R => {
    const now = key(...args);
    if (last && last.key.length === now.length && last.key.every((k, i) => Object.is(k, now[i]))) return last.result;
    const result = fn(...args);
    last = { key: now, result };
    return result;
  };
}

/** `fn` cached on the identity of its arguments. */
export function memoLast<Args extends readonly unknown[], R>(fn: (...args: Args) => R): (...args: Args) => R {
  return memoBy((...args: Args) => args, fn);
}
