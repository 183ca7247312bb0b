/**
 * `pattern_replace` char filter (Lucene PatternReplaceCharFilter): a regex replace over the
 * whole input, with offset corrections recorded per match as Lucene does.
 */
import { OffsetMapBuilder } from '../offset-map.js';
import type { CharFilterComponent, CharFiltered } from '../token-stream.js';
import { javaReplacement } from '../java-regex.js';

/** Build a pattern_replace char filter; `pattern` must be a global regex. */
export function patternReplaceCharFilter(name: string, pattern: RegExp, replacement: string): CharFilterComponent {
  const replace = javaReplacement(replacement);
  return {
    name,
    multiTermAware: true,
    apply(text: string): CharFiltered {
      pattern.lastIndex = 0;
      let m = pattern.exec(text);
      if (!m) return { text, correct: null };
      const map = new OffsetMapBuilder();
      let out = '';
      let lastEnd = 0;
      let cumulative = 0;
      while (m) {
        const start = m.index;
        const end = start + m[0].length;
        out += text.slice(lastEnd, start);
        const lengthBefore = out.length;
        out += replace(m);
        const replacementSize = out.length - lengthBefore;
        const groupSize = end - start;
        if (groupSize !== replacementSize) {
          if (replacementSize < groupSize) {
            cumulative += groupSize - replacementSize;
            map.add(lengthBefore + replacementSize, cumulative);
          } else {
            for (let i = groupSize; i < replacementSize; i++) map.add(lengthBefore + i, --cumulative);
          }
        }
        lastEnd = end;
        if (m[0].length === 0) pattern.lastIndex++;
        m = pattern.exec(text);
      }
      out += text.slice(lastEnd);
      return { text: out, correct: map.build() };
    },
  };
}
