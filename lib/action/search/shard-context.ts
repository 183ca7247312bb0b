/**
 * Per-shard state of one search: the point-in-time searcher, the compile context (mappings,
 * analysis, statistics) and what the query phase produced, kept until fetch (or scroll) ends.
 */
import type { NodeContext } from '../context.js';
import type { IndexService } from '../../indices/index-service.js';
import type { Searcher, SegmentReader } from '../../shard/segment-reader.js';
import { buildIndexFields, type IndexFields } from '../../search/field-types.js';
import type { CompileContext } from '../../search/compile-context.js';
import { SegmentsStats, type StatsSource } from '../../search/weight.js';
import type { ShardQueryResult } from '../../search/shard-search.js';
import type { Weight } from '../../search/weight.js';
import type { CompiledSort } from '../../search/sort-values.js';
import { getDocument, sourceObject } from '../document/get-document.js';
import type { SearchScript } from '../../search/search-script.js';
import type { InternalAgg } from '../../aggs/types.js';

export interface ShardContext {
  /** Position of the shard in the request (the reduce tie-breaker). */
  shardIndex: number;
  index: string;
  svc: IndexService;
  shard: number;
  searcher: Searcher;
  segments: readonly SegmentReader[];
  compile: CompileContext;
  weight?: Weight;
  postFilter?: Weight;
  sorts?: CompiledSort[];
  /** `script_fields` compiled for this shard (in the query phase, so errors are shard failures). */
  scriptFields?: Array<{ name: string; script: SearchScript; ignoreFailure: boolean }>;
  result?: ShardQueryResult;
  /** This shard's aggregation results (before the coordinator's reduce). */
  aggs?: InternalAgg[];
  indexBoost: number;
}

const fieldsCache = new WeakMap<IndexService, { version: number; fields: IndexFields }>();

/** The searchable field view of an index (cached per mapping version). */
export function indexFields(svc: IndexService): IndexFields {
  const hit = fieldsCache.get(svc);
  if (hit && hit.version === svc.meta.mappingVersion) return hit.fields;
  const fields = buildIndexFields(svc.meta.mappings);
  fieldsCache.set(svc, { version: svc.meta.mappingVersion, fields });
  return fields;
}

/** Open a shard for searching. */
export function openShardContext(ctx: NodeContext, svc: IndexService, shard: number, shardIndex: number, nowMs: number, indexBoost: number): ShardContext {
  const engine = svc.shard(shard) as unknown as { searcher(): Searcher };
  const searcher = engine.searcher();
  const segments = searcher.segments;
  const stats: StatsSource = new SegmentsStats(segments);
  const compile: CompileContext = {
    index: svc.name,
    indexUuid: svc.uuid,
    fields: indexFields(svc),
    analysis: svc.mapper().analysis,
    settings: svc.meta.settings,
    stats,
    nowMs,
    shardId: shard,
    scripts: ctx.scripts,
    maxClauseCount: ctx.maxClauseCount,
    getSource: async (index, type, id, routing) => {
      return sourceObject(await getDocument(ctx, { index, type, id, ...(routing !== undefined ? { routing } : {}) }));
    },
  };
  return { shardIndex, index: svc.name, svc, shard, searcher, segments, compile, indexBoost };
}
