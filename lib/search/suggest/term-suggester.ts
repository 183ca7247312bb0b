/**
 * The `term` suggester on one shard (ES 5.6 `TermSuggester` over Lucene 6.6's
 * `DirectSpellChecker`): the text is analyzed with the field's search analyzer (or `analyzer`),
 * and each token gets the shard's best corrections from the field's term dictionary — terms
 * within `max_edits` that share the first `prefix_length` characters, tried with one edit
 * first, then with all, ranked by the fuzzy enumeration's similarity (`1 - edits / the shorter
 * length`, the `internal` distance) or by `string_distance`.
 */
import type { SuggestSpec, TermSuggestOptions } from '../../dsl/suggest.js';
import type { ShardSuggestEntry, ShardSuggestOption, ShardSuggestion } from '../../messages/shard-suggest.js';
import type { SegmentReader } from '../../shard/segment-reader.js';
import type { Analyzer } from '../../analysis/types.js';
import { fuzzyTerms } from '../term-expansion.js';
import { damerauLevenshtein, jaroWinkler, levenshtein, ngram } from './string-distance.js';

/** What a suggester reads on a shard. */
export interface SuggestShard {
  segments: readonly SegmentReader[];
}

/** A correction of a token. */
export interface Candidate {
  term: string;
  /** The enumeration's similarity: what the inspection queue keeps the best of. */
  boost: number;
  score: number;
  freq: number;
}

const codePoints = (s: string): number => [...s].length;

function docFreq(shard: SuggestShard, field: string, term: string): number {
  let n = 0;
  for (const seg of shard.segments) n += seg.docFreq(field, term);
  return n;
}

function distanceOf(o: TermSuggestOptions): ((a: string, b: string) => number) | undefined {
  switch (o.stringDistance) {
    case 'levenshtein':
      return levenshtein;
    case 'damerau_levenshtein':
      return damerauLevenshtein;
    case 'jaro_winkler':
      return jaroWinkler;
    case 'ngram':
      return (a, b) => ngram(a, b);
    default:
      return undefined;
  }
}

/** Lucene's `ScoreTerm` order: higher boost first, then the smaller term. */
const byBoost = (a: Candidate, b: Candidate): number => b.boost - a.boost || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0);

/** One pass of `DirectSpellChecker.suggestSimilar` at `edits`: the best `numSug` candidates. */
function pass(shard: SuggestShard, field: string, text: string, o: TermSuggestOptions, edits: number, numSug: number, minFreq: number): Candidate[] {
  const textLen = codePoints(text);
  const prefix = Math.max(o.prefixLength, edits - 1);
  const found = new Map<string, number>();
  for (const seg of shard.segments) {
    for (const m of fuzzyTerms(seg.terms(field), text, edits, prefix, true)) {
      const prev = found.get(m.term);
      if (prev === undefined || m.edits < prev) found.set(m.term, m.edits);
    }
  }
  const distance = distanceOf(o);
  const out: Candidate[] = [];
  for (const [term, ed] of found) {
    if (term === text) continue;
    const freq = docFreq(shard, field, term);
    if (freq <= minFreq) continue;
    // FuzzyTermsEnum's boost: the similarity over the shorter of the two lengths
    const boost = ed === 0 ? 1 : Math.fround(1 - ed / Math.min(codePoints(term), textLen));
    const score = distance ? distance(text, term) : boost;
    if (score < o.accuracy) continue;
    out.push({ term, boost: distance ? score : boost, score, freq });
  }
  return out.sort(byBoost).slice(0, numSug);
}

/** Corrections of one analyzed token, best first, at most `numSug` (also the phrase suggester's candidate generator). */
export function suggestSimilar(shard: SuggestShard, field: string, text: string, o: TermSuggestOptions, numSug: number, maxDoc: number): Candidate[] {
  const textLen = codePoints(text);
  if (textLen < o.minWordLength) return [];
  let df = docFreq(shard, field, text);
  if (o.suggestMode === 'missing' && df > 0) return [];
  if (o.maxTermFreq >= 1 ? df > o.maxTermFreq : df > Math.ceil(Math.fround(o.maxTermFreq * maxDoc))) return [];
  if (o.suggestMode !== 'popular') df = 0;
  if (o.minDocFreq >= 1) df = Math.max(df, Math.trunc(o.minDocFreq));
  else if (o.minDocFreq > 0) df = Math.max(df, Math.trunc(o.minDocFreq * maxDoc) - 1);
  const inspections = numSug * o.maxInspections;
  // one edit first, as Lucene tries its luck; then everything within max_edits
  let terms = pass(shard, field, text, o, 1, inspections, df);
  if (o.maxEdits > 1 && terms.length < inspections) {
    const more = new Map(terms.map((c) => [c.term, c]));
    for (const c of pass(shard, field, text, o, o.maxEdits, inspections, df)) if (!more.has(c.term)) more.set(c.term, c);
    terms = [...more.values()];
  }
  const cmp = o.sort === 'frequency' ? byFrequency : byScore;
  return terms.sort(cmp).slice(0, numSug);
}

/** ES `SuggestWordScoreComparator` reversed: score, then frequency, higher first; then the term. */
export const byScore = (a: { score: number; freq: number; text?: string; term?: string }, b: typeof a): number =>
  b.score - a.score || b.freq - a.freq || compareText(a.text ?? a.term ?? '', b.text ?? b.term ?? '');
/** ES `SuggestWordFrequencyComparator` reversed: frequency, then score, higher first; then the term. */
export const byFrequency = (a: { score: number; freq: number; text?: string; term?: string }, b: typeof a): number =>
  b.freq - a.freq || b.score - a.score || compareText(a.text ?? a.term ?? '', b.text ?? b.term ?? '');

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Run a `term` suggestion on a shard with the analyzer resolved by the caller. */
export function termSuggest(shard: SuggestShard, spec: SuggestSpec, analyzer: Analyzer): ShardSuggestion {
  const o = spec.term as TermSuggestOptions;
  const numSug = spec.shardSize ?? Math.max(spec.size, 5);
  let maxDoc = 0;
  for (const seg of shard.segments) maxDoc += seg.maxDoc;
  const entries: ShardSuggestEntry[] = analyzer.analyze(spec.text).map((tok) => {
    const options: ShardSuggestOption[] = suggestSimilar(shard, spec.field, tok.term, o, numSug, maxDoc).map((c) => ({ text: c.term, score: c.score, freq: c.freq }));
    return { text: tok.term, offset: tok.startOffset, length: tok.endOffset - tok.startOffset, options };
  });
  return { name: spec.name, kind: 'term', size: spec.size, sort: o.sort, entries };
}
