/**
 * Stored documents read through the node's LRU of them (lib/indices/indices-service.ts), so hits
 * fetched again (paging, repeated queries) skip the LevelDB round trip — the role the OS page
 * cache plays for Lucene's stored fields. Bounded by total `_source` bytes. Entries are kept per
 * segment, not per reader: a segment's stored documents never change, so a delete or update
 * (which makes a new reader of the segment) keeps them, and they leave when the segment does
 * (lib/shard/views.ts dropSegmentData).
 */
import type { SegmentReader, StoredDocCache } from '../shard/segment-reader.js';
import type { StoredDocument } from '../shard/types.js';
import { SegmentLru } from './segment-lru.js';

/** The node's budget for cached stored documents. */
const BUDGET_BYTES = 32 * 1024 * 1024;

/** A node's stored documents cache. */
export function newStoredDocCache(): StoredDocCache {
  return new SegmentLru<number, StoredDocument>(BUDGET_BYTES);
}

interface BatchReader {
  documents?(docs: readonly number[]): Promise<StoredDocument[]>;
}

/** Stored documents of `docs` in one segment (cached ones first, the rest in one batch). */
export async function loadStoredDocs(seg: SegmentReader, docs: readonly number[]): Promise<StoredDocument[]> {
  const cache = seg.storedDocCache;
  const key = seg.segmentKey ?? seg;
  const out: Array<StoredDocument | undefined> = cache ? docs.map((d) => cache.get(key, d)) : new Array<StoredDocument | undefined>(docs.length);
  const missing = docs.filter((_, i) => out[i] === undefined);
  if (missing.length === 0) return out as StoredDocument[];
  const b = seg as SegmentReader & BatchReader;
  const loaded = typeof b.documents === 'function' ? await b.documents(missing) : await Promise.all(missing.map((d) => seg.document(d)));
  const byDoc = new Map<number, StoredDocument>();
  missing.forEach((d, i) => byDoc.set(d, loaded[i] as StoredDocument));
  docs.forEach((d, i) => {
    if (out[i] === undefined) out[i] = byDoc.get(d);
  });
  if (!cache) return out as StoredDocument[];
  for (const [d, sd] of byDoc) {
    const bytes = 128 + (sd.source?.length ?? 0);
    // One huge document should not flush the whole cache.
    if (bytes <= BUDGET_BYTES / 16) cache.set(key, d, sd, bytes);
  }
  return out as StoredDocument[];
}

/** Forget the cached stored documents of `seg` (`POST /_cache/clear`); returns how many were dropped. */
export function clearStoredDocCache(seg: SegmentReader): number {
  return seg.storedDocCache?.clearSegment(seg.segmentKey ?? seg) ?? 0;
}
