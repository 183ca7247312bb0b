/**
 * A small LRU cache bounded by a weight budget (bytes, roughly), used for decoded postings
 * blocks: hot terms are decoded once, not on every query. Map iteration order is insertion
 * order, so re-inserting on hit keeps the least recently used entry first.
 */
export class LruCache<K, V> {
  private readonly map = new Map<K, { value: V; weight: number; stamp: number }>();
  private total = 0;
  /** Operations so far: an entry refreshed within the last quarter of the map's size is recent enough. */
  private ops = 0;

  constructor(private readonly budget: number) {}

  get(key: K): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    // Re-inserting on every hit costs two hash operations for the hottest entries; those sit near
    // the young end already, so only entries not refreshed lately move (an approximate LRU).
    const ops = ++this.ops;
    if (ops - e.stamp > this.map.size >> 2) {
      this.map.delete(key);
      this.map.set(key, e);
      e.stamp = ops;
    }
    return e.value;
  }

  set(key: K, value: V, weight: number): void {
    const old = this.map.get(key);
    if (old) {
      this.total -= old.weight;
      this.map.delete(key);
    }
    if (weight > this.budget) return;
    this.map.set(key, { value, weight, stamp: ++this.ops });
    this.total += weight;
    while (this.total > this.budget) {
      const first = this.map.keys().next();
      if (first.done) break;
      const e = this.map.get(first.value)!;
      this.total -= e.weight;
      this.map.delete(first.value);
    }
  }

  /** Drop every entry whose key matches (e.g. a merged-away segment's blocks). */
  deleteWhere(pred: (key: K) => boolean): void {
    for (const [k, e] of this.map) {
      if (pred(k)) {
        this.total -= e.weight;
        this.map.delete(k);
      }
    }
  }

  get size(): number {
    return this.map.size;
  }
}
