/**
 * The node's open indices, reconciled with the cluster state: indices that appear are opened
 * (their shard keyspaces created or reopened), indices that disappear are closed and deleted,
 * indices whose metadata changed get the new metadata.
 */
import { numberOfShards, type ClusterState, type IndexMetadata } from '../cluster/state.js';
import { DISK_VOLUME, type StoreVolume } from '../../storage/store-volume.js';
import { IndexService, type Logger, type ShardFailure } from './index-service.js';
import type { ShardClient, ShardHandler } from '../messages/shard-client.js';
import type { ScriptService } from '../script/script-service.js';
import { ShardHost, type PrimaryWrites } from './shard-host.js';
import { SegmentLru } from '../search/segment-lru.js';
import type { Postings } from '../../storage/types.js';
import { newStoredDocCache } from '../search/stored-doc-cache.js';
import { QueryCache } from '../search/query-cache.js';
import { RequestCache } from '../search/service/request-cache.js';
import { localShardClient, type ShardClientMode } from './shard-client.js';
import { IndexingMemoryController, type ShardInactivityOptions } from './indexing-memory.js';

export interface IndicesServiceOptions {
  /** Compiles the update scripts that shards run. */
  scripts: ScriptService;
  /** Ask the master to merge a dynamic mapping update found by a shard's parse. */
  updateMapping(index: string, type: string, update: Record<string, unknown>): Promise<void>;
  /** How the coordinator's client reaches the shards (default `direct`). */
  shardClientMode?: ShardClientMode;
  /** Where the shard stores live: the data directory (default), or a node's in-memory volume. */
  volume?: StoreVolume;
  /** The shard request cache's budget in bytes (`indices.requests.cache.size`; default 1% of the heap). */
  requestCacheBytes?: number;
  /** The query cache's budget in bytes and entries (`indices.queries.cache.size` and `.count`; default 10% of the heap, 10,000). */
  queryCacheBytes?: number;
  queryCacheCount?: number;
  /** The node-wide indexing buffer budget in bytes (`indices.memory.index_buffer_size`; default: none, 64 MiB per shard). */
  indexBufferBytes?: number;
  /** When a shard counts as inactive and who hears of it (default: 5 minutes, nobody; the idle shard is flushed). */
  shardInactivity?: ShardInactivityOptions;
  /** Cluster mode: the shards of an index this node holds (default: all of them, a single node). */
  localShards?(meta: IndexMetadata): ReadonlySet<number>;
  /** Cluster mode: how this node's primaries replicate their writes. */
  replication?: PrimaryWrites;
  /** Cluster mode: the handler the coordinator's client calls, wrapping this node's shard side (routing to other nodes). */
  route?(local: ShardHandler): ShardHandler;
}

/**
 * The node's budget of decoded postings blocks (hot terms decoded once, not per query: the role
 * the OS page cache plays for Lucene's postings, so ES has no setting for it). One budget for all
 * shards: it was 32 MiB per shard, which 50 indices x 5 shards could grow to 8 GiB.
 */
const POSTINGS_CACHE_BYTES = 64 * 1024 * 1024;

/** ES 5.6's `index.allocation.max_retries` default: opening an index is tried this often. */
const MAX_OPEN_ATTEMPTS = 5;

export class IndicesService {
  private readonly open = new Map<string, IndexService>();
  /** Indices an apply is opening (their primaries are INITIALIZING, as ES says after a restart). */
  private readonly opening = new Set<string>();
  /** Indices that failed to open as a whole (by name): their shards count as failed copies. */
  private readonly openFailures = new Map<string, { uuid: string; attempts: number; shards: Map<number, ShardFailure> }>();
  /** The applies run one after another; this settles when the last one has. */
  private applying: Promise<void> = Promise.resolve();
  /** Applies started and not yet finished (so a request can tell the indices settled without a promise). */
  private pendingApplies = 0;
  private readonly volume: StoreVolume;
  /** The node's shard request cache (ES `IndicesRequestCache`): the search service reads and fills it. */
  readonly requestCache: RequestCache;
  /** The node's query cache (ES `IndicesQueryCache`): every shard's segment readers use it. */
  readonly queryCache: QueryCache;
  /** The node's decoded postings blocks, shared by its shards ({@link POSTINGS_CACHE_BYTES}). */
  readonly postingsCache = new SegmentLru<string, Postings>(POSTINGS_CACHE_BYTES);
  /** The node's stored documents read by fetch phases, shared by its shards (lib/search/stored-doc-cache.ts). */
  readonly storedDocCache = newStoredDocCache();
  /** The node's indexing buffer budget (ES `IndexingMemoryController`), when one was given. */
  readonly indexingMemory: IndexingMemoryController | undefined;
  /** The coordinator's only way to this node's shards: plain messages (lib/messages/shard-client.ts). */
  readonly client: ShardClient;
  /** This node's shard side (what the transport answers other nodes with). */
  readonly host: ShardHandler;
  private readonly localShards: ((meta: IndexMetadata) => ReadonlySet<number>) | undefined;
  private readonly shardInactivity: ShardInactivityOptions | undefined;

  constructor(
    private readonly indicesPath: string,
    private readonly logger: Logger,
    opts: IndicesServiceOptions,
  ) {
    this.requestCache = new RequestCache(opts.requestCacheBytes);
    this.queryCache = new QueryCache(opts.queryCacheBytes, opts.queryCacheCount);
    this.indexingMemory =
      opts.indexBufferBytes === undefined ? undefined : new IndexingMemoryController(opts.indexBufferBytes, (err) => logger.warn({ err }, 'writing an indexing buffer failed'));
    const host = new ShardHost({ index: (name) => this.open.get(name), scripts: opts.scripts, updateMapping: opts.updateMapping, logger, requestCache: this.requestCache, ...(opts.replication ? { replication: opts.replication } : {}) });
    this.host = host;
    this.client = localShardClient(opts.route ? opts.route(host) : host, opts.shardClientMode);
    this.volume = opts.volume ?? DISK_VOLUME;
    this.localShards = opts.localShards;
    this.shardInactivity = opts.shardInactivity;
  }

  get(name: string): IndexService | undefined {
    return this.open.get(name);
  }

  /** The shards of an open index that failed to start here (none when the index is not open). */
  failedShards(name: string): ReadonlyMap<number, ShardFailure> | undefined {
    return this.open.get(name)?.failedShards() ?? this.openFailures.get(name)?.shards;
  }

  /**
   * `_cluster/reroute?retry_failed`: try every failed shard again, its attempt count reset; an
   * index that failed to open as a whole (given up after its attempts) is opened again with `state`.
   */
  async retryFailedShards(state?: ClusterState): Promise<void> {
    for (const svc of this.open.values()) await svc.retryFailed(true);
    if (!state || this.openFailures.size === 0) return;
    for (const f of this.openFailures.values()) f.attempts = 0;
    await this.apply(state);
  }

  all(): IndexService[] {
    return [...this.open.values()];
  }

  /**
   * Bring the open indices in line with `state` (keyed by uuid, so a re-created name is new).
   * Applies are serialised: the node's start opens its indices in the background
   * (lib/node.ts) while later cluster states queue behind it. `after`: start no sooner.
   */
  apply(state: ClusterState, after?: Promise<void>): Promise<void> {
    // Marked now, not when the apply runs: health must not call an index green before it opens.
    for (const meta of Object.values(state.indices)) if (meta.state === 'open' && !this.open.has(meta.name)) this.opening.add(meta.name);
    const p = this.applying.then(() => after).then(() => this.reconcile(state));
    this.pendingApplies++;
    this.applying = p.then(
      () => void this.pendingApplies--,
      () => void this.pendingApplies--,
    );
    return p;
  }

  /** Settles once every apply started so far has finished (opened or failed). */
  settled(): Promise<void> {
    return this.applying;
  }

  /** Whether every apply started so far has finished: what {@link settled} would wait for is done. */
  isSettled(): boolean {
    return this.pendingApplies === 0;
  }

  /** Whether `name` is being opened (its shards recovering from their stores). */
  initializing(name: string): boolean {
    return this.opening.has(name);
  }

  private async reconcile(state: ClusterState): Promise<void> {
    for (const [name, svc] of [...this.open]) {
      const meta = state.indices[name];
      if (!meta || meta.uuid !== svc.uuid || meta.state === 'close') {
        this.open.delete(name);
        this.requestCache.clear((s) => s.startsWith(`${svc.uuid}/`));
        // The state is already committed: a store that fails to close or delete is logged, not
        // allowed to fail the update (and the request that made it) after the fact.
        try {
          if (!meta || meta.uuid !== svc.uuid) await svc.destroy();
          else await svc.close();
        } catch (err) {
          this.logger.error({ err }, `[${name}] failed to ${meta ? 'close' : 'delete'} the index's shard stores`);
        }
      }
    }
    const toOpen = Object.values(state.indices).filter((meta) => meta.state === 'open' && !this.open.has(meta.name));
    for (const [name, f] of [...this.openFailures]) if (state.indices[name]?.uuid !== f.uuid || state.indices[name]?.state !== 'open') this.openFailures.delete(name);
    try {
      for (const meta of Object.values(state.indices)) {
        if (meta.state !== 'open') continue;
        // one index that cannot open must not keep the others closed (ES fails its shards only)
        try {
          await this.reconcileIndex(meta);
        } catch (err) {
          this.recordOpenFailure(meta, err);
        } finally {
          this.opening.delete(meta.name);
        }
      }
    } finally {
      for (const meta of toOpen) this.opening.delete(meta.name);
    }
  }

  private async reconcileIndex(meta: IndexMetadata): Promise<void> {
    const local = this.localShards?.(meta);
    const existing = this.open.get(meta.name);
    if (existing) {
      existing.update(meta);
      // cluster mode: the allocation moved shard copies to or from this node
      if (local && !sameSet(existing.localShards(), local)) await existing.reassign(local);
      await existing.retryFailed();
      return;
    }
    const failed = this.openFailures.get(meta.name);
    if (failed && failed.attempts >= MAX_OPEN_ATTEMPTS) return;
    this.open.set(meta.name, await IndexService.open(meta, this.indicesPath, this.logger, this.volume, local, { ...(this.indexingMemory ? { indexingMemory: this.indexingMemory } : {}), queryCache: this.queryCache, postingsCache: this.postingsCache, storedDocCache: this.storedDocCache, ...(this.shardInactivity ? { inactivity: this.shardInactivity } : {}) }));
    this.openFailures.delete(meta.name);
  }

  /** An index that failed to open: each of its shards here is a failed copy (unassigned, health red). */
  private recordOpenFailure(meta: IndexMetadata, err: unknown): void {
    const message = err instanceof Error ? err.message : String(err);
    this.logger.error({ err }, `[${meta.name}] failed to open the index`);
    if (this.open.has(meta.name)) return; // an open index's failure to reassign: logged; its shards report themselves
    const attempts = (this.openFailures.get(meta.name)?.attempts ?? 0) + 1;
    const shards = new Map<number, ShardFailure>();
    const local = this.localShards?.(meta);
    for (let s = 0; s < numberOfShards(meta); s++) {
      if (!local || local.has(s)) shards.set(s, { details: `failed to create index, failure ${message}`, attempts, at: Date.now() });
    }
    this.openFailures.set(meta.name, { uuid: meta.uuid, attempts, shards });
  }

  /**
   * Close (without deleting) the open indices whose uuid is in `uuids`; the next `apply` opens
   * them again from their stores (an embedded node's fixture reset).
   */
  async closeIndices(uuids: ReadonlySet<string>): Promise<void> {
    for (const [name, svc] of [...this.open]) {
      if (!uuids.has(svc.uuid)) continue;
      this.open.delete(name);
      await svc.close();
    }
  }

  async closeAll(): Promise<void> {
    await this.applying; // an index still opening is closed with the others
    for (const svc of this.open.values()) await svc.close();
    this.open.clear();
  }
}

function sameSet(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x));
}
