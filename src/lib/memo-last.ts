// A one-entry cache: the last result while the inputs are the same (Object.is, each). A screen's view model
// is built once per change of what it reads, however many readers ask (the pane drawing it, the key that
// needs its bounds, the flow acting on it). Shapes of the one cache: a wrapped function keyed on its arguments
// or on what it reads of them, or a slot for a computation whose inputs are not its arguments.

const sameInputs = (a: readonly unknown[], b: readonly unknown[]): boolean => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/** `fn` cached on the identity of what `key` picks from its arguments (e.g. the store slices a view reads). */
export function memoBy<A extends readonly unknown[], R>(key: (...args: A) => readonly unknown[], fn: (...args: A) => R): (...args: A) => R {
  let last: { key: readonly unknown[]; result: R } | null = null;
  return (...args: A): R => {
    const now = key(...args);
    if (last && sameInputs(last.key, now)) return last.result;
    const result = fn(...args);
    last = { key: now, result };
    return result;
  };
}

/** `fn` cached on the identity of its arguments. */
export function memoLast<A extends readonly unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  return memoBy((...args: A) => args, fn);
}

/** `cached(inputs, compute)`: compute's result for these inputs, computed again only when one of them changed. */
export type LastResult<R> = (inputs: readonly unknown[], compute: () => R) => R;

export function lastResult<R>(): LastResult<R> {
  return memoBy(
    (inputs: readonly unknown[], _compute: () => R) => inputs,
    (_inputs, compute) => compute(),
  );
}

/**
 * The previous value while the next is equal to it by `same`: a fresh copy with the same contents keeps the
 * identity the caches above key on (the publisher writes fresh arrays of candles on every tick).
 */
export function keepWhileEqual<T>(same: (a: T, b: T) => boolean): (next: T) => T {
  let last: { value: T } | null = null;
  return (next) => {
    if (last && (last.value === next || same(last.value, next))) return last.value;
    last = { value: next };
    return next;
  };
}

/** Element-wise equality of two arrays by `sameItem`. */
export function sameArray<T>(sameItem: (a: T, b: T) => boolean): (a: readonly T[], b: readonly T[]) => boolean {
  return (a, b) => {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameItem(a[i] as T, b[i] as T)) return false;
    return true;
  };
}
