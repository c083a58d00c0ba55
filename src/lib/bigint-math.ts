// Small exact helpers for bigint money arithmetic, one of each for every layer.

/** 10^n as a bigint (n a small non-negative integer: a decimals count). */
export function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

/** |v| for a bigint (Math.abs takes numbers only). */
export function absBigint(v: bigint): bigint {
  return v < 0n ? -v : v;
}
