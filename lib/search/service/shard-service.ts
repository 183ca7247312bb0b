/**
 * The shard side of search (ES `SearchService`): owns the reader contexts of this node's shards
 * and answers the plain messages of lib/messages/shard-search.ts. Contexts are named by id; each
 * is freed by the coordinator or, failing that, when its keep-alive runs out. Whatever a phase
 * throws goes back as a `ShardError`.
 */
import type { IndexService, Logger } from '../../indices/index-service.js';
import type { ScriptService } from '../../script/script-service.js';
import type { Searcher } from '../../shard/segment-reader.js';
import { EsError } from '../../errors/errors.js';
import { esErrorOf, shardErrorOf } from '../../messages/shard-error.js';
import type {
  DfsPhaseRequest,
  DfsStats,
  ExplainRequest,
  ExplainResult,
  FetchPhaseRequest,
  FetchPhaseResult,
  LookupDocument,
  OpenContextRequest,
  OpenContextResult,
  PhaseTask,
  QueryPhaseRequest,
  QueryPhaseResult,
  ScanPhaseRequest,
  ScanPhaseResult,
  ShardReply,
  ShardSearchClient,
  ValidateRequest,
  ValidateResult,
} from '../../messages/shard-search.js';
import { fromWireDoc } from '../../messages/shard-search.js';
import { encodeRendered } from '../../messages/wire-json.js';
import type { CompileContext } from '../compile-context.js';
import { buildIndexFields, type IndexFields } from '../field-types.js';
import { SegmentsStats } from '../weight.js';
import { fetchHits, type FetchOptions } from '../fetch.js';
import { prepareHighlight } from '../highlight/prepare.js';
import { innerHitsFetcher } from '../inner-hits.js';
import type { ScoredDoc } from '../top-docs.js';
import { applyDfs, dfsShard } from './dfs-shard.js';
import { explainShard } from './explain-shard.js';
import { termVectorsShard } from './termvectors-shard.js';
import type { TermVectorsRequest, TermVectorsResult } from '../../messages/shard-termvectors.js';
import { deserialize, serialize } from 'node:v8';
import { compileShardSearch, queryShard } from './query-shard.js';
import { scanShard } from './scan-shard.js';
import { requestCacheKey } from './request-cacheable.js';
import { shardCacheKey, type RequestCache } from './request-cache.js';
import type { ReaderContext } from './reader-context.js';
import { validateShard } from './validate-shard.js';
import { runAsPhaseTask, type Cancelled, type ShardTasks } from './phase-task.js';

/** What the service reaches on its node. */
export interface ShardSearchDeps {
  indices: { get(name: string): IndexService | undefined };
  nodeId: string;
  scripts: ScriptService;
  /** `indices.query.bool.max_clause_count`. */
  maxClauseCount: number;
  logger: Logger;
  /** The node's shard request cache (absent: nothing is cached). */
  requestCache?: RequestCache;
  /** The node's task registry: each phase runs as a shard task (absent: phases are no tasks). */
  tasks?: ShardTasks;
}

/** A terms lookup's source from the documents the coordinator fetched for the request (shard-search.ts `LookupDocument`). */
function lookupSource(docs: readonly LookupDocument[] | undefined): NonNullable<CompileContext['getSource']> {
  return async (index, type, id, routing) => {
    const d = docs?.find((x) => x.index === index && x.type === type && x.id === id && x.routing === routing);
    // the coordinator fetches every lookup of the request; one it missed is a bug, not "no document"
    if (!d) throw new Error(`terms lookup [${index}/${type}/${id}] was not fetched by the coordinator`);
    if (d.failure) throw esErrorOf(d.failure);
    return d.source === undefined ? null : (d.source as Record<string, unknown>);
  };
}

/** ES's `search.default_keep_alive`: a context nobody frees goes after this. */
const TRANSIENT_KEEP_ALIVE_MS = 5 * 60 * 1000;

export class ShardSearchService implements ShardSearchClient {
  private readonly contexts = new Map<string, ReaderContext>();
  private seq = 0;
  /** The searchable field view of each index, kept per mapping version. */
  private readonly fieldsCache = new WeakMap<IndexService, { version: number; fields: IndexFields }>();

  constructor(private readonly deps: ShardSearchDeps) {}

  openContext(req: OpenContextRequest): Promise<ShardReply<OpenContextResult>> {
    // synchronous work: answered without the async frames of `reply` (every search opens one per shard)
    return Promise.resolve(this.replyNow(() => {
      const rc = this.open(req, req.shardIndex, req.nowMs, req.indexBoost);
      rc.source = req.source;
      rc.requestShards = req.requestShards;
      rc.keepAliveMs = req.keepAliveMs;
      rc.scroll = req.source.keepAllHits;
      if (req.aliasFilters) rc.aliasFilters = req.aliasFilters;
      // a terms lookup reads another document: ES marks such a request not cacheable
      if (req.lookups && req.lookups.length > 0) rc.usesLookups = true;
      this.contexts.set(rc.id, rc);
      if (rc.scroll) rc.svc.counters.openContexts++;
      this.arm(rc, req.keepAliveMs);
      return { contextId: rc.id };
    }));
  }

  dfsPhase(req: DfsPhaseRequest): Promise<ShardReply<DfsStats>> {
    return this.reply(() => this.asTask(req.task, async () => dfsShard(this.context(req.contextId), req)));
  }

  queryPhase(req: QueryPhaseRequest): Promise<ShardReply<QueryPhaseResult>> {
    return this.reply(() => this.asTask(req.task, async (cancelled) => {
      const rc = this.context(req.contextId);
      rc.cancelled = cancelled;
      const started = Date.now();
      try {
        if (req.dfs) applyDfs(rc, req.dfs);
        const cache = this.deps.requestCache;
        const key = cache ? requestCacheKey(rc, req) : undefined;
        if (!cache || key === undefined) return await queryShard(rc, req, this.deps.nodeId);
        const shard = shardCacheKey(rc.svc.uuid, rc.shard);
        const view = cache.viewOf(rc.segments);
        const hit = cache.get(shard, view, key, rc.svc.counters);
        if (hit !== undefined) {
          // the fetch phase reads the compiled sorts, weight and script fields of its hits
          if (rc.source.size !== 0) await compileShardSearch(rc, req);
          return deserialize(hit) as QueryPhaseResult;
        }
        const result = await queryShard(rc, req, this.deps.nodeId);
        // ES invalidates the entry of a timed-out query phase: a partial result is never served again
        if (!result.timedOut) cache.put(shard, view, key, serialize(result), rc.svc.counters);
        return result;
      } finally {
        rc.svc.counters.queryTotal++;
        rc.svc.counters.queryTimeMs += Date.now() - started;
        rc.svc.counters.recordGroups(rc.source.stats, 'query', Date.now() - started);
      }
    }));
  }

  fetchPhase(req: FetchPhaseRequest): Promise<ShardReply<FetchPhaseResult>> {
    return this.reply(() => this.asTask(req.task, async (cancelled) => {
      const rc = this.context(req.contextId);
      const started = Date.now();
      try {
        const hits: ScoredDoc[] = req.hits.map((h) => fromWireDoc(h, rc.shardIndex));
        const s = rc.source;
        const highlight = s.highlight ? { spec: s.highlight, context: await prepareHighlight(rc.compile, rc.segments, s.highlight, s.query) } : undefined;
        const innerHits = await innerHitsFetcher({ ctx: rc.compile, index: rc.index, shardId: rc.shard, nodeId: this.deps.nodeId }, rc.segments, s.query);
        const opts: FetchOptions = { index: rc.index, cancelled, shardId: rc.shard, nodeId: this.deps.nodeId, docvalueFields: s.docvalueFields, version: s.version, explain: s.explain, scores: req.scores, fields: rc.compile.fields };
        if (s.source !== undefined) opts.source = s.source;
        if (s.storedFields !== undefined) opts.storedFields = s.storedFields;
        if (rc.weight) opts.weight = rc.weight;
        if (rc.sorts) opts.sorts = rc.sorts;
        if (rc.scriptFields) opts.scriptFields = rc.scriptFields;
        if (highlight) opts.highlight = highlight;
        if (innerHits) opts.innerHits = innerHits;
        const out = await fetchHits(rc.segments, hits, opts);
        const warnings = highlight ? [...highlight.context.warnings] : [];
        const result: FetchPhaseResult = { hits: out.map(encodeRendered) };
        if (warnings.length > 0) result.warnings = warnings;
        return result;
      } finally {
        rc.svc.counters.fetchTotal++;
        rc.svc.counters.fetchTimeMs += Date.now() - started;
        rc.svc.counters.recordGroups(rc.source.stats, 'fetch', Date.now() - started);
      }
    }));
  }

  scanPhase(req: ScanPhaseRequest): Promise<ShardReply<ScanPhaseResult>> {
    return this.reply(async () => {
      const rc = this.context(req.contextId);
      const started = Date.now();
      try {
        return await scanShard(rc, req);
      } finally {
        rc.svc.counters.fetchTotal++;
        rc.svc.counters.fetchTimeMs += Date.now() - started;
      }
    });
  }

  async renewContext(contextId: string, keepAliveMs: number): Promise<boolean> {
    const rc = this.contexts.get(contextId);
    if (!rc) return false;
    this.arm(rc, keepAliveMs);
    return true;
  }

  async freeContext(contextId: string): Promise<boolean> {
    const rc = this.contexts.get(contextId);
    if (!rc) return false;
    clearTimeout(rc.timer);
    this.contexts.delete(contextId);
    rc.searcher.release();
    if (rc.scroll) {
      const c = rc.svc.counters;
      c.openContexts = Math.max(0, c.openContexts - 1);
      c.scrollTotal++;
      c.scrollTimeMs += Date.now() - rc.startedAt;
      c.recordGroups(rc.source.stats, 'scroll', Date.now() - rc.startedAt);
    }
    return true;
  }

  termVectors(req: TermVectorsRequest): Promise<ShardReply<TermVectorsResult>> {
    return this.reply(async () => this.transient(req, Date.now(), (rc) => termVectorsShard(rc, req)));
  }

  explain(req: ExplainRequest): Promise<ShardReply<ExplainResult>> {
    return this.reply(async () => this.transient(req, req.nowMs, (rc) => explainShard(rc, req)));
  }

  validateQuery(req: ValidateRequest): Promise<ShardReply<ValidateResult>> {
    return this.reply(async () => this.transient(req, req.nowMs, (rc) => validateShard(rc, req)));
  }

  /** Free every context (the node is closing). */
  close(): void {
    for (const id of [...this.contexts.keys()]) void this.freeContext(id);
  }

  /** Run `fn` on a context that lives only for the call. */
  private async transient<T>(ref: { index: string; shard: number; lookups?: LookupDocument[] }, nowMs: number, fn: (rc: ReaderContext) => Promise<T>): Promise<T> {
    const rc = this.open(ref, 0, nowMs, 1);
    try {
      return await fn(rc);
    } finally {
      rc.searcher.release();
    }
  }

  private open(ref: { index: string; shard: number; lookups?: LookupDocument[] }, shardIndex: number, nowMs: number, indexBoost: number): ReaderContext {
    const svc = this.deps.indices.get(ref.index);
    if (!svc) throw new EsError('index_closed_exception', 403, 'closed', { metadata: { index: ref.index } });
    const engine = svc.shard(ref.shard) as unknown as { searcher(): Searcher };
    const searcher = engine.searcher();
    const segments = searcher.segments;
    const compile: CompileContext = {
      index: svc.name,
      indexUuid: svc.uuid,
      fields: this.indexFields(svc),
      analysis: svc.mapper().analysis,
      settings: svc.meta.settings,
      stats: new SegmentsStats(segments),
      nowMs,
      shardId: ref.shard,
      scripts: this.deps.scripts,
      maxClauseCount: this.deps.maxClauseCount,
      getSource: lookupSource(ref.lookups),
      parseDocument: (type, source) => svc.mapper().parse(type, '_temp_id', source, {}).doc,
      percolateWeights: new Map(),
    };
    const rc: ReaderContext = {
      id: `${this.deps.nodeId}:${++this.seq}`,
      shardIndex,
      index: svc.name,
      svc,
      shard: ref.shard,
      searcher,
      segments,
      compile,
      indexBoost,
      source: { types: [], from: 0, size: 0, trackScores: false, version: false, explain: false, docvalueFields: [], searchType: 'query_then_fetch', scroll: false, keepAllHits: false },
      requestShards: 1,
      keepAliveMs: TRANSIENT_KEEP_ALIVE_MS,
      startedAt: nowMs,
      scroll: false,
    };
    return rc;
  }

  private context(id: string): ReaderContext {
    const rc = this.contexts.get(id);
    if (!rc) throw new EsError('search_context_missing_exception', 404, `No search context found for id [${id}]`);
    return rc;
  }

  private arm(rc: ReaderContext, keepAliveMs: number): void {
    clearTimeout(rc.timer);
    rc.keepAliveMs = keepAliveMs;
    rc.timer = setTimeout(() => void this.freeContext(rc.id), Math.max(1, keepAliveMs));
    rc.timer.unref();
  }

  /** The searchable field view of an index (cached per mapping version). */
  private indexFields(svc: IndexService): IndexFields {
    const hit = this.fieldsCache.get(svc);
    if (hit && hit.version === svc.meta.mappingVersion) return hit.fields;
    const fields = buildIndexFields(svc.meta.mappings);
    this.fieldsCache.set(svc, { version: svc.meta.mappingVersion, fields });
    return fields;
  }

  /** Run a phase as the shard task the coordinator named (phase-task.ts). */
  private asTask<T>(task: PhaseTask | undefined, phase: (cancelled: Cancelled) => Promise<T>): Promise<T> {
    return runAsPhaseTask(this.deps.tasks, this.deps.nodeId, task, phase);
  }

  private async reply<T>(fn: () => Promise<T>): Promise<ShardReply<T>> {
    try {
      return { ok: await fn() };
    } catch (e) {
      return this.failed(e);
    }
  }

  /** {@link reply} for work that does not wait. */
  private replyNow<T>(fn: () => T): ShardReply<T> {
    try {
      return { ok: fn() };
    } catch (e) {
      return this.failed(e);
    }
  }

  private failed(e: unknown): { failure: ReturnType<typeof shardErrorOf> } {
    if (!(e instanceof EsError)) this.deps.logger.error({ err: e }, 'shard search failed');
    return { failure: shardErrorOf(e) };
  }
}

export { TRANSIENT_KEEP_ALIVE_MS };
