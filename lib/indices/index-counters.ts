/** Search activity counted for one `stats` group of search requests (ES `SearchStats.Stats`). */
export interface SearchGroupCounters {
  queryTotal: number;
  queryTimeMs: number;
  fetchTotal: number;
  fetchTimeMs: number;
  scrollTotal: number;
  scrollTimeMs: number;
}

/**
 * Coordinator-side counters of one index for the stats APIs (get and search activity); the
 * engine keeps the write-side counters itself.
 */
export class IndexCounters {
  /** Per `stats` group of the searches (group names are user input: a Map). */
  readonly groups = new Map<string, SearchGroupCounters>();
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

  /** Count one shard phase (`query`, `fetch` or `scroll`) of a search in its `stats` groups. */
  recordGroups(groups: readonly string[] | undefined, phase: 'query' | 'fetch' | 'scroll', ms: number): void {
    for (const name of groups ?? []) {
      let g = this.groups.get(name);
      if (!g) this.groups.set(name, (g = { queryTotal: 0, queryTimeMs: 0, fetchTotal: 0, fetchTimeMs: 0, scrollTotal: 0, scrollTimeMs: 0 }));
      g[`${phase}Total`]++;
      g[`${phase}TimeMs`] += ms;
    }
  }

  /** Field-by-field sum, for the `_all` section of the stats APIs. */
  static sum(list: IndexCounters[]): IndexCounters {
    const out = new IndexCounters();
    const o = out as unknown as Record<string, number>;
    for (const c of list) {
      for (const [k, v] of Object.entries(c)) if (typeof v === 'number') o[k] = (o[k] ?? 0) + v;
      for (const [name, g] of c.groups) {
        const into = out.groups.get(name);
        if (!into) out.groups.set(name, { ...g });
        else for (const k of Object.keys(g) as Array<keyof SearchGroupCounters>) into[k] += g[k];
      }
    }
    return out;
  }
}
