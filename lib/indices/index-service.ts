/**
 * One open index on this node: its shard engines and its compiled mappings/analysis, kept in
 * step with the index metadata in the cluster state.
 */
import { join } from 'node:path';
import type { IndexMetadata } from '../cluster/state.js';
import { numberOfShards } from '../cluster/state.js';
import { parseTimeMs } from '../cluster/time.js';
import { parseBytesSizeValue } from '../units/byte-size-value.js';
import type { ReparseFn, StrataShardEngine } from '../shard/engine.js';
import type { StoreVolume } from '../../storage/store-volume.js';
import type { IndexMapper } from './mapper.js';
import { IndexCounters } from './index-counters.js';
import { settleBounded } from '../loop/bounded.js';
import { EsError } from '../errors/es-error.js';
import type { ShardFailure } from '../cluster/routing-table.js';
import type { IndexingMemoryController, ShardInactivityOptions } from './indexing-memory.js';
import type { QueryCache } from '../search/query-cache.js';
import type { SegmentLru } from '../search/segment-lru.js';
import type { Postings } from '../../storage/types.js';
import type { StoredDocCache } from '../shard/segment-reader.js';

export type { ShardFailure };

/** Shards of one index opened or closed at the same time (see lib/loop/bounded.ts). */
const SHARDS_AT_ONCE = 4;

/** What the node lends every shard it opens (all optional: an index opened on its own has none). */
export interface NodeShardServices {
  /** The node's indexing buffer budget (`indices.memory.index_buffer_size`). */
  indexingMemory?: IndexingMemoryController;
  /** The node's query cache (`indices.queries.cache.size`). */
  queryCache?: QueryCache;
  /** The node's decoded postings blocks (a fixed budget shared by every shard). */
  postingsCache?: SegmentLru<string, Postings>;
  /** The node's stored documents read by fetch phases (a fixed budget shared by every shard). */
  storedDocCache?: StoredDocCache;
  /** `indices.memory.shard_inactive_time` and the node's listener. */
  inactivity?: ShardInactivityOptions;
}

export interface Logger {
  info(...a: unknown[]): void;
  warn(...a: unknown[]): void;
  error(...a: unknown[]): void;
}

/** ES 5.6's `index.allocation.max_retries` default: a shard that failed to start this often is left unassigned. */
const MAX_START_ATTEMPTS = 5;

export class IndexService {
  private mapperCache: { version: number; settings: IndexMetadata['settings']; mapper: IndexMapper } | undefined;
  /** Get and search activity counted by the coordinator, for `_stats`. */
  readonly counters = new IndexCounters();
  /** Shard copies that failed to start (their store would not open): unassigned, the index red. */
  private readonly failures = new Map<number, ShardFailure>();
  /** The engines of the started shards of {@link assigned}, by shard number. */
  private readonly engines = new Map<number, StrataShardEngine>();

  private constructor(
    public meta: IndexMetadata,
    /** The shards this node holds: all of them on a single node, the allocated ones in a cluster. */
    private assigned: ReadonlySet<number>,
    readonly path: string,
    private readonly logger: Logger,
    readonly volume: StoreVolume,
    private readonly parts: ShardParts,
    private readonly services: NodeShardServices,
  ) {}

  /**
   * Open every shard of an index. A shard whose store fails to open (a corrupt store, no file
   * descriptors left) does not fail the index: as in ES, that copy is unassigned with the
   * failure in its `unassigned_info`, the index is red, and requests to it fail as requests to
   * an unassigned shard do; the other shards serve. In cluster mode only the shards in `local`
   * (allocated to this node) are opened, so a node holds their keyspaces and no others.
   */
  static async open(meta: IndexMetadata, indicesPath: string, logger: Logger, volume: StoreVolume, local?: ReadonlySet<number>, services: NodeShardServices = {}): Promise<IndexService> {
    const path = join(indicesPath, meta.uuid);
    const ids = Array.from({ length: numberOfShards(meta) }, (_, s) => s).filter((s) => !local || local.has(s));
    const svc = new IndexService(meta, new Set(ids), path, logger, volume, await loadShardParts(), services);
    await svc.startShards(ids);
    return svc;
  }

  get name(): string {
    return this.meta.name;
  }

  get uuid(): string {
    return this.meta.uuid;
  }

  /** `index.number_of_shards`: started or not, here or elsewhere. */
  get shardCount(): number {
    return numberOfShards(this.meta);
  }

  /** The shard numbers this node holds (started or failed). */
  localShards(): ReadonlySet<number> {
    return this.assigned;
  }

  /**
   * Cluster mode: hold exactly the shards of `local` from now on — open the new ones, close the
   * ones no longer here (their stores stay on disk) — leaving the others serving untouched.
   */
  async reassign(local: ReadonlySet<number>): Promise<void> {
    const gone = [...this.assigned].filter((s) => !local.has(s));
    const added = [...local].filter((s) => !this.assigned.has(s));
    this.assigned = new Set(local);
    for (const s of gone) {
      const engine = this.engines.get(s);
      this.engines.delete(s);
      this.failures.delete(s);
      await engine?.close();
    }
    if (added.length > 0) await this.startShards(added);
  }

  /** Where shard `n`'s store lives on {@link volume}. */
  shardPath(n: number): string {
    return join(this.path, String(n));
  }

  /** Whether shard `n` failed to start (its copy unassigned; requests to it are refused). */
  hasFailed(n: number): boolean {
    return this.failures.has(n);
  }

  /** The shards that failed to start, by shard number. */
  failedShards(): ReadonlyMap<number, ShardFailure> {
    return this.failures;
  }

  /** The engine of shard `n`; a shard that is not started answers as ES does for an unassigned primary. */
  shard(n: number): StrataShardEngine {
    const s = this.engines.get(n);
    if (s) return s;
    if (this.failures.has(n)) throw primaryNotActive(this.meta.name, n);
    throw new EsError('shard_not_found_exception', 404, 'no such shard', { metadata: { shard: String(n), index_uuid: this.meta.uuid, index: this.meta.name } });
  }

  /**
   * Try again to start the shards that failed, while they have attempts left (ES retries a
   * failed allocation on later reroutes, up to `index.allocation.max_retries`; a reroute with
   * `retry_failed` resets the count).
   */
  async retryFailed(resetAttempts = false): Promise<void> {
    if (resetAttempts) for (const f of this.failures.values()) f.attempts = 0;
    const due = [...this.failures].filter(([, f]) => f.attempts < MAX_START_ATTEMPTS).map(([s]) => s);
    if (due.length > 0) await this.startShards(due);
  }

  /** The compiled mapper for the current metadata (rebuilt when the mapping version or the settings move). */
  mapper(): IndexMapper {
    // settings too: the mapping limits (`index.mapping.*.limit`) are dynamic index settings
    if (!this.mapperCache || this.mapperCache.version !== this.meta.mappingVersion || this.mapperCache.settings !== this.meta.settings) {
      this.mapperCache = { version: this.meta.mappingVersion, settings: this.meta.settings, mapper: this.parts.buildIndexMapper(this.meta) };
    }
    return this.mapperCache.mapper;
  }

  /** Apply new metadata for this index (dynamic settings, mappings, aliases). */
  update(meta: IndexMetadata): void {
    const prevInterval = refreshInterval(this.meta);
    this.meta = meta;
    const next = refreshInterval(meta);
    const threshold = flushThreshold(meta);
    const maxMerged = maxMergedSegment(meta);
    for (const s of this.started()) {
      if (next !== prevInterval) s.setRefreshIntervalMs(next);
      s.setFlushThresholdBytes(threshold);
      s.setMaxMergedSegmentBytes(maxMerged);
    }
  }

  async close(): Promise<void> {
    const closed = await settleBounded(this.started(), SHARDS_AT_ONCE, (s) => s.close());
    const failed = closed.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /** Close and delete all shard data of this index. */
  async destroy(): Promise<void> {
    await this.close();
    await this.volume.remove(this.path);
  }

  private started(): StrataShardEngine[] {
    return [...this.engines.values()];
  }

  private async startShards(ids: readonly number[]): Promise<void> {
    try {
      await this.volume.prepare(this.path);
    } catch (err) {
      for (const s of ids) this.recordFailure(s, err);
      return;
    }
    const meta = this.meta;
    const { indexingMemory, queryCache, postingsCache, storedDocCache, inactivity } = this.services;
    const refreshIntervalMs = refreshInterval(meta);
    const reparse = replayParser(meta, this.logger, this.parts.buildIndexMapper);
    // A few shards open side by side: each is a chain of store round trips, and under load every
    // round trip waits for the event loop's next pass, so one after another cost n times as long.
    const settled = await settleBounded(ids, SHARDS_AT_ONCE, (s) =>
      this.parts.openShardEngine({
        path: this.shardPath(s),
        index: meta.name,
        indexUuid: meta.uuid,
        shardId: s,
        refreshIntervalMs,
        flushThresholdBytes: flushThreshold(meta),
        ...(maxMergedSegment(meta) !== undefined ? { maxMergedSegmentBytes: maxMergedSegment(meta)! } : {}),
        logger: this.logger,
        reparse,
        volume: this.volume,
        ...(indexingMemory ? { indexingMemory } : {}),
        ...(postingsCache ? { postingsCache } : {}),
        ...(storedDocCache ? { storedDocCache } : {}),
        // ES IndexModule: `index.queries.cache.enabled: false` gives the index no query cache
        ...(queryCache && meta.settings['index.queries.cache.enabled'] !== 'false' ? { queryCache } : {}),
        ...(inactivity ? { idleFlushMs: inactivity.timeMs, onInactive: () => inactivity.onInactive(meta.name, s) } : {}),
      }),
    );
    settled.forEach((r, i) => {
      const s = ids[i] as number;
      if (r.status === 'fulfilled') {
        this.engines.set(s, r.value);
        this.failures.delete(s);
      } else this.recordFailure(s, r.reason);
    });
  }

  private recordFailure(s: number, err: unknown): void {
    const message = err instanceof Error ? err.message : String(err);
    this.logger.warn({ err }, `[${this.meta.name}][${s}] shard failed to start`);
    const attempts = (this.failures.get(s)?.attempts ?? 0) + 1;
    this.failures.set(s, { details: `failed to create shard, failure ${message}`, attempts, at: Date.now() });
  }
}

/** The shard engine and the mapper: with mapping, analysis and the shard's storage, ~200 modules. */
interface ShardParts {
  openShardEngine: typeof import('../shard/engine.js').openShardEngine;
  buildIndexMapper: typeof import('./mapper.js').buildIndexMapper;
}

/**
 * Imported when the first index opens, not when the node starts (issue 14): a node with no
 * index answers without them, and the node loads them in the background soon after listening
 * ({@link warmShardParts}).
 */
async function loadShardParts(): Promise<ShardParts> {
  const [engine, mapper] = await Promise.all([import('../shard/engine.js'), import('./mapper.js')]);
  return { openShardEngine: engine.openShardEngine, buildIndexMapper: mapper.buildIndexMapper };
}

/** Load the shard parts ahead of the first index (the node's background warm-up after listening). */
export async function warmShardParts(): Promise<void> {
  await loadShardParts();
}

/** ES's answer for a write or read that needs a primary that is not active. */
function primaryNotActive(index: string, shard: number): EsError {
  return new EsError('unavailable_shards_exception', 503, `[${index}][${shard}] primary shard is not active`, { metadata: { shard: String(shard), index } });
}

/**
 * The op-log replay hook: re-parse a logged source with the index's mapper as of this open.
 * Mappings only grow, and a dynamic mapping update is in the (synced) cluster state before the
 * document that caused it is written, so the re-parse sees every field the original parse saw
 * and produces the same document. Should it still find new fields (a mapping update lost by
 * some bug), the document is indexed as parsed, as ES's local translog recovery does (it allows
 * mapping updates), and a warning names it; a parse error fails the shard's open.
 */
function replayParser(meta: IndexMetadata, logger: Logger, buildIndexMapper: ShardParts['buildIndexMapper']): ReparseFn {
  let mapper: IndexMapper | undefined;
  return (e) => {
    mapper ??= buildIndexMapper(meta);
    const opts = { ...(e.routing !== undefined ? { routing: e.routing } : {}), ...(e.parent !== undefined ? { parent: e.parent } : {}) };
    const parsed = mapper.parse(e.type, e.id, e.source, opts);
    if (parsed.dynamicUpdate) logger.warn(`[${meta.name}] op-log replay of [${e.type}][${e.id}] found fields missing from the mapping: ${JSON.stringify(parsed.dynamicUpdate)}`);
    return parsed.doc;
  };
}

function refreshInterval(meta: IndexMetadata): number {
  const raw = meta.settings['index.refresh_interval'];
  return raw === undefined ? 1000 : parseTimeMs(raw, 'index.refresh_interval');
}

/** `index.merge.policy.max_merged_segment`: the largest segment a natural merge writes (unset: the engine's 5gb). */
function maxMergedSegment(meta: IndexMetadata): number | undefined {
  const raw = meta.settings['index.merge.policy.max_merged_segment'];
  return raw === undefined ? undefined : parseBytesSizeValue(raw, 'index.merge.policy.max_merged_segment').bytes;
}

/** `index.translog.flush_threshold_size`: ES 5.6 flushes a shard whose translog passes it (512mb). */
function flushThreshold(meta: IndexMetadata): number {
  const raw = meta.settings['index.translog.flush_threshold_size'];
  return raw === undefined ? 512 * 1024 * 1024 : parseBytesSizeValue(raw, 'index.translog.flush_threshold_size').bytes;
}
