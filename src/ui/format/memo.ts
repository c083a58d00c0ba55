// A one-entry cache: a pure function of a few inputs computed once while its inputs are the same objects
// (Object.is each), so a pane's draw and the key that acts on what it drew share one working-out.

export function memoLast<Args extends readonly unknown[], R>(fn: (...args: Args) => R): (...args: Args) => R {
  let last: { args: Args; result: R } | null = null;
  return (...args: Args): R => {
    if (last && last.args.length === args.length && last.args.every((a, i) => Object.is(a, args[i]))) return last.result;
    const result = fn(...args);
    last = { args, result };
    return result;
  };
}
