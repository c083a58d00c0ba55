// Measures milliseconds per block from heartbeat arrivals (block number + local arrival time),
// for countdowns expressed in blocks (funding, order expiry). Monad runs ~0.3 s per block today,
// but that has changed before, so measure and only fall back to the nominal value. Blocks are said with
// the time they take at that pace ("5 blocks ≈ 1.5 s").

export const NOMINAL_MS_PER_BLOCK = 300;

interface Sample {
  block: number;
  atMs: number;
}

export class BlockTimeEstimator {
  private readonly samples: Sample[] = [];

  constructor(
    /** Samples kept; the estimate spans the oldest to the newest. */
    private readonly window = 64,
    /** Fewer blocks than this between oldest and newest: not enough to trust, use the nominal value. */
    private readonly minBlocks = 8,
  ) {}

  /** Records a head block seen at local time `atMs`. Older or equal blocks are ignored. */
  observe(block: number, atMs: number): void {
    const last = this.samples.at(-1);
    if (last !== undefined && block <= last.block) {
      if (block < last.block) this.samples.length = 0; // chain went backwards (another network?): restart
      else return;
    }
    this.samples.push({ block, atMs });
    if (this.samples.length > this.window) this.samples.shift();
  }

  /** Measured ms per block, or null when there is not enough data. */
  measuredMsPerBlock(): number | null {
    const first = this.samples[0];
    const last = this.samples.at(-1);
    if (first === undefined || last === undefined) return null;
    const blocks = last.block - first.block;
    if (blocks < this.minBlocks) return null;
    return (last.atMs - first.atMs) / blocks;
  }

  /** Measured value, else the nominal 300 ms. */
  msPerBlock(): number {
    return this.measuredMsPerBlock() ?? NOMINAL_MS_PER_BLOCK;
  }
}

/** A stretch of time said roughly: "1.5 s", "12 s", "2.5 min", "25 min", "1.2 h". */
export function roughDuration(ms: number): string {
  const s = Math.max(0, ms) / 1000;
  if (s < 10) return `${s.toFixed(1)} s`;
  if (s < 60) return `${Math.round(s)} s`;
  const min = s / 60;
  if (min < 10) return `${min.toFixed(1)} min`;
  if (min < 60) return `${Math.round(min)} min`;
  return `${(min / 60).toFixed(1)} h`;
}

/** Blocks with the time they take at the block time the client measured: "5 blocks ≈ 1.5 s" (`unit` "blk": "5 blk ≈ 1.5 s"). */
export function blocksWithTime(blocks: number, msPerBlock: number, unit: 'blocks' | 'blk' = 'blocks'): string {
  const name = unit === 'blocks' && blocks === 1 ? 'block' : unit;
  return `${blocks} ${name} ≈ ${roughDuration(blocks * msPerBlock)}`;
}
