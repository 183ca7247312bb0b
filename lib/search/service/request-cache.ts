/**
 * The shard request cache (ES 5.6 `IndicesRequestCache`): one per node, holding shard-level
 * query phase results keyed by (shard, point-in-time view, request). A refresh that changes a
 * shard's segments gives it a new view, so its older entries can never be read again; they are
 * dropped the next time the shard is asked (ES drops them when the old reader closes), which is
 * not counted as an eviction. The node's budget (`indices.requests.cache.size`, 1% of the heap as
 * ES) is kept by evicting the least recently used entries, counted as evictions. Hit, miss,
 * eviction and memory figures go to the index's counters (`_stats/request_cache`).
 */
import type { IndexCounters } from '../../indices/index-counters.js';
import type { SegmentReader } from '../../shard/segment-reader.js';
import { heapRatioOrBytes } from '../../units/byte-size-value.js';

interface Entry {
  shard: string;
  key: string;
  /** The cached result, serialized (v8 structured clone: read back as a fresh copy for every hit). */
  value: Buffer;
  bytes: number;
  counters: IndexCounters;
}

interface ShardEntries {
  /** The view the entries were computed on. */
  view: string;
  keys: Set<string>;
}

/** `indices.requests.cache.size`: a share of the heap (`1%`, ES's default) or a byte size (`512kb`). */
export function requestCacheBytes(setting = '1%'): number {
  return heapRatioOrBytes(setting, 'indices.requests.cache.size');
}

export class RequestCache {
  /** Every entry by `shard \0 key`, least recently used first (Map keeps insertion order). */
  private readonly entries = new Map<string, Entry>();
  private readonly shards = new Map<string, ShardEntries>();
  /** Segment readers numbered (readers are immutable snapshots: a changed segment is a new reader). */
  private readonly readerIds = new WeakMap<SegmentReader, number>();
  private nextReader = 0;
  private bytes = 0;

  constructor(readonly maxBytes: number = requestCacheBytes()) {}

  /** The identity of a point-in-time view: its readers. */
  viewOf(segments: readonly SegmentReader[]): string {
    return segments
      .map((s) => {
        let id = this.readerIds.get(s);
        if (id === undefined) this.readerIds.set(s, (id = this.nextReader++));
        return id;
      })
      .join(',');
  }

  /** The cached result of `key` on `shard` at `view`, counted as a hit or a miss. */
  get(shard: string, view: string, key: string, counters: IndexCounters): Buffer | undefined {
    this.dropStale(shard, view);
    const full = `${shard}\u0000${key}`;
    const e = this.entries.get(full);
    if (!e) {
      counters.requestCacheMisses++;
      return undefined;
    }
    counters.requestCacheHits++;
    // most recently used: to the end
    this.entries.delete(full);
    this.entries.set(full, e);
    return e.value;
  }

  /** Cache `value` for `key` on `shard` at `view`, evicting the least recently used beyond the budget. */
  put(shard: string, view: string, key: string, value: Buffer, counters: IndexCounters): void {
    this.dropStale(shard, view);
    const bytes = Buffer.byteLength(key) + value.length;
    if (bytes > this.maxBytes) return;
    const full = `${shard}\u0000${key}`;
    this.remove(full);
    let s = this.shards.get(shard);
    if (!s) this.shards.set(shard, (s = { view, keys: new Set() }));
    s.keys.add(full);
    this.entries.set(full, { shard, key, value, bytes, counters });
    this.bytes += bytes;
    counters.requestCacheMemoryBytes += bytes;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(k);
      e.counters.requestCacheEvictions++;
    }
  }

  /** Drop every entry of the shards `which` picks (`POST /_cache/clear?request`, a closed index). */
  clear(which: (shard: string) => boolean): void {
    for (const shard of [...this.shards.keys()]) {
      if (!which(shard)) continue;
      for (const k of [...(this.shards.get(shard)?.keys ?? [])]) this.remove(k);
      this.shards.delete(shard);
    }
  }

  /** A shard moved to a new view: its entries of older views can never be hit again. */
  private dropStale(shard: string, view: string): void {
    const s = this.shards.get(shard);
    if (!s || s.view === view) return;
    for (const k of [...s.keys]) this.remove(k);
    s.view = view;
  }

  private remove(full: string): void {
    const e = this.entries.get(full);
    if (!e) return;
    this.entries.delete(full);
    this.shards.get(e.shard)?.keys.delete(full);
    this.bytes -= e.bytes;
    e.counters.requestCacheMemoryBytes -= e.bytes;
  }
}

/** The cache's name for a shard: the index uuid (a re-created index is another) and shard number. */
export function shardCacheKey(indexUuid: string, shard: number): string {
  return `${indexUuid}/${shard}`;
}
