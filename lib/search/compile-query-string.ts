/**
 * `query_string` and `simple_query_string`: parse the text (query-string-syntax.ts) and compile
 * each clause per field with the match machinery, combining fields with dis_max (use_dis_max) or
 * a disjunction, and clauses as Lucene's classic QueryParser does (default operator, AND/OR).
 */
import type { QueryStringQuery, SimpleQueryStringQuery } from '../dsl/query-types.js';
import { minimumShouldMatchFor } from '../dsl/minimum-should-match.js';
import { fuzzinessToEdits, type Fuzziness } from '../dsl/fuzziness.js';
import { EsError } from '../errors/errors.js';
import { BooleanWeight, type BooleanClause, type Occur } from './boolean-weight.js';
import { queryShardError, type CompileContext } from './compile-context.js';
import { compileQuery, fuzzyWeight, type CompileScope } from './compile-query.js';
import { matchOnField, resolveFields, type MatchOptions } from './compile-match.js';
import { MatchAllWeight, MatchNoneWeight } from './constant-weights.js';
import { DisMaxWeight } from './dismax-weight.js';
import { parseQuerySyntax, type SyntaxClause, type SyntaxNode } from './query-string-syntax.js';
import type { Weight } from './weight.js';

interface QsOptions {
  fields: Array<{ field: string; boost: number }>;
  defaultOperator: 'or' | 'and';
  analyzer?: string;
  quoteAnalyzer?: string;
  lenient: boolean;
  useDisMax: boolean;
  tieBreaker: number;
  fuzziness: Fuzziness;
  fuzzyPrefixLength: number;
  fuzzyMaxExpansions: number;
  phraseSlop: number;
  lowercaseExpandedTerms: boolean;
  minimumShouldMatch?: string;
  simple: boolean;
}

export function compileQueryString(ctx: CompileContext, q: QueryStringQuery, scope: CompileScope): Promise<Weight> {
  const fields = q.fields.length > 0 ? q.fields : [{ field: q.defaultField ?? ctx.settings['index.query.default_field'] ?? '_all', boost: 1 }];
  let clauses: SyntaxClause[];
  try {
    clauses = parseQuerySyntax(q.query, false);
  } catch (e) {
    throw queryShardError(ctx, `Failed to parse query [${q.query}]`, e as EsError);
  }
  return compileClauses(ctx, clauses, {
    fields: resolveFields(ctx, fields),
    defaultOperator: q.defaultOperator,
    ...(q.analyzer !== undefined ? { analyzer: q.analyzer } : {}),
    ...(q.quoteAnalyzer !== undefined ? { quoteAnalyzer: q.quoteAnalyzer } : {}),
    lenient: q.lenient ?? false,
    useDisMax: q.useDisMax,
    tieBreaker: q.tieBreaker,
    fuzziness: q.fuzziness,
    fuzzyPrefixLength: q.fuzzyPrefixLength,
    fuzzyMaxExpansions: q.fuzzyMaxExpansions,
    phraseSlop: q.phraseSlop,
    lowercaseExpandedTerms: q.lowercaseExpandedTerms,
    ...(q.minimumShouldMatch !== undefined ? { minimumShouldMatch: q.minimumShouldMatch } : {}),
    simple: false,
  }, scope, true);
}

export function compileSimpleQueryString(ctx: CompileContext, q: SimpleQueryStringQuery, scope: CompileScope): Promise<Weight> {
  const clauses = parseQuerySyntax(q.query, true);
  return compileClauses(ctx, clauses, {
    fields: resolveFields(ctx, q.fields),
    defaultOperator: q.defaultOperator,
    ...(q.analyzer !== undefined ? { analyzer: q.analyzer } : {}),
    lenient: q.lenient,
    useDisMax: false,
    tieBreaker: 0,
    fuzziness: { kind: 'auto' },
    fuzzyPrefixLength: 0,
    fuzzyMaxExpansions: 50,
    phraseSlop: 0,
    lowercaseExpandedTerms: q.lowercaseExpandedTerms,
    ...(q.minimumShouldMatch !== undefined ? { minimumShouldMatch: q.minimumShouldMatch } : {}),
    simple: true,
  }, scope, true);
}

async function compileClauses(ctx: CompileContext, clauses: SyntaxClause[], o: QsOptions, scope: CompileScope, top: boolean): Promise<Weight> {
  const out: BooleanClause[] = [];
  const dflt: Occur = o.defaultOperator === 'and' ? 'must' : 'should';
  for (const c of clauses) {
    let occur: Occur;
    if (c.mod === 'must') occur = 'must';
    else if (c.mod === 'must_not') occur = 'must_not';
    else if (c.conj === 'and') occur = 'must';
    else if (c.conj === 'or') occur = 'should';
    else occur = dflt;
    if (c.conj === 'and') {
      const prev = out[out.length - 1];
      if (prev && prev.occur === 'should') prev.occur = 'must';
    } else if (c.conj === 'or' && o.defaultOperator === 'and') {
      const prev = out[out.length - 1];
      if (prev && prev.occur === 'must') prev.occur = 'should';
    }
    const w = await compileNode(ctx, c.node, o, scope);
    if (w) out.push({ occur, weight: w });
  }
  if (out.length === 0) return new MatchNoneWeight();
  if (out.every((c) => c.occur === 'must_not')) out.push({ occur: 'must', weight: new MatchAllWeight(scope.boost) });
  const shoulds = out.filter((c) => c.occur === 'should').length;
  const msm = top ? minimumShouldMatchFor(shoulds, o.minimumShouldMatch) : 0;
  if (out.length === 1 && msm <= 1 && (out[0] as BooleanClause).occur !== 'must_not') return (out[0] as BooleanClause).weight;
  return new BooleanWeight(out, msm, false);
}

async function compileNode(ctx: CompileContext, node: SyntaxNode, o: QsOptions, scope: CompileScope): Promise<Weight | null> {
  if (node.kind === 'match_all') return new MatchAllWeight(scope.boost);
  const boost = Math.fround(scope.boost * (node.boost ?? 1));
  if (node.kind === 'group') {
    const fields = node.field ? resolveFields(ctx, [{ field: node.field, boost: 1 }]) : o.fields;
    return compileClauses(ctx, node.clauses, { ...o, fields }, { ...scope, boost }, false);
  }
  if (node.field === '_exists_' && node.kind === 'term') return compileQuery(ctx, { kind: 'exists', field: node.text, boost: 1 }, { ...scope, boost });
  const fields = node.field ? resolveFields(ctx, [{ field: node.field, boost: 1 }]) : o.fields;
  const per: Weight[] = [];
  for (const fb of fields) {
    const b = Math.fround(boost * fb.boost);
    try {
      const w = await nodeOnField(ctx, node, fb.field, o, { ...scope, boost: b });
      if (w) per.push(w);
    } catch (e) {
      if (o.lenient && e instanceof EsError) continue;
      throw e;
    }
  }
  if (per.length === 0) return null;
  if (per.length === 1) return per[0] as Weight;
  if (o.useDisMax) return new DisMaxWeight(per, o.tieBreaker);
  return new BooleanWeight(per.map((w) => ({ occur: 'should' as Occur, weight: w })), 0, true);
}

async function nodeOnField(ctx: CompileContext, node: SyntaxNode, field: string, o: QsOptions, scope: CompileScope): Promise<Weight | null> {
  const mo: MatchOptions = {
    type: 'boolean',
    operator: 'or',
    slop: o.phraseSlop,
    prefixLength: o.fuzzyPrefixLength,
    maxExpansions: o.fuzzyMaxExpansions,
    transpositions: true,
    lenient: o.lenient,
    zeroTermsQuery: 'none',
    ...(o.analyzer !== undefined ? { analyzer: o.analyzer } : {}),
  };
  switch (node.kind) {
    case 'phrase':
      return matchOnField(ctx, field, node.text, { ...mo, type: 'phrase', slop: node.slop ?? o.phraseSlop, quoted: true, ...(o.quoteAnalyzer ? { analyzer: o.quoteAnalyzer } : {}) }, scope.boost, scope);
    case 'range':
      return compileQuery(ctx, { kind: 'range', field, from: node.from, to: node.to, includeLower: node.incLo, includeUpper: node.incHi, boost: 1 }, scope);
    case 'term': {
      if (node.wildcard) {
        const text = o.lowercaseExpandedTerms ? node.text.toLowerCase() : node.text;
        if (/^[^*?]*\*$/.test(text)) return compileQuery(ctx, { kind: 'prefix', field, value: text.slice(0, -1), boost: 1 }, scope);
        return compileQuery(ctx, { kind: 'wildcard', field, value: text, boost: 1 }, scope);
      }
      if (node.fuzzy !== undefined) {
        const text = o.lowercaseExpandedTerms ? node.text.toLowerCase() : node.text;
        const edits = node.fuzzy < 0 ? fuzzinessToEdits(o.fuzziness, text) : Math.min(2, Math.trunc(node.fuzzy));
        return fuzzyWeight(ctx, field, text, edits, o.fuzzyPrefixLength, o.fuzzyMaxExpansions, true, scope.boost, scope.segments);
      }
      return matchOnField(ctx, field, node.text, mo, scope.boost, scope);
    }
    default:
      return null;
  }
}
