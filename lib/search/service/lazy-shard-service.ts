/**
 * The node's shard search service, loaded with the search engine (lib/search, lib/aggs,
 * highlighting, scripts in queries) when the first search message arrives rather than at start:
 * a node that only indexes, or has not been searched yet, never loads them.
 */
import type { ShardSearchClient } from '../../messages/shard-search.js';
import type { ShardSearchDeps, ShardSearchService } from './shard-service.js';

export class LazyShardSearchService implements ShardSearchClient {
  private service: Promise<ShardSearchService> | undefined;
  private loaded: ShardSearchService | undefined;

  constructor(private readonly deps: ShardSearchDeps) {}

  private get(): Promise<ShardSearchService> {
    this.service ??= import('./shard-service.js').then((m) => (this.loaded = new m.ShardSearchService(this.deps)));
    return this.service;
  }

  // Once loaded, the service is called directly: a search makes four of these calls, and waiting
  // on the settled import each time cost a promise and a microtask turn per call.
  openContext: ShardSearchClient['openContext'] = (req) => (this.loaded ? this.loaded.openContext(req) : this.get().then((s) => s.openContext(req)));
  dfsPhase: ShardSearchClient['dfsPhase'] = (req) => (this.loaded ? this.loaded.dfsPhase(req) : this.get().then((s) => s.dfsPhase(req)));
  queryPhase: ShardSearchClient['queryPhase'] = (req) => (this.loaded ? this.loaded.queryPhase(req) : this.get().then((s) => s.queryPhase(req)));
  fetchPhase: ShardSearchClient['fetchPhase'] = (req) => (this.loaded ? this.loaded.fetchPhase(req) : this.get().then((s) => s.fetchPhase(req)));
  scanPhase: ShardSearchClient['scanPhase'] = (req) => (this.loaded ? this.loaded.scanPhase(req) : this.get().then((s) => s.scanPhase(req)));
  renewContext: ShardSearchClient['renewContext'] = (id, keepAliveMs) => (this.loaded ? this.loaded.renewContext(id, keepAliveMs) : this.get().then((s) => s.renewContext(id, keepAliveMs)));
  freeContext: ShardSearchClient['freeContext'] = (id) => (this.loaded ? this.loaded.freeContext(id) : this.get().then((s) => s.freeContext(id)));
  explain: ShardSearchClient['explain'] = (req) => (this.loaded ? this.loaded.explain(req) : this.get().then((s) => s.explain(req)));
  validateQuery: ShardSearchClient['validateQuery'] = (req) => (this.loaded ? this.loaded.validateQuery(req) : this.get().then((s) => s.validateQuery(req)));
  termVectors: ShardSearchClient['termVectors'] = (req) => (this.loaded ? this.loaded.termVectors(req) : this.get().then((s) => s.termVectors(req)));

  /** Free every context (the node is closing); nothing to do when none was ever opened. */
  close(): void {
    this.loaded?.close();
  }
}
