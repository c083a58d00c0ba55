// A map that remembers what recent frames used and forgets the rest: two generations of at most `size`
// entries; a hit in the older one moves the entry into the current one, and when the current one is
// full it becomes the older (the oldest is dropped whole). Bounded memory, no per-entry bookkeeping.

export class RecentMap<K, V> {
  private current = new Map<K, V>();
  private older = new Map<K, V>();

  constructor(private readonly size: number) {}

  get(key: K): V | undefined {
    const value = this.current.get(key);
    if (value !== undefined) return value;
    const old = this.older.get(key);
    if (old !== undefined) this.set(key, old);
    return old;
  }

  set(key: K, value: V): void {
    if (this.current.size >= this.size && !this.current.has(key)) {
      this.older = this.current;
      this.current = new Map();
    }
    this.current.set(key, value);
  }
}
