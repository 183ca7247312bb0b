/**
 * Stored percolator queries may name mapped fields only (ES 5.6 `PercolatorFieldMapper.toQuery`
 * builds the query with `allowUnmappedFields = false`, so `QueryShardContext#fieldMapper` fails
 * on the first unmapped field it is asked for): a field mapped later would make the stored
 * query mean something else than when it was registered. `index.percolator.map_unmapped_fields_as_string`
 * lifts the rule.
 */
import type { Query } from '../dsl/query-types.js';
import type { SpanQuery } from '../dsl/queries/span.js';
import { fieldOf, queryShardError, type CompileContext } from './compile-context.js';

/** Meta fields are always mapped. */
const META = new Set(['_id', '_uid', '_type', '_index', '_routing', '_parent', '_field_names', '_all', '_source', '_version']);

/** Throw 5.6's `query_shard_exception` for the first field `q` names that the index does not map. */
export function checkPercolatorFields(ctx: CompileContext, q: Query): void {
  if (ctx.settings['index.percolator.map_unmapped_fields_as_string'] === 'true') return;
  walk(ctx, q);
}

function need(ctx: CompileContext, field: string): void {
  if (META.has(field) || fieldOf(ctx, field)) return;
  throw queryShardError(ctx, `No field mapping can be found for the field with name [${field}]`);
}

function walk(ctx: CompileContext, q: Query): void {
  switch (q.kind) {
    case 'term':
    case 'terms':
    case 'range':
    case 'match':
    case 'match_phrase':
    case 'match_phrase_prefix':
    case 'prefix':
    case 'wildcard':
    case 'regexp':
    case 'fuzzy':
    case 'common':
    case 'geo_distance':
    case 'geo_bounding_box':
    case 'geo_polygon':
      need(ctx, q.field);
      return;
    case 'bool':
      // BoolQueryBuilder#doToQuery adds must, must_not, should, then filter clauses
      for (const c of [...q.must, ...q.mustNot, ...q.should, ...q.filter]) walk(ctx, c);
      return;
    case 'constant_score':
      walk(ctx, q.filter);
      return;
    case 'dis_max':
      for (const c of q.queries) walk(ctx, c);
      return;
    case 'function_score':
      walk(ctx, q.query);
      return;
    case 'boosting':
      walk(ctx, q.positive);
      walk(ctx, q.negative);
      return;
    case 'nested':
      walk(ctx, q.query);
      return;
    case 'span_term':
    case 'span_near':
    case 'span_or':
    case 'span_not':
    case 'span_first':
    case 'span_containing':
    case 'span_within':
      walkSpan(ctx, q);
      return;
    default:
      return;
  }
}

function walkSpan(ctx: CompileContext, q: SpanQuery): void {
  switch (q.kind) {
    case 'span_term':
      need(ctx, q.field);
      return;
    case 'span_near':
    case 'span_or':
      for (const c of q.clauses) walkSpan(ctx, c);
      return;
    case 'span_not':
      walkSpan(ctx, q.include);
      walkSpan(ctx, q.exclude);
      return;
    case 'span_first':
      walkSpan(ctx, q.match);
      return;
    case 'span_containing':
    case 'span_within':
      walkSpan(ctx, q.big);
      walkSpan(ctx, q.little);
      return;
    default:
      return;
  }
}
