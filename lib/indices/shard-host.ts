/**
 * The shard side of the shard boundary on this node: answers the messages of
 * lib/messages/shard-client.ts with the open shard engines. Every failure leaves as a
 * `ShardError` message; an unexpected one (a bug) is logged here with its stack, since only its
 * ES form crosses.
 */
import type { ShardHandler, ShardMethod, ShardMethods, ShardReply } from '../messages/shard-client.js';
import { CompletionSizes, withCompletionStats } from './completion-stats.js';
import type { ShardTarget } from '../messages/shard-maintenance.js';
import { shardErrorOf } from '../messages/shard-error.js';
import type { ShardDocument, ShardMultiGetItem } from '../messages/shard-get.js';
import type { ScriptService } from '../script/script-service.js';
import { EsError } from '../errors/es-error.js';
import { indexNotFound } from '../errors/errors.js';
import type { IndexService, Logger } from './index-service.js';
import type { StrataShardEngine } from '../shard/engine.js';
import { shardCacheKey, type RequestCache } from '../search/service/request-cache.js';

/** What the shard side needs from its node. */
export interface ShardHostDeps {
  /** The open index of a name. */
  index(name: string): IndexService | undefined;
  /** Compiles update scripts (they run on the primary, as in ES). */
  scripts: ScriptService;
  /** Ask the master to merge a dynamic mapping update; resolves once the index has it. */
  updateMapping(index: string, type: string, update: Record<string, unknown>): Promise<void>;
  logger: Logger;
  /** The node's shard request cache (cleared per shard by `POST /_cache/clear`). */
  requestCache?: RequestCache;
  /** Cluster mode: how a primary's writes reach its replicas (absent on a single node). */
  replication?: PrimaryWrites;
}

/** A primary's side of replication (lib/cluster/replication/primary-replication.ts implements it). */
export interface PrimaryWrites {
  /**
   * Run one shard write on this node's primary copy: refused unless this node holds the primary
   * in the current state; `run` gets the primary term and a sink for the op-log records it
   * writes; resolves once every in-sync replica applied them (or was failed through the state),
   * with the number of copies that applied them (the primary included).
   */
  write<T>(index: string, shard: number, run: (primaryTerm: number, onRecord: (record: Buffer) => void) => Promise<T>, wait?: ActiveCopiesWait): Promise<{ result: T; copies: number }>;
  /** After a refresh of a copy here: when it is the primary, refresh the STARTED replicas its state knows. */
  refreshReplicas?(index: string, shard: number): Promise<void>;
  /** After `refresh=wait_for` on a copy here: when it is the primary, each STARTED replica its state knows waits for its own refresh (true: one forced it). */
  waitForReplicasRefresh?(index: string, shard: number, maxListeners: number): Promise<boolean>;
}

/** `wait_for_active_shards` of a shard write (lib/messages/shard-write.ts `ShardBulkRequest`). */
export interface ActiveCopiesWait {
  activeCopies: number;
  timeoutMs: number;
  /** The timeout as the client wrote it (for the error). */
  timeout: string;
  /** Items in the request (for the error). */
  items: number;
}

/**
 * ES 5.6's `unavailable_shards_exception` when a write's shard has fewer active copies than
 * `wait_for_active_shards` asks for once `timeout` passed (`ReplicationOperation#checkActiveShardCount`;
 * the request as 5.6's `BulkShardRequest#toString` names it).
 */
export function notEnoughActiveCopies(index: string, shard: number, indexUuid: string | undefined, wait: ActiveCopiesWait, active: number): EsError {
  return new EsError(
    'unavailable_shards_exception',
    503,
    `[${index}][${shard}] Not enough active copies to meet shard count of [${wait.activeCopies}] (have ${active}, needed ${wait.activeCopies}). Timeout: [${wait.timeout}], request: [BulkShardRequest to [${index}] containing [${wait.items}] requests]`,
    { metadata: { shard: String(shard), ...(indexUuid !== undefined ? { index_uuid: indexUuid } : {}), index } },
  );
}

type Handlers = { [M in ShardMethod]: (req: ShardMethods[M]['req']) => Promise<ShardMethods[M]['res']> };

/** This node's shard side: one handler per {@link ShardMethods} entry. */
export class ShardHost implements ShardHandler {
  private readonly handlers: Handlers;
  /** Completion field sizes of this node's segments, sized once each (completion-stats.ts). */
  private readonly completionSizes = new CompletionSizes();

  constructor(private readonly deps: ShardHostDeps) {
    this.handlers = {
      // Imported on the first bulk (with the mapping code it needs), not at start (issue 14).
      bulk: async (req) => (await import('./shard-bulk.js')).shardBulk(deps, this.openIndex(req.index), req),
      get: async (req) => {
        const engine = this.readEngine(req, `get [${req.index}][${req.type ?? '_all'}][${req.id}]`);
        if (!req.realtime && req.refresh) await engine.refresh();
        const doc = req.realtime ? await engine.get(req.type, req.id) : await engine.getRefreshed(req.type, req.id);
        return { doc: doc && documentMessage(doc) };
      },
      multiGet: async (req) => {
        const engine = this.readEngine(req, `shard_multi_get [${req.index}][${req.shard}]`);
        if (!req.realtime && req.refresh) await engine.refresh();
        const items = await Promise.all(
          req.items.map(async (it): Promise<ShardMultiGetItem> => {
            try {
              const doc = req.realtime ? await engine.get(it.type, it.id) : await engine.getRefreshed(it.type, it.id);
              return { ok: { doc: doc && documentMessage(doc) } };
            } catch (err) {
              if (!(err instanceof EsError)) this.deps.logger.error({ err }, 'shard request [multiGet] failed for an item');
              return { error: shardErrorOf(err) };
            }
          }),
        );
        return { items };
      },
      // a primary refreshes its replicas too: the coordinator's state may not show a replica the primary already writes to
      refresh: async (req) => (await this.engine(req).refresh(), await this.deps.replication?.refreshReplicas?.(req.index, req.shard), {}),
      // a primary's replicas wait too, the ones its own state lists (as a refresh reaches them above)
      waitForRefresh: async (req) => {
        const [forced, replicasForced] = await Promise.all([this.engine(req).waitForRefresh(req.maxListeners), this.deps.replication?.waitForReplicasRefresh?.(req.index, req.shard, req.maxListeners)]);
        return { forced: forced || replicasForced === true };
      },
      flush: async (req) => (await this.engine(req).flush(), {}),
      forceMerge: async (req) => {
        const opts = {
          ...(req.maxNumSegments !== undefined ? { maxNumSegments: req.maxNumSegments } : {}),
          ...(req.onlyExpungeDeletes !== undefined ? { onlyExpungeDeletes: req.onlyExpungeDeletes } : {}),
        };
        await this.engine(req).forceMerge(opts);
        return {};
      },
      clearCaches: async (req) => {
        const engine = this.engine(req);
        if (req.request || req.all) {
          const key = shardCacheKey(this.openIndex(req.index).uuid, req.shard);
          deps.requestCache?.clear((s) => s === key);
        }
        return engine.clearCaches({ query: req.query, all: req.all });
      },
      stats: async (req) => withCompletionStats(this.openIndex(req.index), this.engine(req), req.completion === true, this.completionSizes),
      segments: async (req) => ({ segments: this.engine(req).segments() }),
      recovery: async (req) => this.engine(req).recovery(),
      fieldStats: async (req) => ({ fields: this.engine(req).fieldStats(req.fields) }),
    };
  }

  async handle<M extends ShardMethod>(method: M, req: ShardMethods[M]['req']): Promise<ShardReply<M>> {
    try {
      const handler = this.handlers[method] as (r: ShardMethods[M]['req']) => Promise<ShardMethods[M]['res']>;
      return { ok: await handler(req) };
    } catch (err) {
      if (!(err instanceof EsError)) this.deps.logger.error({ err }, `shard request [${method}] failed`);
      return { error: shardErrorOf(err) };
    }
  }

  private openIndex(name: string): IndexService {
    const svc = this.deps.index(name);
    if (!svc) throw indexNotFound(name);
    return svc;
  }

  private engine(t: ShardTarget): StrataShardEngine {
    return this.openIndex(t.index).shard(t.shard);
  }

  /**
   * The engine a read goes to; a shard that is not started answers as ES's single-shard actions
   * do when no copy is available (`no_shard_available_action_exception`, 503).
   */
  private readEngine(t: ShardTarget, what: string): StrataShardEngine {
    const svc = this.openIndex(t.index);
    if (svc.hasFailed(t.shard)) {
      throw new EsError('no_shard_available_action_exception', 503, `No shard available for [${what}]`, { metadata: { shard: String(t.shard), index: t.index } });
    }
    return svc.shard(t.shard);
  }
}

/** A stored document as its message: no fields the reader does not know, bytes as bytes. */
function documentMessage(d: ShardDocument): ShardDocument {
  return {
    type: d.type,
    id: d.id,
    version: d.version,
    ...(d.routing !== undefined ? { routing: d.routing } : {}),
    ...(d.parent !== undefined ? { parent: d.parent } : {}),
    ...(d.source !== undefined ? { source: d.source } : {}),
    stored: d.stored,
  };
}
