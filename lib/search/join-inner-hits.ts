/**
 * `inner_hits` of `has_child` and `has_parent` (ES 5.6 `InnerHitsContext.ParentChildInnerHits`):
 * for a hit, the docs on the other side of its join — its children of the child type, or its
 * parent — that the join's inner query matches, searched over every segment of the shard and
 * rendered by the fetch phase as ordinary hits without `_index`.
 */
import type { SegmentReader } from '../shard/segment-reader.js';
import type { StoredDocument } from '../shard/types.js';
import { JsonFloat } from '../units/java-number.js';
import { fetchHits } from './fetch.js';
import type { CompileContext } from './compile-context.js';
import { isRootOfType, joinValue } from './parent-join.js';
import { NO_MORE_DOCS } from './scorer.js';
import { compareSortValues, type CompiledSort, type SortValue } from './sort-values.js';
import type { ScoredDoc } from './top-docs.js';
import type { Weight } from './weight.js';
import type { InnerHits } from '../dsl/inner-hits.js';
import type { SearchScript } from './search-script.js';

/** A compiled parent/child inner-hits definition. */
export interface JoinInnerHits {
  /** The side the inner hits come from: the hit's children or its parent. */
  side: 'children' | 'parent';
  /** Types of the inner hits' docs. */
  types: ReadonlySet<string>;
  parentType: string;
  weight: Weight;
  opts: InnerHits;
  sorts?: CompiledSort[];
  scriptFields?: Array<{ name: string; script: SearchScript; ignoreFailure: boolean }>;
}

/** What rendering needs of the request. */
export interface JoinEnv {
  ctx: CompileContext;
  index: string;
  shardId: number;
  nodeId: string;
  segments: readonly SegmentReader[];
}

/** The inner hits of one hit (`{hits: {total, max_score, hits}}`). */
export async function joinHits(env: JoinEnv, j: JoinInnerHits, seg: SegmentReader, doc: number, stored: StoredDocument): Promise<Record<string, unknown>> {
  // the join value the other side must carry: a parent's own id, or a child's parent id
  const want = j.side === 'children' ? joinValue(seg, j.parentType, doc) : stored.parent;
  const matches: ScoredDoc[] = [];
  if (want !== undefined) {
    let base = 0;
    for (let si = 0; si < env.segments.length; si++) {
      const s = env.segments[si] as SegmentReader;
      const scorer = await j.weight.scorer(s);
      const bound = j.sorts?.map((x) => x.bind(s, base));
      if (scorer) {
        for (let d = scorer.nextDoc(); d !== NO_MORE_DOCS; d = scorer.nextDoc()) {
          if (!isRootOfType(s, d, j.types) || joinValue(s, j.parentType, d) !== want) continue;
          const score = scorer.score();
          matches.push({ shard: 0, seg: si, doc: d, globalDoc: base + d, score, ...(bound ? { sortValues: bound.map((fn) => fn(d, score)) } : {}) });
        }
      }
      base += s.maxDoc;
    }
  }
  const sorts = j.sorts;
  if (sorts) {
    matches.sort((a, b) => {
      for (let i = 0; i < sorts.length; i++) {
        const x = compareSortValues(sorts[i] as CompiledSort, (a.sortValues as SortValue[])[i] as SortValue, (b.sortValues as SortValue[])[i] as SortValue);
        if (x !== 0) return x;
      }
      return a.globalDoc - b.globalDoc;
    });
  } else matches.sort((a, b) => b.score - a.score || a.globalDoc - b.globalDoc);
  const o = j.opts;
  const scored = !sorts || o.trackScores;
  let maxScore = NaN;
  if (scored) for (const m of matches) if (!(m.score <= maxScore)) maxScore = m.score;
  const page = matches.slice(o.from, o.from + o.size);
  const hits = await fetchHits(env.segments, page, {
    index: env.index,
    omitIndex: true,
    shardId: env.shardId,
    nodeId: env.nodeId,
    ...(o.source !== undefined ? { source: o.source } : {}),
    docvalueFields: o.docvalueFields,
    version: o.version,
    explain: o.explain,
    weight: j.weight,
    ...(sorts ? { sorts } : {}),
    scores: scored,
    fields: env.ctx.fields,
    ...(j.scriptFields ? { scriptFields: j.scriptFields } : {}),
  });
  return { hits: { total: matches.length, max_score: Number.isNaN(maxScore) ? null : new JsonFloat(maxScore), hits } };
}
