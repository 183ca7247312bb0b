/**
 * ES 5.6 `PostingsHighlighter.highlight` for one field: the values are joined with U+2029
 * (U+0000 when number_of_fragments is 0, each value then being one passage), the query's terms on this field are found in the
 * re-analyzed text (the offsets the postings hold), passages are picked and formatted
 * (postings.ts), highlighted snippets are kept — or, with `no_match_size`, the first sentence.
 * The query's fields always have to match the highlighted one.
 */
import type { SearchField } from '../field-types.js';
import { fieldTools, type FieldHighlightInput } from './highlight-phase.js';
import type { ResolvedHighlightOptions } from '../../dsl/highlight.js';
import type { Encoder } from './encoder.js';
import { bestPassages, formatPassages, javaTrim, type Passage, type Snippet, type TermOccurrences } from './postings.js';
import { sentenceAt, sentenceBoundaries } from './sentences.js';

const PARAGRAPH_SEPARATOR = '\u2029';
const NULL_SEPARATOR = '\u0000';

/** Whether the field keeps offsets in its postings (`index_options: offsets`). */
export function canPostings(f: SearchField): boolean {
  return f.raw['index_options'] === 'offsets';
}

const hasText = (s: string): boolean => /\S/.test(s);
const utf8Order = (a: string, b: string): number => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** Highlight a field with the postings highlighter; undefined when nothing is returned. */
export function highlightPostings(input: FieldHighlightInput): string[] | undefined {
  const o = input.options;
  if (input.values.length === 0) return undefined;
  const { analyzer, encoder } = fieldTools(input);
  const whole = o.numberOfFragments === 0;
  const sep = whole ? NULL_SEPARATOR : PARAGRAPH_SEPARATOR;
  const content = input.values.join(sep);
  const maxPassages = whole ? input.values.length : o.numberOfFragments;
  // the query's terms on this field, in term order (their ids break ties)
  const termSet = new Set<string>();
  const multi: Array<(t: string) => boolean> = [];
  for (const p of input.parts) {
    // PostingsHighlighter takes the terms the query's weight extracts (a span query's every
    // term, span_not's include only), wherever they occur: phrases and spans are not positional
    if (p.kind === 'span') {
      for (const t of p.terms) if (t.field === input.field.path) termSet.add(t.term);
      continue;
    }
    if (p.field !== input.field.path) continue;
    if (p.kind === 'term') termSet.add(p.term);
    else if (p.kind === 'phrase') for (const s of p.slots) for (const t of s.terms) termSet.add(t);
    else multi.push(p.matches);
  }
  const terms = [...termSet].sort(utf8Order);
  const byTerm = new Map<string, TermOccurrences>();
  terms.forEach((t, id) => byTerm.set(t, { id, offsets: [] }));
  const multiOcc: TermOccurrences[] = multi.map((_, i) => ({ id: terms.length + i, offsets: [] }));
  let base = 0;
  for (const v of input.values) {
    for (const tok of analyzer.analyze(v)) {
      const o2 = { start: base + tok.startOffset, end: base + tok.endOffset };
      const occ = byTerm.get(tok.term);
      if (occ) occ.offsets.push(o2);
      multi.forEach((m, i) => {
        if (m(tok.term)) (multiOcc[i] as TermOccurrences).offsets.push(o2);
      });
    }
    base += v.length + 1;
  }
  const bounds = whole ? separatorBounds(content) : sentenceBoundaries(content);
  let passages = bestPassages(content, (offset) => sentenceAt(bounds, offset), [...byTerm.values(), ...multiOcc], maxPassages);
  if (passages.length === 0 && o.noMatchSize > 0 && bounds.length > 1) {
    // CustomPostingsHighlighter.getEmptyHighlight: the first sentence, unhighlighted
    passages = [{ start: 0, end: bounds[1] as number, score: Number.NaN, matches: [] }];
  }
  return finishSnippets(passages, content, o, encoder, whole);
}

/**
 * ES's end of the postings and unified highlighters: the passages formatted, the empty ones
 * dropped, then `filterSnippets` — the highlighted ones, else the first (cut to its first
 * sentence when the whole value was asked for) — and `order: score`.
 */
export function finishSnippets(passages: readonly Passage[], content: string, o: ResolvedHighlightOptions, encoder: Encoder, whole: boolean): string[] | undefined {
  const all = formatPassages(passages, content, o.preTags[0] ?? '', o.postTags[0] ?? '', encoder).filter((s) => hasText(s.text));
  let snippets: Snippet[] = all.filter((s) => s.highlighted);
  if (snippets.length === 0 && all.length > 0) {
    let first = all[0] as Snippet;
    if (whole) {
      const b = sentenceBoundaries(first.text);
      if (b.length > 1) first = { ...first, text: javaTrim(first.text.substring(0, b[1] as number)) };
    }
    snippets = [first];
  }
  if (o.scoreOrdered) snippets.sort((a, b) => (b.score > a.score ? 1 : b.score < a.score ? -1 : 0));
  return snippets.length > 0 ? snippets.map((s) => s.text) : undefined;
}

/** `CustomSeparatorBreakIterator`: a boundary after each U+0000. */
function separatorBounds(content: string): number[] {
  const out = [0];
  for (let i = 0; i < content.length; i++) if (content[i] === NULL_SEPARATOR && i + 1 < content.length) out.push(i + 1);
  if (out[out.length - 1] !== content.length) out.push(content.length);
  return out;
}
