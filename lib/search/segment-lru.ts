/**
 * An LRU of values computed per immutable segment, bounded by a byte budget: the node's decoded
 * postings blocks (lib/indices/indices-service.ts) and stored documents (stored-doc-cache.ts).
 * Segments are held weakly, and `clearSegment` drops a segment's entries at once when it is
 * merged away (the cache is node-wide: scanning every key per dropped segment would cost as
 * much as the cache is large). The entry objects themselves order the LRU (Map insertion order),
 * so a hit moves one entry and no key strings are built.
 */

interface Entry<K, V> {
  readonly key: K;
  readonly value: V;
  readonly bytes: number;
  /** The operation count when the entry was last moved to the young end. */
  stamp: number;
}

export class SegmentLru<K, V> {
  private readonly perSegment = new WeakMap<object, Map<K, Entry<K, V>>>();
  /** Least recently used first: entry → the segment map holding it. */
  private readonly order = new Map<Entry<K, V>, Map<K, Entry<K, V>>>();
  private total = 0;
  /** Lookups and insertions so far. */
  private ops = 0;

  constructor(private readonly budgetBytes: number) {}

  /** Entries held. */
  get size(): number {
    return this.order.size;
  }

  /** Bytes held. */
  get bytes(): number {
    return this.total;
  }

  /** The cached value of `key` on `segment` (refreshing it), or undefined. */
  get(segment: object, key: K): V | undefined {
    const m = this.perSegment.get(segment);
    const e = m?.get(key);
    if (!e || !m) return undefined;
    // Moving an entry on every hit costs two hash operations for the hottest entries, which sit
    // near the young end already: only an entry not moved within the last quarter of the
    // cache's size of operations moves (an approximate LRU).
    const ops = ++this.ops;
    if (ops - e.stamp > this.order.size >> 2) {
      this.order.delete(e);
      this.order.set(e, m);
      e.stamp = ops;
    }
    return e.value;
  }

  /** Whether `key` is cached on `segment` (without refreshing it). */
  has(segment: object, key: K): boolean {
    return this.perSegment.get(segment)?.has(key) ?? false;
  }

  /** Cache `value` (weighing `bytes`), evicting the least recently used entries past the budget. */
  set(segment: object, key: K, value: V, bytes: number): void {
    let m = this.perSegment.get(segment);
    const old = m?.get(key);
    if (old && m) this.drop(old, m);
    // heavier than the whole budget: kept nowhere (it would only push everything else out)
    if (bytes > this.budgetBytes) return;
    if (!m) this.perSegment.set(segment, (m = new Map()));
    const e: Entry<K, V> = { key, value, bytes, stamp: ++this.ops };
    m.set(key, e);
    this.order.set(e, m);
    this.total += bytes;
    while (this.total > this.budgetBytes) {
      const first = this.order.entries().next();
      if (first.done) break;
      this.drop(first.value[0], first.value[1]);
    }
  }

  /** Drop every entry cached for `segment`; returns how many were dropped. */
  clearSegment(segment: object): number {
    const m = this.perSegment.get(segment);
    if (!m) return 0;
    const n = m.size;
    for (const e of [...m.values()]) this.drop(e, m);
    this.perSegment.delete(segment);
    return n;
  }

  private drop(e: Entry<K, V>, m: Map<K, Entry<K, V>>): void {
    this.order.delete(e);
    m.delete(e.key);
    this.total -= e.bytes;
  }
}
