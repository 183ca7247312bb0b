/**
 * Compile a parsed query (lib/dsl) into a Weight for one shard, as ES 5.6's `QueryBuilder.toQuery`
 * builds Lucene queries: field types decide term encoding and scoring (points are constant
 * score), boosts are pushed down to the leaves (Lucene 6 `normalize`), and errors become
 * `query_shard_exception`s.
 */
import { ScriptQueryWeight } from './script-weight.js';
import type { Query } from '../dsl/query-types.js';
import { queryToString } from '../dsl/render/query.js';
import { EsError } from '../errors/errors.js';
import { minimumShouldMatchFor } from '../dsl/minimum-should-match.js';
import { fuzzinessToEdits } from '../dsl/fuzziness.js';
import { encodeLong } from '../mapping/term-encoding.js';
import type { SegmentReader } from '../shard/segment-reader.js';
import { BooleanWeight, type BooleanClause, type Occur } from './boolean-weight.js';
import { fieldOf, queryShardError, type CompileContext } from './compile-context.js';
import { ConstantScoreWeight, DocSetWeight, MatchAllWeight, MatchNoneWeight } from './constant-weights.js';
import { DisMaxWeight } from './dismax-weight.js';
import { checkSearchable, encodeNumber, isPointField, parseDateValue, parseNumber, termFor, type QueryValue } from './field-terms.js';
import { isNumericType, type SearchField } from './field-types.js';
import { TermWeight } from './term-weight.js';
import { docsOfTerms, fuzzyTerms, termsMatching, termsWithPrefix } from './term-expansion.js';
import { compileRegexpAsync, compileWildcard, TermMatcher } from '../automaton/index.js';
import type { Weight } from './weight.js';
import { compileMatch, compileMatchPhrase, compileMultiMatch, compileCommon } from './compile-match.js';
import { compileFunctionScore, compileBoosting } from './compile-scoring.js';
import { compileQueryString, compileSimpleQueryString } from './compile-query-string.js';
import { idsWeight, typeWeight } from './meta-fields.js';
import { geoBoundingBoxWeight, geoDistanceWeight, geoPolygonWeight } from './geo-weight.js';
import { compileNested } from './compile-nested.js';
import { compileHasChild, compileHasParent, compileParentId } from './compile-join.js';
import { RangeWeight, type NumericBounds } from './range-weight.js';
import { compileSpan } from './compile-span.js';
import { compileMoreLikeThis } from './compile-mlt.js';
import { compilePercolate, RewriteFailure } from './percolate-weight.js';
import { checkClauseCount, checkRewriteClauses, maxClauseCount, RewriteTooManyClauses } from './clause-limit.js';

/** Compile options threaded through the tree. */
export interface CompileScope {
  /** Product of the boosts above this query. */
  boost: number;
  /** Inside a filter context (filter/must_not clauses, constant_score): bool should needs one match. */
  filter: boolean;
  /** Segments of the shard (fuzzy and phrase-prefix expand over all of them). */
  segments: readonly SegmentReader[];
  /** The nested level the query runs on (inside a `nested` query); undefined: the root docs. */
  nestedPath?: string;
}

/** Compile `q` with the boosts above it. */
export async function compileQuery(ctx: CompileContext, q: Query, scope: CompileScope): Promise<Weight> {
  try {
    return await compileInner(ctx, q, scope);
  } catch (e) {
    if (e instanceof RewriteTooManyClauses || e instanceof RewriteFailure) throw e;
    // ES wraps once, in QueryShardContext.toQuery, naming the whole query it was given: a failure
    // wrapped by a sub-query's compile is re-wrapped here with this (outer) query's rendering
    if (e instanceof EsError && e.type === 'query_shard_exception' && e.reason?.startsWith(CREATE_FAILED) && e.causedBy) {
      throw queryShardError(ctx, `${CREATE_FAILED}${describeQuery(q)}`, e.causedBy);
    }
    if (e instanceof EsError && (e.type === 'query_shard_exception' || e.type === 'parsing_exception')) throw e;
    if (e instanceof EsError) throw queryShardError(ctx, `${CREATE_FAILED}${describeQuery(q)}`, e);
    throw e;
  }
}

const CREATE_FAILED = 'failed to create query: ';

/** ES prints `queryBuilder.toString()` (pretty-printed, every default filled in) in this reason. */
function describeQuery(q: Query): string {
  return queryToString(q);
}

async function compileInner(ctx: CompileContext, q: Query, scope: CompileScope): Promise<Weight> {
  const boost = Math.fround(scope.boost * q.boost);
  const sub = { ...scope, boost };
  switch (q.kind) {
    case 'match_all':
      return new MatchAllWeight(boost);
    case 'match_none':
      return new MatchNoneWeight();
    case 'term':
      return termWeight(ctx, q.field, q.value, boost);
    case 'terms':
      return termsWeight(ctx, q, boost);
    case 'range':
      return rangeWeight(ctx, q, boost);
    case 'exists':
      return existsWeight(ctx, q.field, boost);
    case 'prefix': {
      const f = fieldOf(ctx, q.field);
      if (f) checkSearchable(ctx, f);
      const value = q.value;
      checkRewriteClauses(ctx, q.rewrite, scope.segments, (seg) => termsWithPrefix(seg.terms(q.field), value));
      return new DocSetWeight(`${q.field}:${value}*`, boost, (seg) => docsOfTerms(seg, q.field, termsWithPrefix(seg.terms(q.field), value)), {
        field: q.field,
        matches: (t) => t.startsWith(value),
      });
    }
    case 'wildcard': {
      const f = fieldOf(ctx, q.field);
      if (f) checkSearchable(ctx, f);
      const m = new TermMatcher(await compileWildcard(q.value));
      checkRewriteClauses(ctx, q.rewrite, scope.segments, (seg) => termsMatching(seg.terms(q.field), m));
      return new DocSetWeight(`${q.field}:${q.value}`, boost, (seg) => docsOfTerms(seg, q.field, termsMatching(seg.terms(q.field), m)), {
        field: q.field,
        matches: (t) => m.test(t),
      });
    }
    case 'regexp': {
      const f = fieldOf(ctx, q.field);
      if (f) checkSearchable(ctx, f);
      const m = new TermMatcher(await compileRegexpAsync(q.value, q.flags, q.maxDeterminizedStates));
      checkRewriteClauses(ctx, q.rewrite, scope.segments, (seg) => termsMatching(seg.terms(q.field), m));
      return new DocSetWeight(`${q.field}:/${q.value}/`, boost, (seg) => docsOfTerms(seg, q.field, termsMatching(seg.terms(q.field), m)), {
        field: q.field,
        matches: (t) => m.test(t),
      });
    }
    case 'fuzzy':
      return fuzzyWeight(ctx, q.field, String(q.value), fuzzinessToEdits(q.fuzziness, String(q.value)), q.prefixLength, q.maxExpansions, q.transpositions, boost, scope.segments);
    case 'type':
      return typeWeight([q.type], boost);
    case 'ids':
      return idsWeight(q.types, q.values, boost);
    case 'bool':
      return boolWeight(ctx, q, sub);
    case 'constant_score':
      return new ConstantScoreWeight(await compileQuery(ctx, q.filter, { ...scope, boost: 1, filter: true }), boost);
    case 'dis_max': {
      const subs = await Promise.all(q.queries.map((x) => compileQuery(ctx, x, sub)));
      if (subs.length === 0) return new MatchNoneWeight();
      return new DisMaxWeight(subs, q.tieBreaker);
    }
    case 'match':
      return compileMatch(ctx, q, sub);
    case 'match_phrase':
    case 'match_phrase_prefix':
      return compileMatchPhrase(ctx, q, sub);
    case 'multi_match':
      return compileMultiMatch(ctx, q, sub);
    case 'common':
      return compileCommon(ctx, q, sub);
    case 'query_string':
      return compileQueryString(ctx, q, sub);
    case 'simple_query_string':
      return compileSimpleQueryString(ctx, q, sub);
    case 'function_score':
      return compileFunctionScore(ctx, q, scope);
    case 'boosting':
      return compileBoosting(ctx, q, scope);
    case 'geo_distance':
      return geoDistanceWeight(ctx, q, boost);
    case 'geo_bounding_box':
      return geoBoundingBoxWeight(ctx, q, boost);
    case 'geo_polygon':
      return geoPolygonWeight(ctx, q, boost);
    case 'script':
      return new ScriptQueryWeight(ctx, q.script, boost);
    case 'has_child':
      return compileHasChild(ctx, q, scope, (inner, sc) => compileQuery(ctx, inner, sc));
    case 'has_parent':
      return compileHasParent(ctx, q, scope, (inner, sc) => compileQuery(ctx, inner, sc));
    case 'parent_id':
      return compileParentId(ctx, q, scope);
    case 'nested':
      return compileNested(ctx, q, scope, (inner) => compileQuery(ctx, q.query, { ...inner, boost }));
    case 'span_term':
    case 'span_multi':
    case 'span_first':
    case 'span_near':
    case 'span_or':
    case 'span_not':
    case 'span_containing':
    case 'span_within':
    case 'field_masking_span':
      return compileSpan(ctx, q, boost, scope.segments);
    case 'more_like_this':
      return compileMoreLikeThis(ctx, q, boost, scope.segments);
    case 'percolate':
      return compilePercolate(ctx, q, (c, stored, segments) => compileQuery(c, stored, { boost: 1, filter: false, segments }), !scope.filter);
    default:
      // every kind lib/dsl parses is handled above; kept for kinds added there later
      throw queryShardError(ctx, `[${(q as Query).kind}] query is not supported yet`);
  }
}

/** A `term` query on any field. */
export function termWeight(ctx: CompileContext, path: string, value: QueryValue, boost: number): Weight {
  if (path === '_id' || path === '_uid') return idsWeight([], [path === '_uid' ? String(value).split('#').slice(1).join('#') : String(value)], boost);
  if (path === '_type') return typeWeight([String(value)], boost);
  if (path === '_index') return String(value) === ctx.index ? new MatchAllWeight(boost) : new MatchNoneWeight();
  const f = fieldOf(ctx, path);
  const term = termFor(ctx, path, f, value);
  if (isPointField(f)) {
    const shown = f && f.type === 'date' ? String(value) : String(typeof value === 'string' && f ? parseNumberSafe(f, value) : value);
    return new DocSetWeight(`${path}:[${shown} TO ${shown}]`, boost, (seg) => docsOfTerms(seg, path, [term]));
  }
  return new TermWeight(path, term, ctx.stats, boost, String(value));
}

function parseNumberSafe(f: SearchField, v: string): string {
  if (!isNumericType(f.type)) return v;
  const n = parseNumber(f, v);
  return Number.isInteger(n) && !['float', 'double', 'half_float', 'scaled_float'].includes(f.type) ? String(n) : String(n);
}

function termsWeight(ctx: CompileContext, q: Extract<Query, { kind: 'terms' }>, boost: number): Weight | Promise<Weight> {
  if (q.lookup) return termsLookupWeight(ctx, q, boost);
  return termsFromValues(ctx, q.field, q.values ?? [], boost);
}

function termsFromValues(ctx: CompileContext, path: string, values: readonly QueryValue[], boost: number): Weight {
  if (path === '_id' || path === '_uid') return idsWeight([], values.map(String), boost);
  if (path === '_type') return typeWeight(values.map(String), boost);
  const f = fieldOf(ctx, path);
  const terms = [...new Set(values.map((v) => termFor(ctx, path, f, v)))].sort();
  if (terms.length === 0) return new MatchNoneWeight();
  return new DocSetWeight(`${path}:(${values.join(' ')})`, boost, (seg) => docsOfTerms(seg, path, terms));
}

async function termsLookupWeight(ctx: CompileContext, q: Extract<Query, { kind: 'terms' }>, boost: number): Promise<Weight> {
  const l = q.lookup;
  if (!l || !ctx.getSource) return new MatchNoneWeight();
  const src = await ctx.getSource(l.index ?? ctx.index, l.type, l.id, l.routing);
  if (!src) return new MatchNoneWeight();
  const values: QueryValue[] = [];
  collectPath(src, l.path.split('.'), values);
  return termsFromValues(ctx, q.field, values, boost);
}

function collectPath(v: unknown, path: string[], out: QueryValue[]): void {
  if (Array.isArray(v)) {
    for (const x of v) collectPath(x, path, out);
    return;
  }
  if (path.length === 0) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out.push(v);
    return;
  }
  if (v && typeof v === 'object' && Object.hasOwn(v, path[0] as string)) collectPath((v as Record<string, unknown>)[path[0] as string], path.slice(1), out);
}

function rangeWeight(ctx: CompileContext, q: Extract<Query, { kind: 'range' }>, boost: number): Weight {
  const path = q.field;
  const f = fieldOf(ctx, path);
  if (f) checkSearchable(ctx, f);
  let from: string | null = null;
  let to: string | null = null;
  let incLo = q.includeLower;
  let incHi = q.includeUpper;
  let shownFrom = q.from === null ? '*' : String(q.from);
  let shownTo = q.to === null ? '*' : String(q.to);
  let numeric: NumericBounds | undefined;
  if (f && f.type === 'date') {
    let lo = -Infinity;
    let hi = Infinity;
    if (q.from !== null) {
      lo = parseDateValue(ctx, f, q.from, !q.includeLower, q.timeZone, q.format);
      from = encodeLong(lo);
      shownFrom = String(lo);
    }
    if (q.to !== null) {
      hi = parseDateValue(ctx, f, q.to, q.includeUpper, q.timeZone, q.format);
      to = encodeLong(hi);
      shownTo = String(hi);
    }
    numeric = { lo, hi, incLo, incHi };
  } else if (f && isNumericType(f.type)) {
    const integral = ['long', 'integer', 'short', 'byte'].includes(f.type);
    let lo = -Infinity;
    let hi = Infinity;
    if (q.from !== null) {
      lo = parseNumberRaw(f, q.from);
      if (integral) {
        // gt 1.5 on a long means >= 2; gte 1.5 means >= 2 as well
        const c = Math.ceil(lo);
        lo = !q.includeLower && c === lo ? lo + 1 : c;
        incLo = true;
      }
      from = encodeNumber(f, lo);
    }
    if (q.to !== null) {
      hi = parseNumberRaw(f, q.to);
      if (integral) {
        const fl = Math.floor(hi);
        hi = !q.includeUpper && fl === hi ? hi - 1 : fl;
        incHi = true;
      }
      to = encodeNumber(f, hi);
    }
    numeric = { lo, hi, incLo, incHi };
  } else if (f && (f.type === 'ip' || f.type === 'boolean')) {
    from = q.from === null ? null : termFor(ctx, path, f, q.from as QueryValue);
    to = q.to === null ? null : termFor(ctx, path, f, q.to as QueryValue);
  } else {
    from = q.from === null ? null : String(q.from);
    to = q.to === null ? null : String(q.to);
  }
  const desc = `${path}:${incLo ? '[' : '{'}${shownFrom} TO ${shownTo}${incHi ? ']' : '}'}`;
  return new RangeWeight(desc, boost, path, from, to, incLo, incHi, numeric);
}

function parseNumberRaw(f: SearchField, v: string | number | boolean): number {
  if (typeof v === 'boolean') throw new EsError('number_format_exception', 400, `For input string: "${v}"`);
  const n = typeof v === 'number' ? v : Number(v.trim());
  if (Number.isNaN(n) || (typeof v === 'string' && v.trim() === '')) throw new EsError('number_format_exception', 400, `For input string: "${v}"`);
  if (f.type === 'float' || f.type === 'half_float') return Math.fround(n);
  return n;
}

function existsWeight(ctx: CompileContext, path: string, boost: number): Weight {
  if (!ctx.fields.fieldNamesEnabled) {
    throw queryShardError(ctx, `field_names field is disabled`);
  }
  const paths = ctx.fields.isObject(path) ? ctx.fields.match(`${path}.*`) : path.includes('*') ? ctx.fields.match(path) : [path];
  if (paths.length === 0) return new MatchNoneWeight();
  const desc = paths.length === 1 ? `ConstantScore(_field_names:${paths[0]})` : `ConstantScore(${paths.map((p) => `_field_names:${p}`).join(' ')})`;
  return new DocSetWeight(desc, boost, async (seg) => {
    if (seg.terms('_field_names').length > 0) return docsOfTerms(seg, '_field_names', paths);
    // segments without a _field_names index: a doc has the field when it has any term or doc value in it
    const lists: Int32Array[] = [];
    for (const p of paths) lists.push(await docsOfTerms(seg, p, seg.terms(p).slice()));
    const { unionDocLists } = await import('./scorer.js');
    return unionDocLists(lists, seg.maxDoc);
  });
}

/** Fuzzy: expand over all segments, keep the best `maxExpansions`, score with blended statistics. */
export function fuzzyWeight(
  ctx: CompileContext,
  path: string,
  text: string,
  edits: number,
  prefixLength: number,
  maxExpansions: number,
  transpositions: boolean,
  boost: number,
  segments: readonly SegmentReader[],
): Weight {
  const f = fieldOf(ctx, path);
  if (f) checkSearchable(ctx, f);
  if (f && (isNumericType(f.type) || f.type === 'date' || f.type === 'ip')) {
    // ES 5 numeric/date fuzzy is a range around the value; exact term is a good approximation
    return termWeight(ctx, path, text, boost);
  }
  const found = new Map<string, number>();
  for (const seg of segments) for (const m of fuzzyTerms(seg.terms(path), text, edits, prefixLength, transpositions)) found.set(m.term, m.edits);
  const textLen = [...text].length;
  const scored = [...found].map(([term, ed]) => ({ term, ed, tb: Math.fround(1 - ed / Math.min([...term].length, textLen)) }));
  scored.sort((a, b) => b.tb - a.tb || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
  // Lucene TopTermsRewrite keeps min(max_expansions, maxClauseCount) terms, never throws.
  const top = scored.slice(0, Math.min(Math.max(1, maxExpansions), maxClauseCount(ctx)));
  if (top.length === 0) return new MatchNoneWeight();
  let maxDf = 0;
  let maxTtf = 0;
  for (const t of top) {
    const s = ctx.stats.termStats(path, t.term);
    if (s.docFreq > maxDf) maxDf = s.docFreq;
    if (s.totalTermFreq > maxTtf) maxTtf = s.totalTermFreq;
  }
  const clauses: BooleanClause[] = top.map((t) => ({
    occur: 'should' as Occur,
    weight: new TermWeight(path, t.term, ctx.stats, Math.fround(boost * (t.tb > 0 ? t.tb : 1)), t.term, { docFreq: maxDf, totalTermFreq: maxTtf }),
  }));
  if (clauses.length === 1) return (clauses[0] as BooleanClause).weight;
  return new BooleanWeight(clauses, 0, true);
}

async function boolWeight(ctx: CompileContext, q: Extract<Query, { kind: 'bool' }>, scope: CompileScope): Promise<Weight> {
  const clauses: BooleanClause[] = [];
  const add = async (list: readonly Query[], occur: Occur, filter: boolean): Promise<void> => {
    for (const c of list) clauses.push({ occur, weight: await compileQuery(ctx, c, { ...scope, filter: filter || scope.filter, boost: filter ? 1 : scope.boost }) });
  };
  await add(q.must, 'must', false);
  await add(q.mustNot, 'must_not', true);
  await add(q.should, 'should', false);
  await add(q.filter, 'filter', true);
  if (clauses.length === 0) return new MatchAllWeight(scope.boost);
  const shouldCount = q.should.length;
  const spec = scope.filter && q.minimumShouldMatch === undefined && shouldCount > 0 ? '1' : q.minimumShouldMatch;
  const msm = minimumShouldMatchFor(shouldCount, spec);
  if (q.adjustPureNegative && clauses.every((c) => c.occur === 'must_not')) {
    clauses.push({ occur: 'must', weight: new MatchAllWeight(scope.boost) });
  }
  // Lucene BooleanQuery.Builder#add: the clause after maxClauseCount throws (ES wraps it above).
  checkClauseCount(ctx, clauses.length);
  // BooleanQuery.rewrite of a single clause
  if (clauses.length === 1) {
    const c = clauses[0] as BooleanClause;
    if ((msm === 1 && c.occur === 'should') || (msm === 0 && (c.occur === 'should' || c.occur === 'must'))) return c.weight;
    if (msm === 0 && c.occur === 'filter') return new ConstantScoreWeight(c.weight, 0);
  }
  return new BooleanWeight(clauses, msm, q.disableCoord);
}
