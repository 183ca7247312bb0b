/**
 * Span queries compiled for a shard (ES 5.6 `Span*QueryBuilder.doToQuery` → Lucene 6.6 span
 * queries): the span tree (spans.ts) and one `SpanWeight` over it, scored by BM25 with the
 * sloppy frequency Σ 1/(width + 1) of the doc's spans and an idf summed over every term of the
 * tree (Lucene's `SpanWeight.buildSimWeight`), explained as `weight(<query> in <doc>)` with
 * `phraseFreq`. `span_multi` is rewritten over the shard's term dictionaries into a `spanOr` of
 * the matching terms (at most the max clause count).
 */
import type { Query } from '../dsl/query-types.js';
import type { SpanQuery } from '../dsl/queries/span.js';
import type { SegmentReader, TermList } from '../shard/segment-reader.js';
import { EsError } from '../errors/errors.js';
import { fuzzinessToEdits } from '../dsl/fuzziness.js';
import { compileRegexpAsync, compileWildcard, TermMatcher } from '../automaton/index.js';
import { BM25Stats } from './bm25.js';
import { fieldOf, type CompileContext } from './compile-context.js';
import { explMatch, explNoMatch, javaFloat, type Explanation } from './explanation.js';
import { termFor } from './field-terms.js';
import { maxClauseCount, tooManyClauses } from './clause-limit.js';
import { NO_MORE_DOCS, type Scorer } from './scorer.js';
import { fuzzyTerms, termsInRange, termsMatching, termsWithPrefix } from './term-expansion.js';
import { FieldMaskingNode, SpanFilterNode, SpanNearNode, SpanOrNode, SpanTermNode, type Span, type SpanNode } from './spans.js';
import { segmentHasNorms, type Weight } from './weight.js';
import type { HighlightTermSink } from './highlight/query-terms.js';

const fr = Math.fround;
const sameField = (): EsError => new EsError('illegal_argument_exception', 400, 'Clauses must have same field.');

async function multiTermNode(ctx: CompileContext, q: Query, segments: readonly SegmentReader[]): Promise<SpanNode> {
  let field: string;
  let pick: (terms: TermList) => string[];
  switch (q.kind) {
    case 'prefix':
      field = q.field;
      pick = (t) => termsWithPrefix(t, q.value);
      break;
    case 'wildcard': {
      field = q.field;
      const m = new TermMatcher(await compileWildcard(q.value));
      pick = (t) => termsMatching(t, m);
      break;
    }
    case 'regexp': {
      field = q.field;
      const m = new TermMatcher(await compileRegexpAsync(q.value, q.flags, q.maxDeterminizedStates));
      pick = (t) => termsMatching(t, m);
      break;
    }
    case 'fuzzy': {
      field = q.field;
      const text = String(q.value);
      const edits = fuzzinessToEdits(q.fuzziness, text);
      // the fuzzy query's top-terms rewrite: the max_expansions closest terms
      pick = (t) =>
        fuzzyTerms(t, text, edits, q.prefixLength, q.transpositions)
          .sort((a, b) => a.edits - b.edits || (a.term < b.term ? -1 : 1))
          .slice(0, q.maxExpansions)
          .map((x) => x.term);
      break;
    }
    case 'range':
      field = q.field;
      pick = (t) => termsInRange(t, q.from === null ? null : String(q.from), q.to === null ? null : String(q.to), q.includeLower, q.includeUpper);
      break;
    default:
      throw new EsError('illegal_argument_exception', 400, `[span_multi] does not support [${q.kind}]`);
  }
  const terms = new Set<string>();
  for (const seg of segments) for (const t of pick(seg.terms(field))) terms.add(t);
  const max = maxClauseCount(ctx);
  if (terms.size > max) throw tooManyClauses(max);
  return new SpanOrNode(field, [...terms].sort().map((t) => new SpanTermNode(field, t)));
}

/** Compile a span query into its span tree. */
export async function spanNode(ctx: CompileContext, q: SpanQuery, segments: readonly SegmentReader[]): Promise<SpanNode> {
  switch (q.kind) {
    case 'span_term': {
      const f = fieldOf(ctx, q.field);
      return new SpanTermNode(q.field, termFor(ctx, q.field, f, q.value), String(q.value));
    }
    case 'span_multi':
      return multiTermNode(ctx, q.match, segments);
    case 'span_or':
    case 'span_near': {
      const clauses = await Promise.all(q.clauses.map((c) => spanNode(ctx, c, segments)));
      const field = (clauses[0] as SpanNode).field;
      if (clauses.some((c) => c.field !== field)) throw sameField();
      return q.kind === 'span_or' ? new SpanOrNode(field, clauses) : new SpanNearNode(field, clauses, q.slop, q.inOrder);
    }
    case 'span_first': {
      const m = await spanNode(ctx, q.match, segments);
      return new SpanFilterNode(m.field, `spanFirst(${m.description}, ${q.end})`, m, [], false, (s) => s.end <= q.end, false);
    }
    case 'span_not': {
      const inc = await spanNode(ctx, q.include, segments);
      const exc = await spanNode(ctx, q.exclude, segments);
      if (inc.field !== exc.field) throw sameField();
      const keep = (s: Span, others: ReadonlyArray<Span[] | undefined>): boolean => !(others[0] ?? []).some((e) => e.end > s.start - q.pre && e.start - q.post < s.end);
      return new SpanFilterNode(inc.field, `spanNot(${inc.description}, ${exc.description}, ${q.pre}, ${q.post})`, inc, [exc], false, keep, false);
    }
    case 'span_containing':
    case 'span_within': {
      const big = await spanNode(ctx, q.big, segments);
      const little = await spanNode(ctx, q.little, segments);
      if (big.field !== little.field) throw new EsError('illegal_argument_exception', 400, 'big and little not same field');
      const contains = (outer: Span, inner: Span): boolean => inner.start >= outer.start && inner.end <= outer.end;
      if (q.kind === 'span_containing') {
        return new SpanFilterNode(big.field, `SpanContaining(${big.description}, ${little.description})`, big, [little], true, (s, o) => (o[0] ?? []).some((l) => contains(s, l)), true);
      }
      return new SpanFilterNode(little.field, `SpanWithin(${big.description}, ${little.description})`, little, [big], true, (s, o) => (o[0] ?? []).some((b) => contains(b, s)), true);
    }
    default: {
      const inner = await spanNode(ctx, q.query, segments);
      return new FieldMaskingNode(q.field, inner);
    }
  }
}

class SpanScorer implements Scorer {
  private i = -1;
  private doc = -1;
  private curFreq = 0;
  constructor(
    private readonly docs: number[],
    private readonly spansOf: (doc: number) => Span[],
    private readonly stats: BM25Stats,
    private readonly seg: SegmentReader,
    private readonly hasNorms: boolean,
  ) {}
  docID(): number {
    return this.doc;
  }
  private at(i: number): number {
    this.i = i;
    if (i >= this.docs.length) return (this.doc = NO_MORE_DOCS);
    this.doc = this.docs[i] as number;
    let f = 0;
    for (const s of this.spansOf(this.doc)) f = fr(f + fr(1 / (s.width + 1)));
    this.curFreq = f;
    return this.doc;
  }
  nextDoc(): number {
    return this.at(this.i + 1);
  }
  advance(target: number): number {
    let i = Math.max(this.i + 1, 0);
    while (i < this.docs.length && (this.docs[i] as number) < target) i++;
    return this.at(i);
  }
  freq(): number {
    return this.curFreq;
  }
  normByte(): number {
    return this.hasNorms ? this.seg.norm(this.stats.field, this.doc) & 0xff : -1;
  }
  score(): number {
    return this.stats.score(this.curFreq, this.normByte());
  }
  cost(): number {
    return this.docs.length;
  }
}

/** Lucene's `SpanWeight` over a span tree. */
export class SpanWeight implements Weight {
  readonly description: string;
  private readonly stats: BM25Stats;
  constructor(
    private readonly node: SpanNode,
    ctx: CompileContext,
    private readonly boost: number,
    /** The span query's own `boost` (ES wraps a boosted span query in a `SpanBoostQuery`). */
    private readonly ownBoost = 1,
  ) {
    this.description = node.description;
    const keys = new Set<string>();
    node.collectTerms(keys);
    const terms = [...keys].sort().map((k) => {
      const [f, t] = k.split('\u0000') as [string, string];
      return ctx.stats.termStats(f, t);
    });
    this.stats = new BM25Stats(node.field, ctx.stats.collectionStats(node.field), terms, boost);
  }

  /**
   * Highlighting: the span tree with the terms that weigh it (Lucene's WeightedSpanTermExtractor
   * runs the span query on the text and marks those terms inside the spans found); a sink
   * without spans gets the terms alone.
   */
  extractHighlightTerms(sink: HighlightTermSink): void {
    const keys = new Set<string>();
    this.node.collectTerms(keys);
    const terms = [...keys].map((k) => {
      const [field, term] = k.split('\u0000') as [string, string];
      return { field, term };
    });
    // ES's CustomFieldQuery turns a bare SpanTermQuery into a term for the fast vector
    // highlighter; a SpanBoostQuery or any other span query is discarded by its flatten
    const bareTerm = this.node instanceof SpanTermNode && this.ownBoost === 1;
    if (sink.span) sink.span(this.node, terms, this.boost, bareTerm);
    else for (const t of terms) sink.term(t.field, t.term, this.boost);
  }

  async scorer(seg: SegmentReader): Promise<SpanScorer | null> {
    const spans = await this.node.spans(seg);
    if (spans.size === 0) return null;
    const docs = [...spans.keys()].sort((a, b) => a - b);
    return new SpanScorer(docs, (d) => spans.get(d) ?? [], this.stats, seg, segmentHasNorms(seg, this.node.field));
  }

  async explain(seg: SegmentReader, doc: number): Promise<Explanation> {
    const s = await this.scorer(seg);
    if (s && s.advance(doc) === doc) {
      const freq = s.freq();
      const e = this.stats.explain(doc, explMatch(freq, `phraseFreq=${javaFloat(freq)}`), s.normByte());
      return explMatch(e.value, `weight(${this.description} in ${doc}) [PerFieldSimilarity], result of:`, [e]);
    }
    return explNoMatch('no matching term');
  }
}

/** Compile a top-level span query into its weight. */
export async function compileSpan(ctx: CompileContext, q: SpanQuery, boost: number, segments: readonly SegmentReader[]): Promise<Weight> {
  return new SpanWeight(await spanNode(ctx, q, segments), ctx, boost, q.boost);
}
