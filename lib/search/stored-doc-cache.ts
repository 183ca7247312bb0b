/**
 * A small LRU of stored documents per immutable segment, so hits fetched again (paging, repeated
 * queries) skip the LevelDB round trip — the role the OS page cache plays for Lucene's stored
 * fields. Bounded by total `_source` bytes; segments are held weakly.
 */
import type { SegmentReader } from '../shard/segment-reader.js';
import type { StoredDocument } from '../shard/types.js';

const BUDGET_BYTES = 32 * 1024 * 1024;

const perSegment = new WeakMap<SegmentReader, Map<number, StoredDocument>>();
const lru = new Map<object, { seg: Map<number, StoredDocument>; doc: number; bytes: number }>();
const tokens = new WeakMap<Map<number, StoredDocument>, Map<number, object>>();
let total = 0;

function token(m: Map<number, StoredDocument>, doc: number): object {
  let t = tokens.get(m);
  if (!t) tokens.set(m, (t = new Map()));
  let o = t.get(doc);
  if (!o) t.set(doc, (o = {}));
  return o;
}

interface BatchReader {
  documents?(docs: readonly number[]): Promise<StoredDocument[]>;
}

/** Stored documents of `docs` in one segment (cached ones first, the rest in one batch). */
export async function loadStoredDocs(seg: SegmentReader, docs: readonly number[]): Promise<StoredDocument[]> {
  let m = perSegment.get(seg);
  if (!m) perSegment.set(seg, (m = new Map()));
  const out: Array<StoredDocument | undefined> = docs.map((d) => m?.get(d));
  const missing: number[] = [];
  docs.forEach((d, i) => {
    if (out[i] === undefined) missing.push(d);
    else {
      const tk = token(m as Map<number, StoredDocument>, d);
      const slot = lru.get(tk);
      if (slot) {
        lru.delete(tk);
        lru.set(tk, slot);
      }
    }
  });
  if (missing.length > 0) {
    const b = seg as SegmentReader & BatchReader;
    const loaded = typeof b.documents === 'function' ? await b.documents(missing) : await Promise.all(missing.map((d) => seg.document(d)));
    const byDoc = new Map<number, StoredDocument>();
    missing.forEach((d, i) => byDoc.set(d, loaded[i] as StoredDocument));
    docs.forEach((d, i) => {
      if (out[i] === undefined) out[i] = byDoc.get(d);
    });
    for (const [d, sd] of byDoc) {
      const bytes = 128 + (sd.source?.length ?? 0);
      if (bytes > BUDGET_BYTES / 16) continue;
      m.set(d, sd);
      lru.set(token(m, d), { seg: m, doc: d, bytes });
      total += bytes;
    }
    while (total > BUDGET_BYTES) {
      const first = lru.keys().next();
      if (first.done) break;
      const v = lru.get(first.value) as { seg: Map<number, StoredDocument>; doc: number; bytes: number };
      lru.delete(first.value);
      v.seg.delete(v.doc);
      total -= v.bytes;
    }
  }
  return out as StoredDocument[];
}
