/**
 * Lucene's `BooleanQuery.maxClauseCount` (ES node setting `indices.query.bool.max_clause_count`,
 * default 1024). Lucene 6.6 throws `TooManyClauses` when a BooleanQuery gets one clause more than
 * the limit, and when a scoring boolean rewrite of a multi-term query collects more terms; top-terms
 * rewrites (fuzzy) instead keep at most that many terms. Constant-score rewrites and `terms`
 * (TermInSetQuery) are not limited.
 */
import { EsError } from '../errors/errors.js';
import type { CompileContext } from './compile-context.js';

/** Lucene's default `BooleanQuery.maxClauseCount`. */
export const DEFAULT_MAX_CLAUSE_COUNT = 1024;

/** The limit in force for a compile (the node's setting, or Lucene's default). */
export function maxClauseCount(ctx: CompileContext): number {
  return ctx.maxClauseCount ?? DEFAULT_MAX_CLAUSE_COUNT;
}

/** Lucene's `BooleanQuery.TooManyClauses` (no ES status of its own: 500 unless wrapped). */
export function tooManyClauses(max: number): EsError {
  return new EsError('too_many_clauses', 500, `maxClauseCount is set to ${max}`);
}

/** Throw `TooManyClauses` when a boolean query (or scoring rewrite) would get `count` clauses. */
export function checkClauseCount(ctx: CompileContext, count: number): void {
  const max = maxClauseCount(ctx);
  if (count > max) throw tooManyClauses(max);
}

/**
 * `TooManyClauses` thrown while the searcher rewrites a multi-term query (not while ES builds the
 * query), so ES does not wrap it in a `query_shard_exception`: the shard fails with it as is.
 */
export class RewriteTooManyClauses extends EsError {
  constructor(max: number) {
    super('too_many_clauses', 500, `maxClauseCount is set to ${max}`);
  }
}

/** Multi-term rewrites that build one BooleanQuery clause per term (Lucene `ScoringRewrite`). */
const BOOLEAN_REWRITES = new Set(['scoring_boolean', 'constant_score_boolean']);

/**
 * Lucene `ScoringRewrite`: collecting the distinct terms of every segment, one more than the limit
 * throws. Other rewrites (the default constant score, top terms) are not limited.
 */
export function checkRewriteClauses<S>(ctx: CompileContext, rewrite: string | undefined, segments: readonly S[], termsOf: (seg: S) => readonly string[]): void {
  if (rewrite === undefined || !BOOLEAN_REWRITES.has(rewrite) || ctx.noSearcherRewrite === true) return;
  const max = maxClauseCount(ctx);
  const seen = new Set<string>();
  for (const seg of segments) {
    for (const t of termsOf(seg)) {
      seen.add(t);
      if (seen.size > max) throw new RewriteTooManyClauses(max);
    }
  }
}
