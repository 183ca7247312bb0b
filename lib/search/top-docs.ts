/**
 * Top-k collection with a binary heap (worst hit at the root): by score (desc, then doc asc) or
 * by sort values (then doc asc). Hits carry a global order key (`shard`, `seg`, `doc`) so the
 * coordinator merges shards with the same tie-breaking as ES (shard index, then doc).
 */
import type { HitComparator, ScoredDoc } from '../messages/hit-order.js';

export { byScore, bySortValues, type HitComparator, type ScoredDoc } from '../messages/hit-order.js';

/** A bounded heap keeping the best `k` hits. */
export class TopK {
  private readonly heap: ScoredDoc[] = [];
  constructor(
    readonly k: number,
    private readonly cmp: HitComparator,
  ) {}

  get size(): number {
    return this.heap.length;
  }

  /** The worst kept hit (to skip hopeless candidates early). */
  worst(): ScoredDoc | undefined {
    return this.heap.length === this.k ? this.heap[0] : undefined;
  }

  /** Whether `h` would enter the heap. */
  competitive(h: ScoredDoc): boolean {
    if (this.k === 0) return false;
    const w = this.worst();
    return !w || this.cmp(h, w) < 0;
  }

  add(h: ScoredDoc): void {
    if (this.k === 0) return;
    const heap = this.heap;
    if (heap.length < this.k) {
      heap.push(h);
      this.up(heap.length - 1);
    } else if (this.cmp(h, heap[0] as ScoredDoc) < 0) {
      heap[0] = h;
      this.down(0);
    }
  }

  /** Hits best first. */
  sorted(): ScoredDoc[] {
    return [...this.heap].sort(this.cmp);
  }

  // max-heap on "worseness": parent is worse than children
  private worse(i: number, j: number): boolean {
    return this.cmp(this.heap[i] as ScoredDoc, this.heap[j] as ScoredDoc) > 0;
  }
  private up(i: number): void {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.worse(i, p)) break;
      this.swap(i, p);
      i = p;
    }
  }
  private down(i: number): void {
    const n = this.heap.length;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < n && this.worse(l, m)) m = l;
      if (r < n && this.worse(r, m)) m = r;
      if (m === i) break;
      this.swap(i, m);
      i = m;
    }
  }
  private swap(i: number, j: number): void {
    const t = this.heap[i] as ScoredDoc;
    this.heap[i] = this.heap[j] as ScoredDoc;
    this.heap[j] = t;
  }
}
