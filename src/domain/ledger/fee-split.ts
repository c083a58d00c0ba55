// A fee split between two parts of one fill (a flip closes one position and opens the next): the part's
// share pro rata to its size, truncated toward zero, the remainder to the other part, so the two add up
// to the fee to the atom. The local exchange splits the same way (sim/engine/positions.ts).

/** [share of `partSize`, the rest] of `fee` for a fill of `wholeSize`. */
export function splitFee(fee: bigint, partSize: number, wholeSize: number): [bigint, bigint] {
  if (wholeSize <= 0 || partSize >= wholeSize) return [fee, 0n];
  if (partSize <= 0) return [0n, fee];
  const part = (fee * BigInt(partSize)) / BigInt(wholeSize);
  return [part, fee - part];
}
