// The tests' fixed pseudo-random sequence (a linear congruential generator): a failure replays from its seed.

/** Numbers in [0, 1), the same sequence for the same `seed`. */
export function seededRandom(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
}
