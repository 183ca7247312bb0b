/**
 * Resolving the analyzer names a mapping uses to analyzers of the index's registry, with ES's
 * index-level defaults: `default` (falls back to `standard`), `default_search` (falls back to
 * `default`) and `default_search_quote` (falls back to `default_search`).
 */
import type { Analyzer, AnalysisRegistry } from '../analysis/types.js';
import { illegalState } from '../errors/errors.js';
import { own } from '../dict.js';

const FALLBACK: Record<string, string> = {
  default_search_quote: 'default_search',
  default_search: 'default',
  default: 'standard',
};

/** The analyzer for `name`, following ES's default chain. Throws if nothing resolves. */
export function resolveAnalyzer(registry: AnalysisRegistry, name: string): Analyzer {
  let n: string | undefined = name;
  while (n !== undefined) {
    const a = registry.analyzer(n);
    if (a) return a;
    n = own(FALLBACK, n);
  }
  throw illegalState(`analyzer [${name}] not found`);
}

/** The keyword analyzer behaviour: one token, the whole value. */
export const KEYWORD_ANALYZER: Analyzer = {
  name: 'keyword',
  positionIncrementGap: 0,
  offsetGap: 1,
  analyze(text: string) {
    return [{ term: text, position: 0, startOffset: 0, endOffset: text.length, type: 'word' }];
  },
};
