/**
 * A node-wide cache of the doc sets of constant-score queries per segment (ES's query cache in
 * miniature): segments are immutable, so a prefix, range, terms or exists query's matching docs
 * can be reused until the segment is merged away (held weakly). As ES's
 * `UsageTrackingQueryCachingPolicy`, only segments of 10k+ docs are cached, and only once a query
 * has been seen twice, within a byte budget evicting least recently used sets.
 */
import type { SegmentReader } from '../shard/segment-reader.js';

const MIN_SEGMENT_DOCS = 10_000;
const BUDGET_BYTES = 64 * 1024 * 1024;

interface Entry {
  docs: Int32Array | null;
  uses: number;
}

const perSegment = new WeakMap<SegmentReader, Map<string, Entry>>();
/** LRU order over all cached sets: key → segment map holding it. */
const lru = new Map<object, { seg: Map<string, Entry>; key: string; bytes: number }>();
let total = 0;

function bytesOf(docs: Int32Array | null): number {
  return 64 + (docs ? docs.byteLength : 0);
}

/** The docs of `key` on `seg`, computing them with `compute` (cached when worth it). */
export async function cachedDocSet(seg: SegmentReader, key: string, compute: () => Promise<Int32Array | null>): Promise<Int32Array | null> {
  if (seg.maxDoc < MIN_SEGMENT_DOCS) return compute();
  let m = perSegment.get(seg);
  if (!m) perSegment.set(seg, (m = new Map()));
  const e = m.get(key);
  if (e && e.docs !== undefined && e.uses >= 2) {
    const token = lruToken(m, key);
    const slot = lru.get(token);
    if (slot) {
      lru.delete(token);
      lru.set(token, slot);
      return e.docs;
    }
  }
  const docs = await compute();
  const uses = (e?.uses ?? 0) + 1;
  m.set(key, { docs, uses });
  if (uses >= 2) {
    const token = lruToken(m, key);
    if (!lru.has(token)) {
      const bytes = bytesOf(docs);
      lru.set(token, { seg: m, key, bytes });
      total += bytes;
      while (total > BUDGET_BYTES) {
        const first = lru.keys().next();
        if (first.done) break;
        const victim = lru.get(first.value) as { seg: Map<string, Entry>; key: string; bytes: number };
        lru.delete(first.value);
        victim.seg.delete(victim.key);
        total -= victim.bytes;
      }
    }
  }
  if (m.size > 10_000) m.clear();
  return docs;
}

const tokens = new WeakMap<Map<string, Entry>, Map<string, object>>();

/** A stable object per (segment map, key), so the LRU can hold it without string concatenation. */
function lruToken(m: Map<string, Entry>, key: string): object {
  let t = tokens.get(m);
  if (!t) tokens.set(m, (t = new Map()));
  let o = t.get(key);
  if (!o) t.set(key, (o = {}));
  return o;
}
