// Equality of plain data by contents: primitives by Object.is (bigints by value), arrays element by element,
// plain objects key by key; anything else (a Map, a function, a class instance) only as the same object.
// The trading publisher keeps the rows it wrote while a fresh build has the same contents, so the views
// cached on their identity (memo-last.ts) are not built again and their panes do not draw again.

const isPlain = (v: object): boolean => {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || !isPlain(a) || !isPlain(b)) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = Object.keys(ra);
  if (keys.length !== Object.keys(rb).length) return false;
  for (const k of keys) if (!Object.prototype.hasOwnProperty.call(rb, k) || !sameData(ra[k], rb[k])) return false;
  return true;
}

/** `next`, or `before` when it holds the same data: a copy keeps the identity the caches key on. */
export function keepSame<T>(before: T, next: T): T {
  return sameData(before, next) ? before : next;
}
