/**
 * Coordinator-side counters of one index for the stats APIs (get and search activity); the
 * engine keeps the write-side counters itself.
 */
export class IndexCounters {
  getTotal = 0;
  getTimeMs = 0;
  getExistsTotal = 0;
  getExistsTimeMs = 0;
  getMissingTotal = 0;
  getMissingTimeMs = 0;
  queryTotal = 0;
  queryTimeMs = 0;
  fetchTotal = 0;
  fetchTimeMs = 0;
  scrollTotal = 0;
  scrollTimeMs = 0;
  openContexts = 0;
  /** Shard request cache (lib/search/service/request-cache.ts), summed over the index's shards. */
  requestCacheHits = 0;
  requestCacheMisses = 0;
  requestCacheEvictions = 0;
  requestCacheMemoryBytes = 0;

  recordGet(found: boolean, ms: number): void {
    this.getTotal++;
    this.getTimeMs += ms;
    if (found) {
      this.getExistsTotal++;
      this.getExistsTimeMs += ms;
    } else {
      this.getMissingTotal++;
      this.getMissingTimeMs += ms;
    }
  }

  /** Field-by-field sum, for the `_all` section of the stats APIs. */
  static sum(list: IndexCounters[]): IndexCounters {
    const out = new IndexCounters();
    const o = out as unknown as Record<string, number>;
    for (const c of list) for (const [k, v] of Object.entries(c)) o[k] = (o[k] ?? 0) + (v as number);
    return out;
  }
}
