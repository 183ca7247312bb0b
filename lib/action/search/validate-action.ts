/**
 * `_validate/query`: parse and compile the query on one shard of each index, reporting
 * `valid`, and with `explain` the compiled query's Lucene text (or the error).
 */
import type { NodeContext } from '../context.js';
import type { Query } from '../../dsl/query-types.js';
import { EsError, toEsError } from '../../errors/errors.js';
import { compileQuery } from '../../search/compile-query.js';
import { STRICT_EXPAND_OPEN, type IndicesOptions } from '../resolve-indices.js';
import { resolveTargets } from './shard-targets.js';
import { openShardContext } from './shard-context.js';
import { typeWeight } from '../../search/meta-fields.js';
import { BooleanWeight } from '../../search/boolean-weight.js';

/** Java class of an ES error type, as `validate_query` prints `<class>: <reason>`. */
export function javaClassOf(e: EsError): string {
  const known: Record<string, string> = {
    parsing_exception: 'org.elasticsearch.common.ParsingException',
    query_shard_exception: 'org.elasticsearch.index.query.QueryShardException',
    illegal_argument_exception: 'java.lang.IllegalArgumentException',
    number_format_exception: 'java.lang.NumberFormatException',
    parse_exception: 'org.elasticsearch.ElasticsearchParseException',
    too_many_clauses: 'org.apache.lucene.search.BooleanQuery$TooManyClauses',
  };
  return known[e.type] ?? 'org.elasticsearch.ElasticsearchException';
}

export interface ValidateRequest {
  indices: string[];
  types: string[];
  query: Query;
  explain: boolean;
  rewrite: boolean;
  indicesOptions?: IndicesOptions;
}

export async function validateQuery(ctx: NodeContext, r: ValidateRequest): Promise<Record<string, unknown>> {
  const state = ctx.cluster.state();
  const targets = resolveTargets(state, r.indices, r.indicesOptions ?? STRICT_EXPAND_OPEN, undefined, undefined);
  const explanations: Array<Record<string, unknown>> = [];
  let valid = true;
  for (const t of targets) {
    const svc = ctx.indices.get(t.index);
    if (!svc) continue;
    const sc = openShardContext(ctx, svc, 0, 0, Date.now(), 1);
    try {
      // ES validates with `preProcess(rewrite)`: the searcher rewrites the query only when asked.
      let w = await compileQuery({ ...sc.compile, noSearcherRewrite: !r.rewrite }, r.query, { boost: 1, filter: false, segments: sc.segments });
      const types = r.types.filter((x) => x !== '_all');
      if (types.length > 0) w = new BooleanWeight([{ occur: 'must', weight: w }, { occur: 'filter', weight: typeWeight(types, 1) }], 0, false);
      explanations.push({ index: t.index, valid: true, explanation: w.description });
    } catch (e) {
      valid = false;
      const err = toEsError(e);
      const cause = err.causedBy ?? err;
      explanations.push({ index: t.index, valid: false, error: `[${t.index}/${svc.uuid}] ${javaClassOf(err)}: ${err.reason}${err.causedBy ? `; ${javaClassOf(cause)}: ${cause.reason}` : ''}` });
    } finally {
      sc.searcher.release();
    }
  }
  const body: Record<string, unknown> = { valid, _shards: { total: targets.length, successful: targets.length, failed: 0 } };
  if (r.explain || !valid) {
    if (r.explain) body.explanations = explanations;
  }
  return body;
}
