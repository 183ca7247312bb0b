/**
 * `more_like_this` compiled on a shard (ES 5.6 `MoreLikeThisQueryBuilder` over its
 * `XMoreLikeThis`): the liked texts and documents (their `_source`, fetched by the coordinator
 * before the request, as terms lookups are) are analyzed per field; each term seen at least
 * `min_term_freq` times, of an allowed length, not a stop word nor an unliked term, and in
 * `min_doc_freq`..`max_doc_freq` documents of the shard, scores tf × idf (ClassicSimilarity:
 * 1 + ln(numDocs / (docFreq + 1))); the best `max_query_terms` become `should` term clauses
 * (boosted relative to the best by `boost_terms`) with `minimum_should_match`, and the liked
 * documents themselves are excluded unless `include`.
 */
import { mltItemType, type MltItem, type MoreLikeThisQuery } from '../dsl/queries/more-like-this.js';
import type { SegmentReader } from '../shard/segment-reader.js';
import { minimumShouldMatchFor } from '../dsl/minimum-should-match.js';
import { BooleanWeight, type BooleanClause } from './boolean-weight.js';
import { fieldOf, queryShardError, searchAnalyzerFor, type CompileContext } from './compile-context.js';
import { MatchNoneWeight } from './constant-weights.js';
import { isTextField } from './field-types.js';
import { indexAnalyzerFor, valueText } from './highlight/field-values.js';
import { idsWeight } from './meta-fields.js';
import { TermWeight } from './term-weight.js';
import { valuesAt } from './suggest/completion-contexts.js';
import type { Weight } from './weight.js';
import type { Analyzer } from '../analysis/types.js';

const fr = Math.fround;


type Freqs = Map<string, Map<string, number>>;

function addText(freqs: Freqs, field: string, text: string, analyzer: Analyzer): void {
  let m = freqs.get(field);
  if (!m) freqs.set(field, (m = new Map()));
  for (const tok of analyzer.analyze(text)) m.set(tok.term, (m.get(tok.term) ?? 0) + 1);
}

async function collect(ctx: CompileContext, q: MoreLikeThisQuery, fields: string[], texts: string[], items: MltItem[]): Promise<Freqs> {
  const freqs: Freqs = new Map();
  for (const field of fields) {
    const f = fieldOf(ctx, field);
    if (!f) continue;
    const analyzer = q.analyzer !== undefined ? ctx.analysis.analyzer(q.analyzer) : searchAnalyzerFor(ctx, f);
    if (!analyzer) continue;
    for (const t of texts) addText(freqs, field, t, analyzer);
  }
  for (const item of items) {
    const source = item.doc ?? (await itemSource(ctx, item));
    if (!source) continue;
    for (const field of item.fields ?? fields) {
      const f = fieldOf(ctx, field);
      if (!f) continue;
      const analyzer = indexAnalyzerFor(ctx, f);
      for (const v of valuesAt(source, field)) if (v !== null && typeof v !== 'object') addText(freqs, field, valueText(v), analyzer);
    }
  }
  return freqs;
}

async function itemSource(ctx: CompileContext, item: MltItem): Promise<Record<string, unknown> | null> {
  if (item.id === undefined || !ctx.getSource) return null;
  const type = mltItemType(item, ctx.fields.types);
  if (type === undefined) throw queryShardError(ctx, `ambiguous type for item with id: ${item.id} and index: ${item.index ?? ctx.index}`);
  return ctx.getSource(item.index ?? ctx.index, type, item.id, item.routing);
}

/** Compile a `more_like_this` query. */
export async function compileMoreLikeThis(ctx: CompileContext, q: MoreLikeThisQuery, boost: number, segments: readonly SegmentReader[]): Promise<Weight> {
  const fields = q.fields ?? ['_all'];
  const unsupported = fields.filter((p) => {
    const f = fieldOf(ctx, p);
    return f !== undefined && !isTextField(f) && f.type !== 'keyword' && f.type !== 'string';
  });
  if (unsupported.length > 0 && q.failOnUnsupportedField) {
    throw queryShardError(ctx, `more_like_this only supports text/keyword fields: [${unsupported.join(', ')}]`);
  }
  const usable = fields.filter((p) => !unsupported.includes(p));
  const like = await collect(ctx, q, usable, q.likeTexts, q.likeItems);
  const unlike = await collect(ctx, q, usable, q.unlikeTexts, q.unlikeItems);
  let numDocs = 0;
  for (const seg of segments) numDocs += seg.numDocs;
  const stop = new Set(q.stopWords ?? []);
  const scored: Array<{ field: string; term: string; score: number }> = [];
  for (const [field, terms] of like) {
    for (const [term, tf] of terms) {
      if (tf < q.minTermFreq) continue;
      const len = term.length;
      if ((q.minWordLength > 0 && len < q.minWordLength) || (q.maxWordLength > 0 && len > q.maxWordLength)) continue;
      if (stop.has(term) || unlike.get(field)?.has(term)) continue;
      let df = 0;
      for (const seg of segments) df += seg.docFreq(field, term);
      if (df === 0 || df < q.minDocFreq || df > q.maxDocFreq) continue;
      const idf = fr(1 + Math.log(numDocs / (df + 1)));
      scored.push({ field, term, score: fr(tf * idf) });
    }
  }
  scored.sort((a, b) => b.score - a.score || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
  const top = scored.slice(0, q.maxQueryTerms);
  if (top.length === 0) return new MatchNoneWeight();
  const best = (top[0] as { score: number }).score;
  const clauses: BooleanClause[] = top.map((t) => ({
    occur: 'should',
    weight: new TermWeight(t.field, t.term, ctx.stats, fr(boost * (q.boostTerms !== 0 ? fr((q.boostTerms * t.score) / best) : 1)), t.term),
  }));
  const mlt = new BooleanWeight(clauses, minimumShouldMatchFor(clauses.length, q.minimumShouldMatch), false);
  const liked = q.likeItems.filter((i) => i.id !== undefined && (i.index ?? ctx.index) === ctx.index);
  if (q.include || liked.length === 0) return mlt;
  const types = liked.map((i) => mltItemType(i, ctx.fields.types)).filter((t): t is string => t !== undefined);
  return new BooleanWeight([{ occur: 'must', weight: mlt }, { occur: 'must_not', weight: idsWeight(types, liked.map((i) => i.id as string), 1) }], 0, false);
}
