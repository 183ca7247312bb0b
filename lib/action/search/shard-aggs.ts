/**
 * Aggregations on one shard of a search: build the aggregators against the shard's mappings,
 * prepare filter bitsets, hand the query phase a per-doc collector (every matching doc, before
 * post_filter), then run `global` aggregations over all live docs and build the shard results.
 */
import type { Query } from '../../dsl/query-types.js';
import { MATCH_ALL } from '../../dsl/queries/match-all.js';
import { createAggregators, type LeafCollector, type ShardAggContext } from '../../aggs/collect.js';
import type { AggSpec, InternalAgg } from '../../aggs/types.js';
import { compileQuery } from '../../search/compile-query.js';
import { parseDateValue } from '../../search/field-terms.js';
import { NO_MORE_DOCS } from '../../search/scorer.js';
import type { Weight } from '../../search/weight.js';
import type { SegmentReader, StrataSegmentReader } from '../../shard/segment-reader.js';
import { EsError } from '../../errors/errors.js';
import type { ShardContext } from './shard-context.js';

/** A shard's aggregations while its query phase runs. */
export interface ShardAggs {
  /** The query phase's `onMatch`. */
  onMatch(seg: number, doc: number): void;
  /** Collect `global` aggregations and build the results (after the query phase). */
  finish(): InternalAgg[];
}

/** Set up the aggregations `specs` on shard `sc` of a request over `numShards` shards. */
export async function startShardAggs(sc: ShardContext, specs: readonly AggSpec[], numShards: number): Promise<ShardAggs> {
  const weights = new Map<Query | null, Promise<Weight>>();
  const ctx: ShardAggContext = {
    fields: sc.compile.fields,
    numShards,
    async filterDocs(q, seg) {
      let w = weights.get(q);
      if (!w) weights.set(q, (w = compileQuery(sc.compile, q ?? MATCH_ALL, { boost: 1, filter: true, segments: sc.segments })));
      const bits = new Uint8Array(seg.maxDoc);
      const scorer = await (await w).scorer(seg);
      if (scorer) for (let d = scorer.nextDoc(); d !== NO_MORE_DOCS; d = scorer.nextDoc()) bits[d] = 1;
      return bits;
    },
    parseValue(f, v, roundUp, timeZone) {
      if (f?.type === 'date') return parseDateValue(sc.compile, f, v, roundUp, timeZone);
      if (typeof v === 'boolean') return v ? 1 : 0;
      if (f?.type === 'boolean') return v === 'true' ? 1 : v === 'false' ? 0 : Number(v);
      const n = Number(v);
      if (Number.isNaN(n)) throw new EsError('number_format_exception', 400, `For input string: "${v}"`);
      return n;
    },
  };
  const aggs = createAggregators(specs, ctx);
  for (const a of aggs) await a.prepare(sc.segments);
  const main = aggs.filter((a) => a.spec.type !== 'global');
  const globals = aggs.filter((a) => a.spec.type === 'global');
  let curSeg = -1;
  let leaves: LeafCollector[] = [];
  return {
    onMatch(si, doc) {
      if (si !== curSeg) {
        curSeg = si;
        leaves = main.map((a) => a.leaf(sc.segments[si] as SegmentReader, si));
      }
      for (let i = 0; i < leaves.length; i++) (leaves[i] as LeafCollector)(doc, 0);
    },
    finish() {
      if (globals.length > 0) {
        sc.segments.forEach((seg, si) => {
          const ls = globals.map((a) => a.leaf(seg, si));
          const nested = (seg as Partial<StrataSegmentReader>).nestedPath;
          for (let d = 0; d < seg.maxDoc; d++) {
            if (!seg.isLive(d) || (nested && nested.call(seg, d) !== undefined)) continue;
            for (const l of ls) l(d, 0);
          }
        });
      }
      return aggs.map((a) => a.build(0));
    },
  };
}
