/**
 * The analysis contract shared by the mapping layer (indexing), the query layer (search-time
 * analysis) and the `_analyze` API. Analysis is pure: strings in, tokens out.
 */
import type { TokenBudget } from './token-budget.js';


/** One token as Lucene's analysis chain emits it; rendered by `_analyze` as ES does. */
export interface Token {
  /** The term text after all filters. */
  term: string;
  /** Position in the token stream (0-based, gaps where stop words were removed). */
  position: number;
  /** UTF-16 code-unit offsets into the original text. */
  startOffset: number;
  endOffset: number;
  /** Lucene token type, e.g. `<ALPHANUM>`, `<NUM>`, `word`, `SHINGLE`. */
  type: string;
  /** Number of positions this token spans (synonyms, shingles); 1 when absent. */
  positionLength?: number;
  /** Keyword-marker flag set by `keyword_marker`, honoured by stemmers. */
  keyword?: boolean;
}

/** A named, ready-to-run analysis chain (char filters → tokenizer → token filters). */
export interface Analyzer {
  readonly name: string;
  /**
   * Analyze one value. Positions start at 0, offsets at 0. The tokens are new objects the
   * caller owns (the indexing chain shifts them in place rather than copying every token).
   * `budget` caps what each stage may produce (default: the indexing/search budget of
   * token-budget.ts); passing it throws the budget's error.
   */
  analyze(text: string, budget?: TokenBudget): Token[];
  /** Gap added between the positions of successive values of a multi-valued field (ES default 100). */
  readonly positionIncrementGap: number;
  /** Gap added between offsets of successive values (Lucene default 1). */
  readonly offsetGap: number;
}

/** Analyzers (and normalizers) available to one index: built-ins plus those from its settings. */
export interface AnalysisRegistry {
  /** An analyzer by name (`standard`, `english`, a custom one...), or undefined if unknown. */
  analyzer(name: string): Analyzer | undefined;
  /** A keyword normalizer by name, or undefined if unknown. */
  normalizer(name: string): Analyzer | undefined;
}
