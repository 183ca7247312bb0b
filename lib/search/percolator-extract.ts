/**
 * What a stored percolator query needs of a document, worked out when the query is indexed
 * (ES 5.6 `QueryAnalyzer` over the Lucene query `PercolatorFieldMapper` builds): a set of
 * `field\0term` keys, one of which any matching document must contain, and whether a document
 * containing one of them is certain to match (`complete`) or must still run the query
 * (`partial`). A query the analysis cannot describe is `failed`: it is a candidate for every
 * document and always verified.
 *
 * The walk is over the parsed DSL, building the terms the shard's compiler would build
 * (`termFor`, the field's search analyzer), and covers the Lucene queries 5.6 analyses:
 * term (TermQuery), terms (TermInSetQuery), match / match_phrase (term, synonym, boolean,
 * phrase and multi-phrase queries), bool, constant_score, dis_max, function_score,
 * match_none and the span term/near/or/not/first queries. Everything else (match_all, ranges
 * and other point queries, multi-term queries, fuzziness, cutoff frequencies, nested, scripts,
 * geo...) is unsupported, as it is in 5.6, so nothing is ever left out of the candidates.
 */
import type { Query } from '../dsl/query-types.js';
import type { SpanQuery } from '../dsl/queries/span.js';
import { minimumShouldMatchFor } from '../dsl/minimum-should-match.js';
import { analyzeText } from './analyze-query.js';
import { fieldOf, searchAnalyzerFor, type CompileContext } from './compile-context.js';
import { termFor, type QueryValue } from './field-terms.js';
import { isTextField, type SearchField } from './field-types.js';

/** ES's `extraction_result` values. */
export type ExtractionResult = 'complete' | 'partial' | 'failed';

/** The analysis of one stored query. */
export interface Extraction {
  result: ExtractionResult;
  /** `field\0term` keys (empty when `failed`). */
  terms: string[];
}

/** QueryAnalyzer's Result: `verified` says a document with one of `terms` certainly matches. */
interface Result {
  verified: boolean;
  terms: Set<string>;
}

/** UnsupportedQueryException: no terms can be extracted from this query. */
class Unsupported extends Error {}

/** Analyse `q` as ES 5.6 `PercolatorFieldMapper.processQuery` does. */
export function extractPercolatorTerms(ctx: CompileContext, q: Query): Extraction {
  let r: Result;
  try {
    r = analyze(ctx, q);
  } catch {
    // anything the walk cannot follow (or that does not compile) is verified for every document
    return { result: 'failed', terms: [] };
  }
  return { result: r.verified ? 'complete' : 'partial', terms: [...r.terms].sort() };
}

const key = (field: string, term: string): string => `${field}\u0000${term}`;

/** Fields whose term queries are Lucene TermQuerys over the value's own bytes (points are not). */
function termField(ctx: CompileContext, path: string): SearchField | undefined {
  const f = fieldOf(ctx, path);
  if (!f) throw new Unsupported();
  if (isTextField(f) || f.type === 'keyword' || path === '_all') return f;
  throw new Unsupported();
}

function termKey(ctx: CompileContext, path: string, value: QueryValue): string {
  return key(path, termFor(ctx, path, termField(ctx, path), value));
}

function analyze(ctx: CompileContext, q: Query): Result {
  switch (q.kind) {
    case 'match_none':
      return { verified: true, terms: new Set() };
    case 'term':
      return { verified: true, terms: new Set([termKey(ctx, q.field, q.value as QueryValue)]) };
    case 'terms':
      if (!q.values) throw new Unsupported();
      return { verified: true, terms: new Set(q.values.map((v) => termKey(ctx, q.field, v as QueryValue))) };
    case 'constant_score':
      return analyze(ctx, q.filter);
    case 'dis_max':
      return disjunction(ctx, q.queries, 1, false);
    case 'function_score': {
      // min_score drops documents the terms alone would keep; the inner query's own
      // verification is kept too (5.6 reports such a query complete, and then answers wrongly)
      const inner = analyze(ctx, q.query);
      return { verified: inner.verified && q.minScore === undefined, terms: inner.terms };
    }
    case 'bool':
      return bool(ctx, q);
    case 'match':
      if (q.fuzziness !== undefined || q.cutoffFrequency !== undefined || q.type === 'phrase_prefix') throw new Unsupported();
      return textQuery(ctx, q.field, String(q.query), q.analyzer, q.type === 'phrase', q.operator, q.minimumShouldMatch, q.zeroTermsQuery);
    case 'match_phrase':
      return textQuery(ctx, q.field, String(q.query), q.analyzer, true, 'or', undefined, 'none');
    case 'span_term':
    case 'span_near':
    case 'span_or':
    case 'span_not':
    case 'span_first':
      return span(ctx, q);
    default:
      throw new Unsupported();
  }
}

/** BooleanQuery: the best required clause, or the union of a disjunction. */
function bool(ctx: CompileContext, q: Extract<Query, { kind: 'bool' }>): Result {
  const required = [...q.must, ...q.filter];
  // a bool of nothing is MatchAllDocsQuery; must_not alone gets a MatchAllDocsQuery clause
  if (required.length === 0 && q.should.length === 0) throw new Unsupported();
  if (required.length > 0) {
    let best: Set<string> | undefined;
    let failure = false;
    for (const c of required) {
      let r: Result;
      try {
        r = analyze(ctx, c);
      } catch (e) {
        if (!(e instanceof Unsupported)) throw e;
        failure = true;
        continue;
      }
      best = best === undefined ? r.terms : selectBest(r.terms, best);
    }
    if (best !== undefined) return { verified: false, terms: best };
    if (failure) throw new Unsupported();
    return { verified: true, terms: new Set() };
  }
  const msm = minimumShouldMatchFor(q.should.length, q.minimumShouldMatch);
  return disjunction(ctx, q.should, msm, q.mustNot.length > 0);
}

function disjunction(ctx: CompileContext, qs: readonly Query[], msm: number, otherClauses: boolean): Result {
  let verified = msm <= 1 && !otherClauses;
  const terms = new Set<string>();
  for (const c of qs) {
    const r = analyze(ctx, c);
    if (!r.verified) verified = false;
    for (const t of r.terms) terms.add(t);
  }
  return { verified, terms };
}

/** UTF-8 length of the shortest term of a set (longer terms are likely rarer). */
function minTermLength(terms: ReadonlySet<string>): number {
  let min = Number.MAX_SAFE_INTEGER;
  for (const k of terms) min = Math.min(min, Buffer.byteLength(k.slice(k.indexOf('\u0000') + 1)));
  return min;
}

/** `selectTermListWithTheLongestShortestTerm`: the first argument wins a tie. */
function selectBest(a: Set<string>, b: Set<string>): Set<string> {
  return minTermLength(a) >= minTermLength(b) ? a : b;
}

/** match / match_phrase as Lucene's QueryBuilder builds them for a field. */
function textQuery(
  ctx: CompileContext,
  path: string,
  text: string,
  analyzerName: string | undefined,
  phrase: boolean,
  operator: 'and' | 'or',
  minimumShouldMatch: string | undefined,
  zeroTerms: 'none' | 'all',
): Result {
  const f = termField(ctx, path);
  let analyzer = analyzerName !== undefined ? ctx.analysis.analyzer(analyzerName) : undefined;
  if (analyzerName !== undefined && !analyzer) throw new Unsupported();
  if (!analyzer && f && !isTextField(f) && path !== '_all') return { verified: true, terms: new Set([termKey(ctx, path, text)]) };
  analyzer ??= searchAnalyzerFor(ctx, f) ?? undefined;
  if (!analyzer) return { verified: true, terms: new Set([termKey(ctx, path, text)]) };
  const groups = analyzeText(analyzer, text);
  if (groups.length === 0) {
    if (zeroTerms === 'all') throw new Unsupported();
    return { verified: true, terms: new Set() };
  }
  const sets = groups.map((g) => new Set(g.terms.map((t) => key(path, t))));
  // one position: a TermQuery or a SynonymQuery
  if (sets.length === 1) return { verified: true, terms: sets[0] as Set<string> };
  if (phrase) {
    if (groups.every((g) => g.terms.length === 1)) {
      // PhraseQuery: the longest term (the first of equal length)
      let longest = [...(sets[0] as Set<string>)][0] as string;
      for (const s of sets) {
        const t = [...s][0] as string;
        if (Buffer.byteLength(t) > Buffer.byteLength(longest)) longest = t;
      }
      return { verified: false, terms: new Set([longest]) };
    }
    let best: Set<string> | undefined;
    for (const s of sets) best = best === undefined ? s : selectBest(best, s);
    return { verified: false, terms: best as Set<string> };
  }
  if (operator === 'and') {
    let best: Set<string> | undefined;
    for (const s of sets) best = best === undefined ? s : selectBest(s, best);
    return { verified: false, terms: best as Set<string> };
  }
  const msm = minimumShouldMatchFor(sets.length, minimumShouldMatch);
  const terms = new Set<string>();
  for (const s of sets) for (const t of s) terms.add(t);
  return { verified: msm <= 1, terms };
}

function span(ctx: CompileContext, q: SpanQuery): Result {
  switch (q.kind) {
    case 'span_term':
      return { verified: true, terms: new Set([termKey(ctx, q.field, q.value as QueryValue)]) };
    case 'span_near': {
      let best: Set<string> | undefined;
      for (const c of q.clauses) {
        const r = span(ctx, c);
        best = best === undefined ? r.terms : selectBest(r.terms, best);
      }
      return { verified: false, terms: best ?? new Set() };
    }
    case 'span_or': {
      const terms = new Set<string>();
      for (const c of q.clauses) for (const t of span(ctx, c).terms) terms.add(t);
      return { verified: false, terms };
    }
    case 'span_not':
      return { verified: false, terms: span(ctx, q.include).terms };
    case 'span_first':
      return { verified: false, terms: span(ctx, q.match).terms };
    default:
      throw new Unsupported();
  }
}
