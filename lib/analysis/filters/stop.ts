/**
 * `stop` token filter (Lucene StopFilter; with `remove_trailing: false`, SuggestStopFilter,
 * which keeps a final stop word not followed by a separator, flagged as keyword).
 */
import type { TokenFilterComponent } from '../token-stream.js';
import { filterTokens, javaLowerCase } from './filtering.js';

export function stopFilter(name: string, stopWords: readonly string[], ignoreCase: boolean, removeTrailing = true): TokenFilterComponent {
  const set = new Set(ignoreCase ? stopWords.map(javaLowerCase) : stopWords);
  const isStop = ignoreCase ? (term: string) => set.has(javaLowerCase(term)) : (term: string) => set.has(term);
  return {
    name,
    addsKeywordAttribute: !removeTrailing,
    filter(s) {
      // No stop words (the `standard` analyzer's default): nothing to drop or flag.
      if (set.size === 0) return s;
      const last = s.tokens.length - 1;
      return filterTokens(s, (t, i) => {
        if (!isStop(t.term)) return true;
        if (!removeTrailing && i === last && t.end === s.finalOffset) {
          t.keyword = true;
          return true;
        }
        return false;
      });
    },
  };
}
