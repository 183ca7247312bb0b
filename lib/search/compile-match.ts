/**
 * The full-text queries: `match` (boolean / phrase / phrase_prefix), `match_phrase`,
 * `match_phrase_prefix`, `multi_match` (all five types) and `common`, as ES 5.6's `MatchQuery`
 * and `MultiMatchQuery` build them: analyze with the field's search analyzer, one term query
 * per token (fuzzy when asked), combined by the operator and `minimum_should_match`.
 */
import type { CommonTermsQuery, MatchPhrasePrefixQuery, MatchPhraseQuery, MatchQuery, MultiMatchQuery } from '../dsl/query-types.js';
import type { Fuzziness } from '../dsl/fuzziness.js';
import { fuzzinessToEdits } from '../dsl/fuzziness.js';
import { minimumShouldMatchFor } from '../dsl/minimum-should-match.js';
import { EsError } from '../errors/errors.js';
import { analyzeText, type PositionedTerms } from './analyze-query.js';
import { BooleanWeight, type BooleanClause, type Occur } from './boolean-weight.js';
import { fieldOf, searchAnalyzerFor, type CompileContext } from './compile-context.js';
import type { CompileScope } from './compile-query.js';
import { fuzzyWeight, termWeight } from './compile-query.js';
import { MatchAllWeight, MatchNoneWeight } from './constant-weights.js';
import { DisMaxWeight } from './dismax-weight.js';
import { checkClauseCount } from './clause-limit.js';
import { isTextField } from './field-types.js';
import { PhraseWeight, type PhraseSlot } from './phrase-weight.js';
import { termsWithPrefix } from './term-expansion.js';
import { TermWeight } from './term-weight.js';
import type { Weight } from './weight.js';

/** Options shared by match-family queries on one field. */
export interface MatchOptions {
  type: 'boolean' | 'phrase' | 'phrase_prefix';
  operator: 'or' | 'and';
  analyzer?: string;
  slop: number;
  fuzziness?: Fuzziness;
  prefixLength: number;
  maxExpansions: number;
  transpositions: boolean;
  minimumShouldMatch?: string;
  lenient: boolean;
  zeroTermsQuery: 'none' | 'all';
  /** For query_string's quoted text: use search_quote_analyzer. */
  quoted?: boolean;
}

/** Build the query for `text` on one field; null when analysis produced no terms. */
export function matchOnField(ctx: CompileContext, path: string, text: string, o: MatchOptions, boost: number, scope: CompileScope): Weight | null {
  const f = fieldOf(ctx, path);
  let analyzer = o.analyzer !== undefined ? ctx.analysis.analyzer(o.analyzer) : undefined;
  if (o.analyzer !== undefined && !analyzer) throw new EsError('illegal_argument_exception', 400, `No analyzer found for [${o.analyzer}]`);
  if (!analyzer && f && !isTextField(f) && path !== '_all') {
    // keyword, numeric, date, boolean, ip: the whole text is one term (KeywordAnalyzer / normalizer)
    try {
      return termWeight(ctx, path, text, boost);
    } catch (e) {
      if (o.lenient) return new MatchNoneWeight();
      throw e;
    }
  }
  analyzer ??= searchAnalyzerFor(ctx, f, o.quoted) ?? undefined;
  if (!analyzer) return termWeight(ctx, path, text, boost);
  const groups = analyzeText(analyzer, text);
  if (groups.length === 0) return null;
  if (o.type === 'phrase' || o.type === 'phrase_prefix') return phraseOnField(ctx, path, groups, o, boost, scope);
  const leaf = (term: string, b: number): Weight =>
    o.fuzziness !== undefined
      ? fuzzyWeight(ctx, path, term, fuzzinessToEdits(o.fuzziness, term), o.prefixLength, o.maxExpansions, o.transpositions, b, scope.segments)
      : new TermWeight(path, term, ctx.stats, b);
  const groupWeight = (g: PositionedTerms): Weight => {
    if (g.terms.length === 1) return leaf(g.terms[0] as string, boost);
    // synonyms at one position (Lucene SynonymQuery), approximated by a coord-free disjunction
    return new BooleanWeight(
      g.terms.map((t) => ({ occur: 'should' as Occur, weight: leaf(t, boost) })),
      0,
      true,
    );
  };
  if (groups.length === 1) return groupWeight(groups[0] as PositionedTerms);
  const occur: Occur = o.operator === 'and' ? 'must' : 'should';
  const clauses: BooleanClause[] = groups.map((g) => ({ occur, weight: groupWeight(g) }));
  const msm = occur === 'should' ? minimumShouldMatchFor(clauses.length, o.minimumShouldMatch) : 0;
  // Lucene QueryBuilder builds one BooleanQuery clause per position.
  checkClauseCount(ctx, clauses.length);
  return new BooleanWeight(clauses, msm, false);
}

function phraseOnField(ctx: CompileContext, path: string, groups: PositionedTerms[], o: MatchOptions, boost: number, scope: CompileScope): Weight | null {
  const slots: PhraseSlot[] = groups.map((g) => ({ terms: [...g.terms], position: g.position }));
  if (o.type === 'phrase_prefix') {
    const last = slots[slots.length - 1] as PhraseSlot;
    const expanded = new Set<string>();
    for (const prefix of last.terms) {
      for (const seg of scope.segments) for (const t of termsWithPrefix(seg.terms(path), prefix)) expanded.add(t);
    }
    const sorted = [...expanded].sort().slice(0, Math.max(1, o.maxExpansions));
    if (sorted.length === 0) return new MatchNoneWeight();
    last.terms = sorted;
  } else if (slots.length === 1 && (slots[0] as PhraseSlot).terms.length === 1) {
    return new TermWeight(path, (slots[0] as PhraseSlot).terms[0] as string, ctx.stats, boost);
  }
  return new PhraseWeight(path, slots, o.slop, ctx.stats, boost);
}

function zeroTerms(o: { zeroTermsQuery: 'none' | 'all' }, boost: number): Weight {
  return o.zeroTermsQuery === 'all' ? new MatchAllWeight(boost) : new MatchNoneWeight();
}

export function compileMatch(ctx: CompileContext, q: MatchQuery, scope: CompileScope): Weight {
  if (q.cutoffFrequency !== undefined && q.type === 'boolean' && q.fuzziness === undefined) {
    // MatchQuery with cutoff_frequency builds an (Extended)CommonTermsQuery with the operator on both halves
    const f = fieldOf(ctx, q.field);
    if (!f || isTextField(f)) {
      return compileCommon(
        ctx,
        {
          kind: 'common',
          field: q.field,
          query: q.query,
          ...(q.analyzer !== undefined ? { analyzer: q.analyzer } : {}),
          cutoffFrequency: q.cutoffFrequency,
          highFreqOperator: q.operator,
          lowFreqOperator: q.operator,
          ...(q.minimumShouldMatch !== undefined ? { lowFreqMinimumShouldMatch: q.minimumShouldMatch } : {}),
          disableCoord: true,
          boost: 1,
        },
        scope,
      );
    }
  }
  const o: MatchOptions = {
    type: q.type,
    operator: q.operator,
    slop: q.slop,
    prefixLength: q.prefixLength,
    maxExpansions: q.maxExpansions,
    transpositions: q.fuzzyTranspositions,
    lenient: q.lenient,
    zeroTermsQuery: q.zeroTermsQuery,
    ...(q.analyzer !== undefined ? { analyzer: q.analyzer } : {}),
    ...(q.fuzziness !== undefined ? { fuzziness: q.fuzziness } : {}),
    ...(q.minimumShouldMatch !== undefined ? { minimumShouldMatch: q.minimumShouldMatch } : {}),
  };
  return matchOnField(ctx, q.field, String(q.query), o, scope.boost, scope) ?? zeroTerms(o, scope.boost);
}

export function compileMatchPhrase(ctx: CompileContext, q: MatchPhraseQuery | MatchPhrasePrefixQuery, scope: CompileScope): Weight {
  const o: MatchOptions = {
    type: q.kind === 'match_phrase' ? 'phrase' : 'phrase_prefix',
    operator: 'or',
    slop: q.slop,
    prefixLength: 0,
    maxExpansions: q.kind === 'match_phrase_prefix' ? q.maxExpansions : 50,
    transpositions: true,
    lenient: false,
    zeroTermsQuery: 'none',
    ...(q.analyzer !== undefined ? { analyzer: q.analyzer } : {}),
  };
  return matchOnField(ctx, q.field, String(q.query), o, scope.boost, scope) ?? new MatchNoneWeight();
}

/** Expand `fields` (with `^boost` and wildcards) to concrete paths; default `index.query.default_field` or `_all`. */
export function resolveFields(ctx: CompileContext, fields: ReadonlyArray<{ field: string; boost: number }>): Array<{ field: string; boost: number }> {
  if (fields.length === 0) return [{ field: ctx.settings['index.query.default_field'] ?? '_all', boost: 1 }];
  const out: Array<{ field: string; boost: number }> = [];
  for (const fb of fields) {
    if (fb.field.includes('*')) {
      if (fb.field === '*' || fb.field === '_all') {
        for (const p of ctx.fields.match('*')) out.push({ field: p, boost: fb.boost });
      } else for (const p of ctx.fields.match(fb.field)) out.push({ field: p, boost: fb.boost });
    } else out.push(fb);
  }
  return out;
}

export function compileMultiMatch(ctx: CompileContext, q: MultiMatchQuery, scope: CompileScope): Weight {
  const fields = resolveFields(ctx, q.fields);
  const text = String(q.query);
  const type = q.type;
  const o: MatchOptions = {
    type: type === 'phrase' ? 'phrase' : type === 'phrase_prefix' ? 'phrase_prefix' : 'boolean',
    operator: q.operator,
    slop: q.slop,
    prefixLength: q.prefixLength,
    maxExpansions: q.maxExpansions,
    transpositions: true,
    lenient: q.lenient,
    zeroTermsQuery: q.zeroTermsQuery,
    ...(q.analyzer !== undefined ? { analyzer: q.analyzer } : {}),
    ...(q.fuzziness !== undefined ? { fuzziness: q.fuzziness } : {}),
    ...(q.minimumShouldMatch !== undefined ? { minimumShouldMatch: q.minimumShouldMatch } : {}),
  };
  if (type === 'cross_fields') return crossFields(ctx, q, fields, o, scope);
  const subs: Weight[] = [];
  for (const fb of fields) {
    const w = matchOnField(ctx, fb.field, text, o, Math.fround(scope.boost * fb.boost), scope);
    if (w) subs.push(w);
  }
  if (subs.length === 0) return zeroTerms(o, scope.boost);
  if (subs.length === 1) return subs[0] as Weight;
  if (type === 'most_fields') return new BooleanWeight(subs.map((w) => ({ occur: 'should' as Occur, weight: w })), 0, true);
  return new DisMaxWeight(subs, q.tieBreaker ?? 0);
}

/** cross_fields: one blended disjunction per query term over all fields (df = max over fields). */
function crossFields(ctx: CompileContext, q: MultiMatchQuery, fields: Array<{ field: string; boost: number }>, o: MatchOptions, scope: CompileScope): Weight {
  const analyzerOf = (path: string) => (o.analyzer !== undefined ? ctx.analysis.analyzer(o.analyzer) : searchAnalyzerFor(ctx, fieldOf(ctx, path)));
  const first = fields[0];
  const analyzer = first ? analyzerOf(first.field) : null;
  if (!analyzer) return compileMultiMatch(ctx, { ...q, type: 'best_fields' }, scope);
  const groups = analyzeText(analyzer, String(q.query));
  if (groups.length === 0) return zeroTerms(o, scope.boost);
  const perTerm: Weight[] = groups.map((g) => {
    const term = g.terms[0] as string;
    let maxDf = 0;
    let maxTtf = 0;
    for (const fb of fields) {
      const s = ctx.stats.termStats(fb.field, term);
      if (s.docFreq > maxDf) maxDf = s.docFreq;
      if (s.totalTermFreq > maxTtf) maxTtf = s.totalTermFreq;
    }
    const subs = fields.map((fb) => new TermWeight(fb.field, term, ctx.stats, Math.fround(scope.boost * fb.boost), term, { docFreq: maxDf, totalTermFreq: maxTtf }));
    return subs.length === 1 ? (subs[0] as Weight) : new DisMaxWeight(subs, q.tieBreaker ?? 0);
  });
  if (perTerm.length === 1) return perTerm[0] as Weight;
  const occur: Occur = o.operator === 'and' ? 'must' : 'should';
  const msm = occur === 'should' ? minimumShouldMatchFor(perTerm.length, o.minimumShouldMatch) : 0;
  return new BooleanWeight(perTerm.map((w) => ({ occur, weight: w })), msm, false);
}

/** `common` terms: low-frequency terms required per the low operator, high-frequency ones optional. */
export function compileCommon(ctx: CompileContext, q: CommonTermsQuery, scope: CompileScope): Weight {
  const f = fieldOf(ctx, q.field);
  const analyzer = q.analyzer !== undefined ? ctx.analysis.analyzer(q.analyzer) : searchAnalyzerFor(ctx, f);
  if (!analyzer) return termWeight(ctx, q.field, String(q.query), scope.boost);
  const groups = analyzeText(analyzer, String(q.query));
  if (groups.length === 0) return new MatchNoneWeight();
  const maxDoc = ctx.stats.collectionStats(q.field).maxDoc;
  const cutoff = q.cutoffFrequency >= 1 ? q.cutoffFrequency : Math.fround(q.cutoffFrequency * maxDoc);
  const low: Weight[] = [];
  const high: Weight[] = [];
  for (const g of groups) {
    for (const t of g.terms) {
      const w = new TermWeight(q.field, t, ctx.stats, scope.boost);
      (ctx.stats.termStats(q.field, t).docFreq > cutoff ? high : low).push(w);
    }
  }
  const build = (ws: Weight[], op: 'or' | 'and', msmSpec: string | undefined): Weight => {
    if (ws.length === 1) return ws[0] as Weight;
    const occur: Occur = op === 'and' ? 'must' : 'should';
    const msm = occur === 'should' ? minimumShouldMatchFor(ws.length, msmSpec) : 0;
    return new BooleanWeight(ws.map((w) => ({ occur, weight: w })), msm, q.disableCoord);
  };
  if (low.length === 0) return build(high, q.highFreqOperator, q.highFreqMinimumShouldMatch);
  const lowQ = build(low, q.lowFreqOperator, q.lowFreqMinimumShouldMatch);
  if (high.length === 0) return lowQ;
  return new BooleanWeight(
    [
      { occur: 'must', weight: lowQ },
      { occur: 'should', weight: build(high, q.highFreqOperator, q.highFreqMinimumShouldMatch) },
    ],
    0,
    true,
  );
}
