/**
 * The segments of every shard copy of some indices (ES 5.6 `IndicesSegmentResponse` data), for
 * `_cat/segments` and the segments API. Only open indices have shards to show; naming a
 * closed one is ES's `cluster_block_exception` (`index closed`, 403), as ES's broadcast
 * actions check the read block before running.
 */
import type { NodeContext } from '../context.js';
import type { IndexService } from '../../indices/index-service.js';
import { resolveIndices, STRICT_EXPAND_OPEN, type IndicesOptions } from '../resolve-indices.js';
import { EsError } from '../../errors/errors.js';

/** Lucene's version, which ES reports for every segment. */
export const LUCENE_VERSION = '6.6.1';

/** One segment's figures, named through the index service (the coordinator stays off the shard side). */
export type SegmentSummary = ReturnType<IndexService['shards'][number]['segments']>[number];

/** One shard copy and its segments. */
export interface ShardSegments {
  index: string;
  shard: number;
  primary: boolean;
  nodeId: string;
  segments: SegmentSummary[];
}

/** ES's block error for reading a closed index. */
export function indexClosedBlock(): EsError {
  return new EsError('cluster_block_exception', 403, 'blocked by: [FORBIDDEN/4/index closed];');
}

/** The shard copies of `expression` (all indices when absent) with their segments. */
export function shardSegments(ctx: NodeContext, expression: string | undefined, opts: IndicesOptions = STRICT_EXPAND_OPEN): ShardSegments[] {
  const state = ctx.cluster.state();
  const out: ShardSegments[] = [];
  for (const name of resolveIndices(state, expression, opts).sort()) {
    if (state.indices[name]?.state === 'close') throw indexClosedBlock();
    const svc = ctx.indices.get(name);
    if (!svc) continue;
    svc.shards.forEach((engine, shard) => {
      out.push({ index: name, shard, primary: true, nodeId: ctx.nodeId, segments: engine.segments() });
    });
  }
  return out;
}
