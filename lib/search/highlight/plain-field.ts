/**
 * ES 5.6 `PlainHighlighter.highlight` for one field: each value is analyzed with the field's
 * index analyzer and highlighted on its own (plain.ts); the fragments with a score are kept in
 * value order (each value's best first), re-sorted by score for `order: score` (ES compares
 * `Math.round(b - a)`, so scores less than half apart keep their order); with no fragment,
 * `no_match_size` returns the start of the first value cut at a token end.
 */
import { EsError } from '../../errors/errors.js';
import type { Analyzer } from '../../analysis/types.js';
import { fieldMatcher, fieldTools, type FieldHighlightInput } from './highlight-phase.js';
import { plainFragments, type FragmenterKind, type ScoredFragment } from './plain.js';
import { weightedSpanTerms } from './span-terms.js';

/** `findGoodEndForNoHighlightExcerpt`: the last token end within `size` (-1: none). */
function goodEnd(size: number, analyzer: Analyzer, text: string): number {
  let end = -1;
  for (const t of analyzer.analyze(text)) {
    if (t.endOffset >= size) return t.endOffset === size ? size : end;
    end = t.endOffset;
  }
  return end;
}

/** Highlight a field with the plain highlighter; undefined when nothing is returned. */
export async function highlightPlain(input: FieldHighlightInput): Promise<string[] | undefined> {
  const o = input.options;
  const { analyzer, encoder } = fieldTools(input);
  let fragmenter: FragmenterKind;
  if (o.numberOfFragments === 0) fragmenter = 'null';
  else if (o.fragmenter === undefined || o.fragmenter === 'span') fragmenter = 'span';
  else if (o.fragmenter === 'simple') fragmenter = 'simple';
  else throw new EsError('illegal_argument_exception', 400, `unknown fragmenter option [${o.fragmenter}] for the field [${input.name}]`);
  // number_of_fragments 0: one fragment per value, the whole value
  let n = o.numberOfFragments === 0 ? 1 : o.numberOfFragments;
  const matches = fieldMatcher(input);
  const frags: ScoredFragment[] = [];
  for (const text of input.values) {
    const tokens = analyzer.analyze(text);
    const terms = await weightedSpanTerms(input.parts, matches, tokens);
    if (terms.size === 0) continue;
    const opts = { fragmentSize: o.fragmentSize, fragmenter, maxFragments: n, preTag: o.preTags[0] ?? '', postTag: o.postTags[0] ?? '', encoder };
    for (const f of plainFragments(text, tokens, terms, opts)) frags.push(f);
  }
  if (o.scoreOrdered) frags.sort((a, b) => Math.floor(b.score - a.score + 0.5));
  let fragments: string[];
  if (o.numberOfFragments === 0 && input.values.length > 1 && frags.length > 0) fragments = frags.map((f) => f.text);
  else {
    n = Math.min(n, frags.length);
    fragments = frags.slice(0, n).map((f) => f.text);
  }
  if (fragments.length > 0) return fragments;
  const first = input.values[0];
  if (o.noMatchSize > 0 && first !== undefined) {
    const end = goodEnd(o.noMatchSize, analyzer, first);
    if (end > 0) return [first.substring(0, end)];
  }
  return undefined;
}
