// A one-entry cache: the function's last result while it is called with the same arguments (Object.is,
// each). A screen's view model is built once per change of what it reads, however many readers ask
// (the pane drawing it, the key that needs its bounds).

export function memoLast<A extends readonly unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  let last: { args: A; result: R } | null = null;
  return (...args: A): R => {
    if (last && last.args.length === args.length && last.args.every((a, i) => Object.is(a, args[i]))) return last.result;
    const result = fn(...args);
    last = { args, result };
    return result;
  };
}
