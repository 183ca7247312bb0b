/**
 * An LRU of values computed per immutable segment, bounded by a byte budget. Segments are held
 * weakly: a merged-away segment's entries stop being reachable by lookups and leave the budget
 * as they age out. The entry objects themselves order the LRU (Map insertion order), so a hit
 * moves one entry and no key strings are built.
 */

interface Entry<K, V> {
  readonly key: K;
  readonly value: V;
  readonly bytes: number;
}

export class SegmentLru<K, V> {
  private readonly perSegment = new WeakMap<object, Map<K, Entry<K, V>>>();
  /** Least recently used first: entry → the segment map holding it. */
  private readonly order = new Map<Entry<K, V>, Map<K, Entry<K, V>>>();
  private total = 0;

  constructor(private readonly budgetBytes: number) {}

  /** The cached value of `key` on `segment` (refreshing it), or undefined. */
  get(segment: object, key: K): V | undefined {
    const m = this.perSegment.get(segment);
    const e = m?.get(key);
    if (!e || !m) return undefined;
    this.order.delete(e);
    this.order.set(e, m);
    return e.value;
  }

  /** Whether `key` is cached on `segment` (without refreshing it). */
  has(segment: object, key: K): boolean {
    return this.perSegment.get(segment)?.has(key) ?? false;
  }

  /** Cache `value` (weighing `bytes`), evicting the least recently used entries past the budget. */
  set(segment: object, key: K, value: V, bytes: number): void {
    let m = this.perSegment.get(segment);
    if (!m) this.perSegment.set(segment, (m = new Map()));
    const old = m.get(key);
    if (old) this.drop(old, m);
    const e: Entry<K, V> = { key, value, bytes };
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
