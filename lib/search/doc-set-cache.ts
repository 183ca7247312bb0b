/**
 * A node-wide cache of the doc sets of constant-score queries per segment (ES's query cache in
 * miniature): segments are immutable, so a prefix, range, terms or exists query's matching docs
 * can be reused until the segment is merged away (held weakly). As ES's
 * `UsageTrackingQueryCachingPolicy`, only segments of 10k+ docs are cached, and only once a query
 * has been seen twice, within a byte budget evicting least recently used sets.
 */
import type { SegmentReader } from '../shard/segment-reader.js';
import { SegmentLru } from './segment-lru.js';

const MIN_SEGMENT_DOCS = 10_000;
const BUDGET_BYTES = 64 * 1024 * 1024;

const cache = new SegmentLru<string, Int32Array | null>(BUDGET_BYTES);
/** Queries seen once per segment, not cached yet (bounded: cleared past 10k keys). */
const seenOnce = new WeakMap<SegmentReader, Set<string>>();

/** The docs of `key` on `seg`, computing them with `compute` (cached when worth it). */
export async function cachedDocSet(seg: SegmentReader, key: string, compute: () => Promise<Int32Array | null>): Promise<Int32Array | null> {
  if (seg.maxDoc < MIN_SEGMENT_DOCS) return compute();
  if (cache.has(seg, key)) return cache.get(seg, key) ?? null;
  const docs = await compute();
  let seen = seenOnce.get(seg);
  if (!seen) seenOnce.set(seg, (seen = new Set()));
  if (seen.has(key)) {
    seen.delete(key);
    cache.set(seg, key, docs, 64 + (docs ? docs.byteLength : 0));
  } else {
    if (seen.size > 10_000) seen.clear();
    seen.add(key);
  }
  return docs;
}

/**
 * Forget the cached doc sets of `seg` (`POST /_cache/clear?query`); returns how many were dropped.
 * The "seen once" marks go too, so a query must again be seen twice before it is cached.
 */
export function clearDocSetCache(seg: SegmentReader): number {
  seenOnce.delete(seg);
  return cache.clearSegment(seg);
}
