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

/** The context `highlightHit` runs in, for a search with `query` (undefined: match all). */
export async function prepareHighlight(compile: CompileContext, segments: readonly SegmentReader[], spec: HighlightSpec, query: Query | undefined): Promise<HighlightContext> {
  const scope = { boost: 1, filter: false, segments };
  const main = query ? queryParts(await compileQuery(compile, query, scope)) : [];
  const byQuery = new Map<Query, QueryPart[]>();
  for (const o of [spec.global, ...spec.fields]) {
    const q = o.highlightQuery;
    if (q && !byQuery.has(q)) byQuery.set(q, queryParts(await compileQuery(compile, q, scope)));
  }
  return {
    compile,
    partsFor: (q) => (q ? (byQuery.get(q) ?? []) : main),
    warnings: new Set(),
  };
}
