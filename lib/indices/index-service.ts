/**
 * One open index on this node: its shard engines and its compiled mappings/analysis, kept in
 * step with the index metadata in the cluster state.
 */
import { join } from 'node:path';
import type { IndexMetadata } from '../cluster/state.js';
import { numberOfShards } from '../cluster/state.js';
import { parseTimeMs } from '../cluster/time.js';
import { parseBytesSizeValue } from '../units/byte-size-value.js';
import { openShardEngine, type ReparseFn, type StrataShardEngine } from '../shard/engine.js';
import type { StoreVolume } from '../../storage/store-volume.js';
import { buildIndexMapper, type IndexMapper } from './mapper.js';
import { IndexCounters } from './index-counters.js';
import { settleBounded } from '../loop/bounded.js';
import { EsError } from '../errors/errors.js';

/** Shards of one index opened or closed at the same time (see lib/loop/bounded.ts). */
const SHARDS_AT_ONCE = 4;

export interface Logger {
  info(...a: unknown[]): void;
  warn(...a: unknown[]): void;
  error(...a: unknown[]): void;
}

export class IndexService {
  private mapperCache: { version: number; mapper: IndexMapper } | undefined;
  /** Get and search activity counted by the coordinator, for `_stats`. */
  readonly counters = new IndexCounters();

  private constructor(
    public meta: IndexMetadata,
    /** The engines of the shards this node holds (all of them on a single node), by shard number. */
    private readonly engines: ReadonlyMap<number, StrataShardEngine>,
    readonly path: string,
    private readonly volume: StoreVolume,
  ) {}

  /**
   * Open the index's shards on this node: all of them, or (cluster mode) only those in `local`,
   * so a node holds the keyspaces of the shards allocated to it and no others.
   */
  static async open(meta: IndexMetadata, indicesPath: string, logger: Logger, volume: StoreVolume, local?: ReadonlySet<number>): Promise<IndexService> {
    const path = join(indicesPath, meta.uuid);
    await volume.prepare(path);
    const refreshIntervalMs = refreshInterval(meta);
    const reparse = replayParser(meta, logger);
    // A few shards open side by side: each is a chain of store round trips, and under load every
    // round trip waits for the event loop's next pass, so one after another cost n times as long.
    const ids = Array.from({ length: numberOfShards(meta) }, (_, s) => s).filter((s) => !local || local.has(s));
    const settled = await settleBounded(
      ids,
      SHARDS_AT_ONCE,
      (s) =>
        openShardEngine({
          path: join(path, String(s)),
          index: meta.name,
          indexUuid: meta.uuid,
          shardId: s,
          refreshIntervalMs,
          flushThresholdBytes: flushThreshold(meta),
          logger,
          reparse,
          volume,
        }),
    );
    const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    const shards = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    if (failed) {
      await settleBounded(shards, SHARDS_AT_ONCE, (s) => s.close());
      throw failed.reason;
    }
    return new IndexService(meta, new Map(shards.map((e, i) => [ids[i]!, e])), path, volume);
  }

  /** The engines of the shards open on this node, in shard order. */
  get shards(): StrataShardEngine[] {
    return [...this.engines.keys()].sort((a, b) => a - b).map((n) => this.engines.get(n)!);
  }

  /** The shard numbers open on this node. */
  localShards(): ReadonlySet<number> {
    return new Set(this.engines.keys());
  }

  get name(): string {
    return this.meta.name;
  }

  get uuid(): string {
    return this.meta.uuid;
  }

  shard(n: number): StrataShardEngine {
    const s = this.engines.get(n);
    if (!s) throw new EsError('shard_not_found_exception', 404, 'no such shard', { metadata: { shard: String(n), index_uuid: this.meta.uuid, index: this.meta.name } });
    return s;
  }

  /** The compiled mapper for the current metadata (rebuilt when the mapping version moves). */
  mapper(): IndexMapper {
    if (!this.mapperCache || this.mapperCache.version !== this.meta.mappingVersion) {
      this.mapperCache = { version: this.meta.mappingVersion, mapper: buildIndexMapper(this.meta) };
    }
    return this.mapperCache.mapper;
  }

  /** Apply new metadata for this index (dynamic settings, mappings, aliases). */
  update(meta: IndexMetadata): void {
    const prevInterval = refreshInterval(this.meta);
    this.meta = meta;
    const next = refreshInterval(meta);
    if (next !== prevInterval) for (const s of this.shards) s.setRefreshIntervalMs(next);
    const threshold = flushThreshold(meta);
    for (const s of this.shards) s.setFlushThresholdBytes(threshold);
  }

  async close(): Promise<void> {
    const closed = await settleBounded(this.shards, SHARDS_AT_ONCE, (s) => s.close());
    const failed = closed.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /** Close and delete all shard data of this index. */
  async destroy(): Promise<void> {
    await this.close();
    await this.volume.remove(this.path);
  }
}

/**
 * The op-log replay hook: re-parse a logged source with the index's mapper as of this open.
 * Mappings only grow, and a dynamic mapping update is in the (synced) cluster state before the
 * document that caused it is written, so the re-parse sees every field the original parse saw
 * and produces the same document. Should it still find new fields (a mapping update lost by
 * some bug), the document is indexed as parsed, as ES's local translog recovery does (it allows
 * mapping updates), and a warning names it; a parse error fails the shard's open.
 */
function replayParser(meta: IndexMetadata, logger: Logger): ReparseFn {
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

/** `index.translog.flush_threshold_size`: ES 5.6 flushes a shard whose translog passes it (512mb). */
function flushThreshold(meta: IndexMetadata): number {
  const raw = meta.settings['index.translog.flush_threshold_size'];
  return raw === undefined ? 512 * 1024 * 1024 : parseBytesSizeValue(raw, 'index.translog.flush_threshold_size').bytes;
}
