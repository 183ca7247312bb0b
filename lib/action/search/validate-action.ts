/**
 * `_validate/query`: have one shard of each index compile the query (lib/search/service), reporting
 * `valid`, and with `explain` the compiled query's Lucene text (or the error).
 */
import { LookupFetcher } from './terms-lookups.js';
import type { NodeContext } from '../context.js';
import type { Query } from '../../dsl/query-types.js';
import type { EsError } from '../../errors/errors.js';
import { esErrorOf } from '../../messages/shard-error.js';
import { STRICT_EXPAND_OPEN, type IndicesOptions } from '../resolve-indices.js';
import { resolveTargets } from './shard-targets.js';

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
  const fetcher = new LookupFetcher(ctx);
  for (const t of targets) {
    const svc = ctx.indices.get(t.index);
    if (!svc) continue;
    const lookups = await fetcher.forIndex(t.index, [r.query]);
    const reply = await ctx.searchShards.validateQuery({ index: t.index, shard: 0, types: r.types, query: r.query, rewrite: r.rewrite, nowMs: Date.now(), ...(lookups ? { lookups } : {}) });
    if ('ok' in reply) {
      explanations.push({ index: t.index, valid: true, explanation: reply.ok.description });
    } else {
      valid = false;
      const err = esErrorOf(reply.failure);
      const cause = err.causedBy ?? err;
      explanations.push({ index: t.index, valid: false, error: `[${t.index}/${svc.uuid}] ${javaClassOf(err)}: ${err.reason}${err.causedBy ? `; ${javaClassOf(cause)}: ${cause.reason}` : ''}` });
    }
  }
  const body: Record<string, unknown> = { valid, _shards: { total: targets.length, successful: targets.length, failed: 0 } };
  if (r.explain || !valid) {
    if (r.explain) body.explanations = explanations;
  }
  return body;
}
