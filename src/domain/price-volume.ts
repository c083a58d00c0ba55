// Volume traded per price over the last minutes (the DOM ladder's volume column). Every new trade the tape
// takes is added here, not only the few the tape pane shows, so the column counts all of the window's
// trades. Bounded: at most MAX_TRADES are held (the oldest then leave early); the arrays grow only as
// trades come, so a terminal that never opens the ladder holds a few KB.

export const PRICE_VOLUME_WINDOW_MS = 5 * 60_000;
const MAX_TRADES = 65_536;
const FIRST_CAPACITY = 1_024;

/** Prices (ascending, ticks) with the size traded at each within the window. */
export interface PriceVolumeView {
  prices: readonly number[];
  sizes: readonly number[];
}

export const NO_PRICE_VOLUME: PriceVolumeView = { prices: [], sizes: [] };

export class PriceVolume {
  private times: Float64Array<ArrayBuffer> = new Float64Array(0);
  private prices: Float64Array<ArrayBuffer> = new Float64Array(0);
  private sizes: Float64Array<ArrayBuffer> = new Float64Array(0);
  /** Oldest held trade's slot, and how many are held. */
  private head = 0;
  private count = 0;
  private readonly byPrice = new Map<number, number>();
  private changes = 0;
  private cached: { changes: number; view: PriceVolumeView } | null = null;

  constructor(private readonly windowMs = PRICE_VOLUME_WINDOW_MS) {}

  add(price: number, size: number, timeMs: number): void {
    if (this.count === this.times.length) {
      if (this.times.length < MAX_TRADES) this.grow();
      else this.dropOldest();
    }
    const at = (this.head + this.count) % this.times.length;
    this.times[at] = timeMs;
    this.prices[at] = price;
    this.sizes[at] = size;
    this.count += 1;
    this.byPrice.set(price, (this.byPrice.get(price) ?? 0) + size);
    this.changes += 1;
  }

  clear(): void {
    this.head = 0;
    this.count = 0;
    this.byPrice.clear();
    this.changes += 1;
  }

  /** The window ending at `nowMs`: a new object only when a trade came or left since the last call. */
  view(nowMs: number): PriceVolumeView {
    this.expire(nowMs - this.windowMs);
    if (this.cached?.changes === this.changes) return this.cached.view;
    const prices = [...this.byPrice.keys()].sort((a, b) => a - b);
    const view = { prices, sizes: prices.map((p) => this.byPrice.get(p) ?? 0) };
    this.cached = { changes: this.changes, view };
    return view;
  }

  private expire(beforeMs: number): void {
    while (this.count > 0 && this.times[this.head]! < beforeMs) this.dropOldest();
  }

  private dropOldest(): void {
    const price = this.prices[this.head]!;
    const left = (this.byPrice.get(price) ?? 0) - this.sizes[this.head]!;
    if (left > 0) this.byPrice.set(price, left);
    else this.byPrice.delete(price);
    this.head = (this.head + 1) % this.times.length;
    this.count -= 1;
    this.changes += 1;
  }

  private grow(): void {
    const capacity = Math.max(FIRST_CAPACITY, this.times.length * 2);
    const copy = (from: Float64Array): Float64Array<ArrayBuffer> => {
      const to = new Float64Array(capacity);
      for (let i = 0; i < this.count; i++) to[i] = from[(this.head + i) % from.length]!;
      return to;
    };
    this.times = copy(this.times);
    this.prices = copy(this.prices);
    this.sizes = copy(this.sizes);
    this.head = 0;
  }
}

/** Size traded in [from, from + span): the prices of one ladder row. */
export function volumeBetween(view: PriceVolumeView, from: number, span: number): number {
  const { prices, sizes } = view;
  let lo = 0;
  let hi = prices.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (prices[mid]! < from) lo = mid + 1;
    else hi = mid;
  }
  let sum = 0;
  for (let i = lo; i < prices.length && prices[i]! < from + span; i++) sum += sizes[i]!;
  return sum;
}
