/**
 * The node's query cache (ES `IndicesQueryCache` over Lucene's `LRUQueryCache`): the doc sets of
 * constant-score queries (prefix, range, terms, exists, ...) per segment reader. Segment readers
 * are immutable snapshots, so a set stays right until the reader is replaced. As ES 5.6 caches:
 * - only on segments of 10,000+ documents (its `MinSegmentSizePredicate`), and only once a query
 *   has been seen on the segment before (`UsageTrackingQueryCachingPolicy`: costly queries are
 *   cached from their second use);
 * - within the node's budget, `indices.queries.cache.size` (10% of the heap by default, or a byte
 *   size) and `indices.queries.cache.count` (10,000 entries), evicting the least recently used;
 * - with each shard's figures kept apart for `query_cache` in the stats APIs: lookups that hit
 *   and missed on cacheable segments, entries and their bytes now, entries ever added.
 *
 * One cache per node (built by the indices service, shared by its shards), never in module state:
 * several nodes in one process keep their own budgets.
 */
import { EsError } from '../errors/errors.js';
import { heapRatioOrBytes } from '../units/byte-size-value.js';
import type { SegmentReader } from '../shard/segment-reader.js';

/** Lucene's `MinSegmentSizePredicate` minimum (ES 5.6 `IndicesQueryCache`). */
const MIN_SEGMENT_DOCS = 10_000;
/** Bytes an entry weighs besides its doc ids (its key and bookkeeping). */
const ENTRY_OVERHEAD_BYTES = 64;
/** Queries remembered as seen once per segment before the marks are dropped. */
const MAX_SEEN_PER_SEGMENT = 10_000;

/** `indices.queries.cache.size`: a share of the heap (`10%`, ES's default) or a byte size (`512kb`). */
export function queryCacheBytes(setting = '10%'): number {
  return heapRatioOrBytes(setting, 'indices.queries.cache.size');
}

/** `indices.queries.cache.count`: the most entries the node keeps (ES's default 10,000). */
export function queryCacheCount(setting = '10000'): number {
  const n = /^[+-]?\d+$/.test(setting.trim()) ? Number(setting.trim()) : NaN;
  if (!Number.isSafeInteger(n)) throw new EsError('number_format_exception', 400, `For input string: "${setting}"`);
  if (n < 1) throw new EsError('illegal_argument_exception', 400, `Failed to parse value [${setting}] for setting [indices.queries.cache.count] must be >= 1`);
  return n;
}

/**
 * One shard's `query_cache` figures (ES `QueryCacheStats`; its `evictions` are the entries added
 * and gone, evicted or cleared: `cacheCount - cacheSize`).
 */
export class QueryCacheStats {
  hitCount = 0;
  missCount = 0;
  /** Entries now. */
  cacheSize = 0;
  /** Entries ever added. */
  cacheCount = 0;
  memorySizeInBytes = 0;
}

interface Entry {
  readonly key: string;
  readonly docs: Int32Array | null;
  readonly bytes: number;
  /** The segment's entries, which hold this one. */
  readonly segment: Map<string, Entry>;
  readonly stats: QueryCacheStats;
}

/** What a segment reader carries to reach its node's cache and its shard's figures. */
export interface ShardQueryCache {
  readonly cache: QueryCache;
  readonly stats: QueryCacheStats;
}

export class QueryCache {
  private readonly perSegment = new WeakMap<object, Map<string, Entry>>();
  /** Queries seen once per segment, not cached yet. */
  private readonly seenOnce = new WeakMap<object, Set<string>>();
  /** Every entry, least recently used first (a Set keeps insertion order). */
  private readonly order = new Set<Entry>();
  private bytes = 0;

  constructor(
    readonly maxBytes: number = queryCacheBytes(),
    readonly maxCount: number = queryCacheCount(),
  ) {}

  /** A shard's handle: this cache, and figures of its own. */
  forShard(): ShardQueryCache {
    return { cache: this, stats: new QueryCacheStats() };
  }

  /** Bytes held by all entries. */
  get memoryBytes(): number {
    return this.bytes;
  }

  /** Entries held. */
  get size(): number {
    return this.order.size;
  }

  /**
   * The doc set of `key` on `segment` (a reader of `maxDoc` documents): cached, or computed by
   * `compute` and cached from the query's second use on this segment.
   */
  async docSet(segment: object, maxDoc: number, key: string, stats: QueryCacheStats, compute: () => Promise<Int32Array | null>): Promise<Int32Array | null> {
    if (maxDoc < MIN_SEGMENT_DOCS) return compute();
    const entries = this.perSegment.get(segment);
    const hit = entries?.get(key);
    if (hit) {
      stats.hitCount++;
      // most recently used: to the end
      this.order.delete(hit);
      this.order.add(hit);
      return hit.docs;
    }
    stats.missCount++;
    const docs = await compute();
    let seen = this.seenOnce.get(segment);
    if (!seen) this.seenOnce.set(segment, (seen = new Set()));
    if (!seen.has(key)) {
      if (seen.size >= MAX_SEEN_PER_SEGMENT) seen.clear();
      seen.add(key);
      return docs;
    }
    seen.delete(key);
    // another search may have cached it while this one computed
    const now = this.perSegment.get(segment);
    if (now?.has(key)) return docs;
    this.add(segment, key, docs, stats);
    return docs;
  }

  /** Drop every entry of `segment` (and its seen-once marks); returns how many entries went. */
  clearSegment(segment: object): number {
    this.seenOnce.delete(segment);
    const entries = this.perSegment.get(segment);
    if (!entries) return 0;
    const n = entries.size;
    for (const e of [...entries.values()]) this.drop(e);
    this.perSegment.delete(segment);
    return n;
  }

  /** Drop every entry counted in `stats` (its shard closed). */
  clearShard(stats: QueryCacheStats): void {
    for (const e of [...this.order]) if (e.stats === stats) this.drop(e);
  }

  private add(segment: object, key: string, docs: Int32Array | null, stats: QueryCacheStats): void {
    const bytes = ENTRY_OVERHEAD_BYTES + (docs ? docs.byteLength : 0);
    // a set larger than the whole budget would only push everything else out
    if (bytes > this.maxBytes) return;
    let entries = this.perSegment.get(segment);
    if (!entries) this.perSegment.set(segment, (entries = new Map()));
    const e: Entry = { key, docs, bytes, segment: entries, stats };
    entries.set(key, e);
    this.order.add(e);
    this.bytes += bytes;
    stats.cacheCount++;
    stats.cacheSize++;
    stats.memorySizeInBytes += bytes;
    while (this.bytes > this.maxBytes || this.order.size > this.maxCount) {
      const oldest = this.order.values().next();
      if (oldest.done) break;
      this.drop(oldest.value);
    }
  }

  private drop(e: Entry): void {
    if (!this.order.delete(e)) return;
    e.segment.delete(e.key);
    this.bytes -= e.bytes;
    e.stats.cacheSize--;
    e.stats.memorySizeInBytes -= e.bytes;
  }
}

/** The doc set of a constant-score query on `seg`, through the node's query cache when the reader has one. */
export function cachedDocSet(seg: SegmentReader, key: string, compute: () => Promise<Int32Array | null>): Promise<Int32Array | null> {
  const q = seg.queryCache;
  return q ? q.cache.docSet(seg, seg.maxDoc, key, q.stats, compute) : compute();
}

/** Forget the cached doc sets of `seg` (`POST /_cache/clear?query`); returns how many were dropped. */
export function clearCachedDocSets(seg: SegmentReader): number {
  return seg.queryCache?.cache.clearSegment(seg) ?? 0;
}
