/**
 * ES 5.6 `UnifiedHighlighter.highlight` for one field (Lucene 6.6's `UnifiedHighlighter` with
 * its default flags, under ES's `CustomUnifiedHighlighter`): the values are joined with U+0000
 * and analyzed as the index holds them; the query's terms (those the highlighted field may
 * match: `require_field_match`) are found in the text and phrases and span queries are
 * position-sensitive (`highlightPhrasesStrictly`, Lucene's `PhraseHelper`): a term that only a
 * phrase or span query names counts only at positions inside the spans those queries match in
 * the text, a term a plain term query also names counts everywhere; multi-term queries
 * (prefix, wildcard, regexp, fuzzy) mark every term they accept. Passages (unified-breaks.ts)
 * are scored as the postings highlighter scores them (postings.ts), a term weighed by all its
 * occurrences. With no match, `no_match_size` gives the start of the text up to the word
 * boundary after `no_match_size` characters, within the first value.
 */
import { analyzeValues } from './field-values.js';
import { fieldMatcher, fieldTools, type FieldHighlightInput } from './highlight-phase.js';
import { bestPassages, type Passage, type TermOccurrences } from './postings.js';
import { canPostings, finishSnippets } from './postings-field.js';
import type { QueryPart } from './query-terms.js';
import { checkPosition, weightedSpanTerms, type TextToken } from './span-terms.js';
import { unifiedBreaks } from './unified-breaks.js';
import { followingBoundary } from './boundaries.js';
import { wordBoundaries } from './word-breaks.js';

const SEP = '\u0000';
const utf8Order = (a: string, b: string): number => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/**
 * Lucene's offset source: with offsets in the postings (and no multi-term query) or term
 * vectors the spans run over every term of the document; re-analyzing (`ANALYSIS`, Lucene's
 * `MemoryIndexOffsetStrategy`) keeps only the tokens some part of the query can match, so a
 * `span_not`'s excluded terms, say, are not there to exclude anything.
 */
function readsWholeText(input: FieldHighlightInput, hasMulti: boolean): boolean {
  const tv = input.field.raw['term_vector'];
  // TERM_VECTORS, or POSTINGS_WITH_TERM_VECTORS (which stays so even with a multi-term query)
  if (typeof tv === 'string' && tv.startsWith('with_positions')) return true;
  // POSTINGS turns into ANALYSIS when a multi-term query needs the text's terms
  return canPostings(input.field) && !hasMulti;
}

/** `CustomFieldHighlighter.getSummaryPassagesNoHighlight`. */
function noMatchPassage(content: string, noMatchSize: number): Passage[] {
  let pos = 0;
  while (pos < content.length && content[pos] === SEP) pos++;
  if (pos >= content.length) return [];
  let end = content.indexOf(SEP, pos);
  if (end < 0) end = content.length;
  // ES compares the size with the value's end as if it started at 0, and starts at 0
  if (noMatchSize < end) {
    const f = followingBoundary(wordBoundaries(content), noMatchSize);
    end = f < 0 ? content.length : f;
  }
  return [{ start: 0, end, score: Number.NaN, matches: [] }];
}

/** Highlight a field with the unified highlighter; undefined when nothing is returned. */
export async function highlightUnified(input: FieldHighlightInput): Promise<string[] | undefined> {
  const o = input.options;
  if (input.values.length === 0) return undefined;
  const content = input.values.join(SEP);
  if (content.length === 0) return undefined;
  const { analyzer, encoder } = fieldTools(input);
  const whole = o.numberOfFragments === 0;
  const passageAt = unifiedBreaks(content, o.boundaryScanner, o.fragmentSize, whole);
  const matches = fieldMatcher(input);
  // the extracted terms (FieldFilteringTermSet: a matching field's term counts on this one)
  const termSet = new Set<string>();
  const multi: Array<(t: string) => boolean> = [];
  const positional: QueryPart[] = [];
  for (const p of input.parts) {
    if (p.kind === 'span') {
      for (const t of p.terms) if (matches(t.field)) termSet.add(t.term);
    } else if (!matches(p.field)) continue;
    if (p.kind === 'term') termSet.add(p.term);
    else if (p.kind === 'phrase') for (const s of p.slots) for (const t of s.terms) termSet.add(t);
    else if (p.kind === 'multi') multi.push(p.matches);
    if (p.kind !== 'multi') positional.push(p);
  }
  let tokens: TextToken[] = analyzeValues(input.values, analyzer);
  const allTokens = tokens;
  if (!readsWholeText(input, multi.length > 0)) tokens = tokens.filter((t) => termSet.has(t.term) || multi.some((m) => m(t.term)));
  // PhraseHelper: the spans of the phrase and span queries, per term they name; a term
  // query's term is position-insensitive (WeightedSpanTermExtractor's own bookkeeping)
  const spanTerms = await weightedSpanTerms(positional, matches, tokens);
  const terms = [...termSet].sort(utf8Order);
  const byTerm = new Map<string, TermOccurrences>();
  terms.forEach((t, id) => byTerm.set(t, { id, offsets: [], freq: 0 }));
  const multiOcc: TermOccurrences[] = multi.map((_, i) => ({ id: terms.length + i, offsets: [] }));
  for (const tok of allTokens) {
    const off = { start: tok.startOffset, end: tok.endOffset };
    const occ = byTerm.get(tok.term);
    if (occ) {
      occ.freq = (occ.freq ?? 0) + 1;
      const w = spanTerms.get(tok.term);
      if (w && (!w.positionSensitive || checkPosition(w, tok.position))) occ.offsets.push(off);
    }
    multi.forEach((m, i) => {
      if (m(tok.term)) (multiOcc[i] as TermOccurrences).offsets.push(off);
    });
  }
  const maxPassages = whole ? input.values.length : o.numberOfFragments;
  let passages = bestPassages(content, passageAt, [...byTerm.values(), ...multiOcc], maxPassages);
  if (passages.length === 0 && o.noMatchSize > 0) passages = noMatchPassage(content, o.noMatchSize);
  return finishSnippets(passages, content, o, encoder, whole);
}
