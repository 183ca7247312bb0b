/**
 * `GET /_segments`, `/{index}/_segments`: the searchable segments of every started shard copy,
 * rendered as ES 5.6 `IndicesSegmentResponse`. {@link shardSegments} is the data half, shared
 * with `_cat/segments`.
 */
import type { NodeContext } from '../context.js';
import type { SegmentSummary } from '../../messages/shard-maintenance.js';
import { byteSizeField } from '../../units/human-fields.js';
import { broadcastCollect, type ShardsHeader } from './broadcast.js';

/** The Lucene version ES 5.6.16 writes segments with; Strata's segments stand in for them. */
export const LUCENE_VERSION = '6.6.1';

/** Segments of one started shard copy. */
export interface ShardSegments {
  index: string;
  shard: number;
  primary: boolean;
  state: 'STARTED';
  /** Node id holding the copy. */
  node: string;
  segments: SegmentSummary[];
}

/** Segments of every started copy of `indices` (open, resolved), with the broadcast `_shards` header. */
export async function shardSegments(ctx: NodeContext, indices: readonly string[]): Promise<{ shards: ShardSegments[]; header: ShardsHeader }> {
  const { header, results } = await broadcastCollect(ctx, indices, (client, target) => client.segments(target));
  const shards = results.map(({ target, value }): ShardSegments => ({ ...target, primary: true, state: 'STARTED', node: ctx.nodeId, segments: value.segments }));
  return { shards, header };
}

/**
 * ES 5.6 renders the in-memory breakdown (`ram_tree`) with `verbose`; Strata's breakdown is its
 * in-memory structures per kind rather than Lucene's codec readers.
 */
function ramTree(s: SegmentSummary, human: boolean): Array<Record<string, unknown>> {
  return s.memory.map((m) => {
    const node: Record<string, unknown> = { description: m.description };
    byteSizeField(node, 'size_in_bytes', 'size', m.sizeInBytes, human);
    return node;
  });
}

/** The `GET /_segments` body. */
export async function segmentsBody(ctx: NodeContext, indices: readonly string[], opts: { verbose: boolean; human: boolean }): Promise<Record<string, unknown>> {
  const { shards, header } = await shardSegments(ctx, indices);
  const out: Record<string, Record<string, unknown>> = Object.create(null) as Record<string, Record<string, unknown>>;
  for (const s of shards) {
    const index = (out[s.index] ??= { shards: Object.create(null) as Record<string, unknown[]> });
    const byShard = index.shards as Record<string, unknown[]>;
    const segments: Record<string, unknown> = {};
    for (const seg of s.segments) {
      const body: Record<string, unknown> = { generation: seg.generation, num_docs: seg.numDocs, deleted_docs: seg.deletedDocs };
      byteSizeField(body, 'size_in_bytes', 'size', seg.sizeInBytes, opts.human);
      byteSizeField(body, 'memory_in_bytes', 'memory', seg.memoryInBytes, opts.human);
      body.committed = seg.committed;
      body.search = seg.search;
      body.version = LUCENE_VERSION;
      // Lucene 6.6 writes small flushed segments as compound files; a Strata segment is one key range.
      body.compound = false;
      if (opts.verbose) body.ram_tree = ramTree(seg, opts.human);
      body.attributes = { 'Lucene50StoredFieldsFormat.mode': 'BEST_SPEED' };
      segments[seg.name] = body;
    }
    (byShard[String(s.shard)] ??= []).push({
      routing: { state: s.state, primary: s.primary, node: s.node },
      num_committed_segments: s.segments.filter((x) => x.committed).length,
      num_search_segments: s.segments.filter((x) => x.search).length,
      segments,
    });
  }
  return { _shards: header, indices: out };
}
