/**
 * `query_string` and `simple_query_string`: the text is parsed by lib/dsl's Lucene syntax parsers
 * into a tree, then each leaf is compiled per field with the match machinery (fields combined by
 * dis_max with `tie_breaker` when `use_dis_max`, else a disjunction), and boolean clauses by
 * Lucene's `addClause` rules (`resolveOccurs`) with the default operator, as ES 5.6's
 * `MapperQueryParser` / `SimpleQueryParser` do.
 */
import type { QueryStringQuery, SimpleQueryStringQuery } from '../dsl/query-types.js';
import { minimumShouldMatchFor } from '../dsl/minimum-should-match.js';
import { fuzzinessFromString, fuzzinessToEdits, type Fuzziness } from '../dsl/fuzziness.js';
import { parseLuceneQuery, parseSimpleQuery, queryStringShardException, resolveOccurs, type LuceneNode, type SimpleNode } from '../dsl/lucene-query-syntax/index.js';
import { EsError } from '../errors/errors.js';
import { BooleanWeight, type BooleanClause, type Occur } from './boolean-weight.js';
import type { CompileContext } from './compile-context.js';
import { compileQuery, fuzzyWeight, type CompileScope } from './compile-query.js';
import { matchOnField, resolveFields, type MatchOptions } from './compile-match.js';
import { MatchAllWeight, MatchNoneWeight } from './constant-weights.js';
import { DisMaxWeight } from './dismax-weight.js';
import { checkClauseCount, RewriteTooManyClauses } from './clause-limit.js';
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
  autoGeneratePhraseQueries: boolean;
}

/**
 * With `_all` disabled and no field named, ES 5.x searches every queryable field, leniently
 * (`QueryStringQueryBuilder#allQueryableDefaultFields`).
 */
function allFieldsFallback(ctx: CompileContext, explicit: boolean): Array<{ field: string; boost: number }> | undefined {
  if (explicit || ctx.fields.allEnabled || ctx.settings['index.query.default_field'] !== undefined) return undefined;
  const queryable = new Set(['text', 'keyword', 'string', 'long', 'integer', 'short', 'byte', 'double', 'float', 'half_float', 'scaled_float', 'date', 'ip', 'boolean']);
  return ctx.fields.match('*').filter((p) => queryable.has(ctx.fields.get(p)?.type ?? '')).map((field) => ({ field, boost: 1 }));
}

export async function compileQueryString(ctx: CompileContext, q: QueryStringQuery, scope: CompileScope): Promise<Weight> {
  const all = allFieldsFallback(ctx, q.fields.length > 0 || q.defaultField !== undefined);
  const fields = all ?? (q.fields.length > 0 ? q.fields : [{ field: q.defaultField ?? ctx.settings['index.query.default_field'] ?? '_all', boost: 1 }]);
  let tree: LuceneNode;
  try {
    tree = parseLuceneQuery(q.query);
  } catch (e) {
    if (e instanceof EsError) throw queryStringShardException(q.query, e, ctx.index, ctx.indexUuid);
    throw e;
  }
  const o: QsOptions = {
    fields: all ?? resolveFields(ctx, fields),
    defaultOperator: q.defaultOperator,
    ...(q.analyzer !== undefined ? { analyzer: q.analyzer } : {}),
    ...(q.quoteAnalyzer !== undefined ? { quoteAnalyzer: q.quoteAnalyzer } : {}),
    lenient: all !== undefined ? true : (q.lenient ?? false),
    useDisMax: q.useDisMax,
    tieBreaker: q.tieBreaker,
    fuzziness: q.fuzziness,
    fuzzyPrefixLength: q.fuzzyPrefixLength,
    fuzzyMaxExpansions: q.fuzzyMaxExpansions,
    phraseSlop: q.phraseSlop,
    lowercaseExpandedTerms: q.lowercaseExpandedTerms,
    autoGeneratePhraseQueries: q.autoGeneratePhraseQueries,
  };
  let w: Weight;
  try {
    w = (await compileNode(ctx, tree, o, scope)) ?? new MatchNoneWeight();
  } catch (e) {
    // Lucene QueryParserBase#parse turns TooManyClauses into a ParseException (not a searcher rewrite's).
    if (e instanceof EsError && e.type === 'too_many_clauses' && !(e instanceof RewriteTooManyClauses)) {
      const parse = new EsError('parse_exception', 400, `Cannot parse '${q.query}': too many boolean clauses`, { causedBy: e });
      throw queryStringShardException(q.query, parse, ctx.index, ctx.indexUuid);
    }
    throw e;
  }
  return topLevel(w, q.minimumShouldMatch, scope);
}

/** `Queries.fixNegativeQueryIfNeeded` and `maybeApplyMinimumShouldMatch` on the parsed query. */
function topLevel(w: Weight, msmSpec: string | undefined, scope: CompileScope): Weight {
  if (!(w instanceof BooleanWeight)) return w;
  let clauses = w.clauses;
  if (clauses.length > 0 && clauses.every((c) => c.occur === 'must_not')) clauses = [...clauses, { occur: 'must', weight: new MatchAllWeight(scope.boost) }];
  const shoulds = clauses.filter((c) => c.occur === 'should').length;
  const msm = msmSpec === undefined ? w.minShouldMatch : minimumShouldMatchFor(shoulds, msmSpec);
  return clauses === w.clauses && msm === w.minShouldMatch ? w : new BooleanWeight(clauses, msm, w.disableCoord);
}

function booleanOf(ctx: CompileContext, clauses: BooleanClause[]): Weight | null {
  if (clauses.length === 0) return null;
  checkClauseCount(ctx, clauses.length);
  if (clauses.length === 1 && (clauses[0] as BooleanClause).occur !== 'must_not') return (clauses[0] as BooleanClause).weight;
  return new BooleanWeight(clauses, 0, false);
}

async function compileNode(ctx: CompileContext, node: LuceneNode, o: QsOptions, scope: CompileScope): Promise<Weight | null> {
  switch (node.type) {
    case 'match_none':
      return new MatchNoneWeight();
    case 'boolean': {
      const compiled = await Promise.all(node.clauses.map((c) => compileNode(ctx, c.node, o, scope)));
      const occurs = resolveOccurs(node.clauses, o.defaultOperator, compiled.map((w) => w !== null));
      const clauses: BooleanClause[] = [];
      compiled.forEach((w, i) => {
        const occur = occurs[i];
        if (w && occur) clauses.push({ occur, weight: w });
      });
      if (clauses.length === 0) return null;
      checkClauseCount(ctx, clauses.length);
      return new BooleanWeight(clauses, 0, false);
    }
    case 'boost':
      return compileNode(ctx, node.node, o, { ...scope, boost: Math.fround(scope.boost * node.boost) });
    case 'exists':
      return compileQuery(ctx, { kind: 'exists', field: node.field, boost: 1 }, scope);
    default:
      return perField(ctx, node, o, scope);
  }
}

type Leaf = Exclude<LuceneNode, { type: 'boolean' | 'boost' | 'exists' | 'match_none' }>;

async function perField(ctx: CompileContext, node: Leaf, o: QsOptions, scope: CompileScope): Promise<Weight | null> {
  const star = (node.type === 'prefix' && node.text === '') || (node.type === 'wildcard' && node.pattern === '*') || (node.type === 'term' && node.text === '*');
  if (star) {
    // `*` alone or `*:*` matches everything; `field:*` means the field exists
    if (node.field === undefined || node.field === '*') return new MatchAllWeight(scope.boost);
    return compileQuery(ctx, { kind: 'exists', field: node.field, boost: 1 }, scope);
  }
  const fields = node.field !== undefined ? resolveFields(ctx, [{ field: node.field, boost: 1 }]) : o.fields;
  const per: Weight[] = [];
  for (const fb of fields) {
    try {
      const w = await leafOnField(ctx, node, fb.field, o, { ...scope, boost: Math.fround(scope.boost * fb.boost) });
      if (w) per.push(w);
    } catch (e) {
      if (o.lenient && e instanceof EsError) continue;
      throw e;
    }
  }
  if (per.length === 0) return null;
  if (per.length === 1) return per[0] as Weight;
  if (o.useDisMax) return new DisMaxWeight(per, o.tieBreaker);
  checkClauseCount(ctx, per.length);
  return new BooleanWeight(per.map((w) => ({ occur: 'should' as Occur, weight: w })), 0, true);
}

async function leafOnField(ctx: CompileContext, node: Leaf, field: string, o: QsOptions, scope: CompileScope): Promise<Weight | null> {
  const mo: MatchOptions = {
    type: 'boolean',
    // Lucene's QueryParser joins the tokens of one analysed term with the default operator
    operator: o.defaultOperator,
    slop: o.phraseSlop,
    prefixLength: o.fuzzyPrefixLength,
    maxExpansions: o.fuzzyMaxExpansions,
    transpositions: true,
    lenient: o.lenient,
    zeroTermsQuery: 'none',
    ...(o.analyzer !== undefined ? { analyzer: o.analyzer } : {}),
  };
  const lower = (t: string): string => (o.lowercaseExpandedTerms ? t.toLowerCase() : t);
  switch (node.type) {
    case 'term':
      return matchOnField(ctx, field, node.text, o.autoGeneratePhraseQueries ? { ...mo, type: 'phrase' } : mo, scope.boost, scope);
    case 'phrase':
      return matchOnField(ctx, field, node.text, { ...mo, type: 'phrase', slop: node.slop ?? o.phraseSlop, quoted: true, ...(o.quoteAnalyzer ? { analyzer: o.quoteAnalyzer } : {}) }, scope.boost, scope);
    case 'prefix':
      return compileQuery(ctx, { kind: 'prefix', field, value: lower(node.text), boost: 1 }, scope);
    case 'wildcard':
      return compileQuery(ctx, { kind: 'wildcard', field, value: lower(node.pattern), boost: 1 }, scope);
    case 'regexp':
      return compileQuery(ctx, { kind: 'regexp', field, value: node.pattern, flags: 0xffff, maxDeterminizedStates: 10000, boost: 1 }, scope);
    case 'fuzzy': {
      const text = lower(node.text);
      const f = node.similarity === '' ? o.fuzziness : fuzzinessFromString(node.similarity);
      return fuzzyWeight(ctx, field, text, fuzzinessToEdits(f, text), o.fuzzyPrefixLength, o.fuzzyMaxExpansions, true, scope.boost, scope.segments);
    }
    case 'range':
      return compileQuery(ctx, { kind: 'range', field, from: node.lower, to: node.upper, includeLower: node.includeLower, includeUpper: node.includeUpper, boost: 1 }, scope);
    default:
      return null;
  }
}

/** `simple_query_string`: the simple syntax over the fields; never fails on syntax. */
export async function compileSimpleQueryString(ctx: CompileContext, q: SimpleQueryStringQuery, scope: CompileScope): Promise<Weight> {
  const tree = parseSimpleQuery(q.query, { flags: q.flags, defaultOperator: q.defaultOperator });
  const all = allFieldsFallback(ctx, q.fields.length > 0);
  const o: QsOptions = {
    fields: all ?? resolveFields(ctx, q.fields),
    defaultOperator: q.defaultOperator,
    ...(q.analyzer !== undefined ? { analyzer: q.analyzer } : {}),
    lenient: all !== undefined ? true : q.lenient,
    useDisMax: false,
    tieBreaker: 0,
    fuzziness: { kind: 'auto' },
    fuzzyPrefixLength: 0,
    fuzzyMaxExpansions: 50,
    phraseSlop: 0,
    lowercaseExpandedTerms: q.lowercaseExpandedTerms,
    autoGeneratePhraseQueries: false,
  };
  const w = (await compileSimple(ctx, tree, o, scope)) ?? new MatchNoneWeight();
  return topLevel(w, q.minimumShouldMatch, scope);
}

async function compileSimple(ctx: CompileContext, node: SimpleNode, o: QsOptions, scope: CompileScope): Promise<Weight | null> {
  switch (node.type) {
    case 'match_all':
      return new MatchAllWeight(scope.boost);
    case 'match_none':
      return new MatchNoneWeight();
    case 'boolean': {
      const clauses: BooleanClause[] = [];
      for (const c of node.clauses) {
        const w = await compileSimple(ctx, c.node, o, scope);
        if (w) clauses.push({ occur: c.occur, weight: w });
      }
      return booleanOf(ctx, clauses);
    }
    case 'term':
      return perField(ctx, { type: 'term', text: node.text }, o, scope);
    case 'phrase':
      return perField(ctx, { type: 'phrase', text: node.text, slop: node.slop }, o, scope);
    case 'prefix':
      return perField(ctx, { type: 'prefix', text: node.text }, o, scope);
    case 'fuzzy':
      return perField(ctx, { type: 'fuzzy', text: node.text, similarity: String(node.edits) }, o, scope);
    default:
      return null;
  }
}
