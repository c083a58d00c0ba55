// A one-entry cache for a pure function of immutable inputs: the last result, reused while every input is
// the same object (Object.is) as last time. The screen's view models key it on the store slices they read,
// so a key's handler, the pane's paint and a repaint for an unrelated slice share one computation.

/** `cached(inputs, compute)`: compute's result for these inputs, computed again only when one of them changed. */
export type LastResult<R> = (inputs: readonly unknown[], compute: () => R) => R;

export function lastResult<R>(): LastResult<R> {
  let last: { inputs: readonly unknown[]; result: R } | null = null;
  return (inputs, compute) => {
    if (last && last.inputs.length === inputs.length && last.inputs.every((v, i) => Object.is(v, inputs[i]))) return last.result;
    const result = compute();
    last = { inputs, result };
    return result;
  };
}
