// A memo of the values computed lately, bounded: two generations of at most `perGeneration` keys each.
// A key used again moves into the newest generation, so what every frame asks for stays, and what no
// frame asked for lately goes with the older generation.

export class RecentMemo<K, V> {
  private newer = new Map<K, V>();
  private older = new Map<K, V>();

  constructor(private readonly perGeneration: number) {}

  get(key: K, compute: (key: K) => V): V {
    const hit = this.newer.get(key);
    if (hit !== undefined) return hit;
    const value = this.older.get(key) ?? compute(key);
    if (this.newer.size >= this.perGeneration) {
      this.older = this.newer;
      this.newer = new Map();
    }
    this.newer.set(key, value);
    return value;
  }
}
