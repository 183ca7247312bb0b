/**
 * Query-time analysis (Lucene's `QueryBuilder` input side): run a field's search analyzer over
 * the query text and group tokens by position (synonyms share a position).
 */
import type { Analyzer, Token } from '../analysis/types.js';

/** Tokens grouped by position, positions ascending. */
export interface PositionedTerms {
  position: number;
  terms: string[];
}

export function analyzeText(analyzer: Analyzer, text: string): PositionedTerms[] {
  const toks: Token[] = analyzer.analyze(text);
  const out: PositionedTerms[] = [];
  for (const t of toks) {
    const last = out[out.length - 1];
    if (last && last.position === t.position) {
      if (!last.terms.includes(t.term)) last.terms.push(t.term);
    } else out.push({ position: t.position, terms: [t.term] });
  }
  return out;
}
