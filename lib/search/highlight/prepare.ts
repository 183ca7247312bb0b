/**
 * Prepare a highlighting fetch on a shard: compile the search query and every
 * `highlight_query` once (ES highlights against `context.parsedQuery()`, the query as parsed,
 * without the type, alias or slice filters around it) and collect their terms.
 */
import type { HighlightSpec } from '../../dsl/highlight.js';
import type { Query } from '../../dsl/query-types.js';
import type { SegmentReader } from '../../shard/segment-reader.js';
import type { CompileContext } from '../compile-context.js';
import { compileQuery } from '../compile-query.js';
import type { HighlightContext } from './highlight-phase.js';
import { queryParts, type QueryPart } from './query-terms.js';
import { PercolateWeight } from '../percolate-weight.js';

/** The context `highlightHit` runs in, for a search with `query` (undefined: match all). */
export async function prepareHighlight(compile: CompileContext, segments: readonly SegmentReader[], spec: HighlightSpec, query: Query | undefined): Promise<HighlightContext> {
  const scope = { boost: 1, filter: false, segments };
  const main = query ? queryParts(await compileQuery(compile, query, scope)) : [];
  const byQuery = new Map<Query, QueryPart[]>();
  for (const o of [spec.global, ...spec.fields]) {
    const q = o.highlightQuery;
    if (q && !byQuery.has(q)) byQuery.set(q, queryParts(await compileQuery(compile, q, scope)));
  }
  const ctx: HighlightContext = {
    compile,
    partsFor: (q) => (q ? (byQuery.get(q) ?? []) : main),
    warnings: new Set(),
  };
  const perc = query ? findPercolate(query) : undefined;
  if (perc) {
    const w = await compileQuery(compile, perc, scope);
    if (w instanceof PercolateWeight) {
      ctx.percolate = {
        source: w.document,
        partsOf: async (seg, doc) => {
          const stored = await w.storedWeight(seg, doc);
          return stored ? queryParts(stored) : undefined;
        },
      };
    }
  }
  return ctx;
}

/** The `percolate` query of a search query (ES `locatePercolatorQuery`: through bool, dis_max, constant_score and function_score). */
function findPercolate(q: Query): Extract<Query, { kind: 'percolate' }> | undefined {
  switch (q.kind) {
    case 'percolate':
      return q;
    case 'bool':
      for (const c of [...q.must, ...q.filter, ...q.should, ...q.mustNot]) {
        const p = findPercolate(c);
        if (p) return p;
      }
      return undefined;
    case 'dis_max':
      for (const c of q.queries) {
        const p = findPercolate(c);
        if (p) return p;
      }
      return undefined;
    case 'constant_score':
      return findPercolate(q.filter);
    case 'function_score':
      return findPercolate(q.query);
    default:
      return undefined;
  }
}
