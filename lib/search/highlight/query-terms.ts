/**
 * What a compiled query tells the highlighters (Lucene's `WeightedSpanTermExtractor` walk over
 * a query, here over the compiled {@link Weight} tree): single terms with their boost, phrases
 * (position-sensitive: only occurrences inside a matching span count) and multi-term queries
 * (prefix, wildcard, regexp: any document term the matcher accepts). Prohibited clauses
 * (`must_not`) are skipped, as Lucene skips them.
 */
import type { Weight } from '../weight.js';
import type { SpanNode } from '../spans.js';

/** One phrase slot: the terms allowed at a relative position. */
export interface PhraseSlotTerms {
  position: number;
  terms: readonly string[];
}

/** Receives the parts of a query as the weights are walked. */
export interface HighlightTermSink {
  term(field: string, term: string, boost: number): void;
  phrase(field: string, slots: readonly PhraseSlotTerms[], slop: number, boost: number): void;
  multiTerm(field: string, matches: (term: string) => boolean, boost: number): void;
  /**
   * A span query: its terms count only inside the spans it matches in the highlighted text (the
   * plain highlighter); a sink without it receives the terms as plain terms. `bareTerm`: the
   * query is an unboosted `span_term` (the one span query ES's fast vector highlighter sees).
   */
  span?(node: SpanNode, terms: ReadonlyArray<{ field: string; term: string }>, boost: number, bareTerm: boolean): void;
}

/** A weight that can describe its terms to a highlighter. */
export interface HighlightSource {
  extractHighlightTerms(sink: HighlightTermSink): void;
}

/** Walk `w` when it knows how to describe itself; other weights (scripts, geo...) add nothing. */
export function extractHighlightTerms(w: Weight, sink: HighlightTermSink): void {
  const h = w as Weight & Partial<HighlightSource>;
  if (typeof h.extractHighlightTerms === 'function') h.extractHighlightTerms(sink);
}

/** One part of a compiled query, in walk order (later terms override earlier ones' weights, as in Lucene). */
export type QueryPart =
  | { kind: 'term'; field: string; term: string; boost: number }
  | { kind: 'phrase'; field: string; slots: readonly PhraseSlotTerms[]; slop: number; boost: number }
  | { kind: 'multi'; field: string; matches: (term: string) => boolean; boost: number }
  | { kind: 'span'; field: string; node: SpanNode; terms: ReadonlyArray<{ field: string; term: string }>; boost: number; bareTerm: boolean };

/** Collect the parts of a compiled query. */
export function queryParts(w: Weight): QueryPart[] {
  const parts: QueryPart[] = [];
  extractHighlightTerms(w, {
    term: (field, term, boost) => parts.push({ kind: 'term', field, term, boost }),
    phrase: (field, slots, slop, boost) => parts.push({ kind: 'phrase', field, slots, slop, boost }),
    multiTerm: (field, matches, boost) => parts.push({ kind: 'multi', field, matches, boost }),
    span: (node, terms, boost, bareTerm) => parts.push({ kind: 'span', field: node.field, node, terms, boost, bareTerm }),
  });
  return parts;
}
