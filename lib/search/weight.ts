/**
 * A compiled query (Lucene's `Weight`): built once per request and shard from a parsed query,
 * the mappings and the term statistics, then run segment by segment. `scorer` fetches what the
 * segment needs (postings blocks, asynchronously) and returns a synchronous scorer; `explain`
 * reuses the same scorer and scoring functions, so `_explanation` agrees with `_score`.
 */
import type { SegmentReader } from '../shard/segment-reader.js';
import type { CollectionStats, TermStats } from './bm25.js';
import type { Explanation } from './explanation.js';
import type { Scorer } from './scorer.js';

export interface Weight {
  /** Lucene's `Query.toString()`, used in explanation descriptions. */
  readonly description: string;
  /** A scorer over the segment, or null when nothing can match there. */
  scorer(seg: SegmentReader): Promise<Scorer | null>;
  /** How the doc scored (or why it did not match). */
  explain(seg: SegmentReader, doc: number): Promise<Explanation>;
}

/** Where term statistics come from: one shard's segments, or all shards (dfs_query_then_fetch). */
export interface StatsSource {
  collectionStats(field: string): CollectionStats;
  termStats(field: string, term: string): TermStats;
}

/** Statistics summed over a set of segments (one shard's searcher). */
export class SegmentsStats implements StatsSource {
  private readonly maxDoc: number;
  constructor(private readonly segments: readonly SegmentReader[]) {
    let m = 0;
    for (const s of segments) m += s.maxDoc;
    this.maxDoc = m;
  }
  private readonly collections = new Map<string, CollectionStats>();
  collectionStats(field: string): CollectionStats {
    const hit = this.collections.get(field);
    if (hit) return hit;
    const c = this.computeCollectionStats(field);
    this.collections.set(field, c);
    return c;
  }
  private computeCollectionStats(field: string): CollectionStats {
    let docCount = 0;
    let sumTotalTermFreq = 0;
    let sumDocFreq = 0;
    for (const s of this.segments) {
      const st = s.fieldStats(field);
      if (!st) continue;
      docCount += st.docCount;
      sumDocFreq += st.sumDocFreq;
      sumTotalTermFreq = sumTotalTermFreq < 0 || st.sumTotalTermFreq < 0 ? -1 : sumTotalTermFreq + st.sumTotalTermFreq;
    }
    return { maxDoc: this.maxDoc, docCount, sumTotalTermFreq, sumDocFreq };
  }
  termStats(field: string, term: string): TermStats {
    let docFreq = 0;
    let totalTermFreq = 0;
    for (const s of this.segments) {
      docFreq += s.docFreq(field, term);
      totalTermFreq += s.totalTermFreq(field, term);
    }
    return { docFreq, totalTermFreq };
  }
}

/** Records which statistics a compilation asked for (the dfs phase). */
export class RecordingStats implements StatsSource {
  readonly fields = new Set<string>();
  readonly terms = new Map<string, { field: string; term: string }>();
  constructor(private readonly inner: StatsSource) {}
  collectionStats(field: string): CollectionStats {
    this.fields.add(field);
    return this.inner.collectionStats(field);
  }
  termStats(field: string, term: string): TermStats {
    this.terms.set(field + '\u0000' + term, { field, term });
    return this.inner.termStats(field, term);
  }
}

/** Fixed statistics (summed over shards by the dfs phase), falling back to a local source. */
export class AggregatedStats implements StatsSource {
  constructor(
    readonly collections: Map<string, CollectionStats>,
    readonly termsMap: Map<string, TermStats>,
    private readonly fallback: StatsSource,
  ) {}
  collectionStats(field: string): CollectionStats {
    return this.collections.get(field) ?? this.fallback.collectionStats(field);
  }
  termStats(field: string, term: string): TermStats {
    return this.termsMap.get(field + '\u0000' + term) ?? this.fallback.termStats(field, term);
  }
}

/** Whether a segment keeps norms for a field (the Strata reader says so; others: when it has stats). */
/**
 * A field's norm bytes in a segment, for scoring loops: the array when the reader exposes it,
 * null when the field keeps no norms, undefined when only `norm(field, doc)` is available.
 */
export function segmentNorms(seg: SegmentReader, field: string): Uint8Array | null | undefined {
  if (!segmentHasNorms(seg, field)) return null;
  const s = seg as SegmentReader & { normBytes?: (f: string) => Uint8Array | undefined };
  return typeof s.normBytes === 'function' ? (s.normBytes(field) ?? null) : undefined;
}

export function segmentHasNorms(seg: SegmentReader, field: string): boolean {
  const s = seg as SegmentReader & { hasNorms?: (f: string) => boolean };
  return typeof s.hasNorms === 'function' ? s.hasNorms(field) : true;
}
