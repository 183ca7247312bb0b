/**
 * `path_hierarchy` tokenizer (Lucene PathHierarchyTokenizer / ReversePathHierarchyTokenizer):
 * "/a/b/c" gives "/a", "/a/b", "/a/b/c" (all from offset 0, stacked at one position); with
 * `reverse` it gives "/a/b/c", "a/b/c", "b/c", "c". `skip` drops leading (trailing when
 * reversed) components; `replacement` replaces the delimiter in the emitted terms. Type `word`.
 */
import type { OffsetCorrector, Tok, TokenizerComponent } from '../token-stream.js';

export function pathHierarchyTokenizer(name: string, delimiter: string, replacement: string, skip: number, reverse: boolean): TokenizerComponent {
  return {
    name,
    tokenize(text: string, correct: OffsetCorrector) {
      const tokens: Tok[] = [];
      const n = text.length;
      const delims: number[] = [];
      for (let i = 0; i < n; i++) if (text[i] === delimiter) delims.push(i);
      const make = (a: number, b: number): void => {
        let term = text.slice(a, b);
        if (replacement !== delimiter) term = term.split(delimiter).join(replacement);
        tokens.push({ term, start: correct(a), end: correct(b), type: 'word', posInc: tokens.length === 0 ? 1 : 0, posLen: 1, keyword: false });
      };
      if (n === 0) return { tokens, finalOffset: correct(0), finalPosInc: 0 };
      if (!reverse) {
        // Component boundaries: a component ends at each delimiter that follows some text.
        const ends: number[] = [];
        for (const d of delims) if (d > 0) ends.push(d);
        if (ends[ends.length - 1] !== n) ends.push(n);
        // Skipping k components moves the start to the k-th component's end (delimiter kept).
        if (skip >= ends.length) return { tokens, finalOffset: correct(n), finalPosInc: 0 };
        const start = skip === 0 ? 0 : ends[skip - 1]!;
        for (let k = skip; k < ends.length; k++) make(start, ends[k]!);
      } else {
        const starts: number[] = [0];
        for (const d of delims) if (d + 1 < n) starts.push(d + 1);
        const uniq = [...new Set(starts)];
        // Skipping k components drops the trailing k from every token.
        let end = n;
        const trailing = delims.filter((d) => d > 0);
        if (skip > 0) {
          if (skip > trailing.length) return { tokens, finalOffset: correct(n), finalPosInc: 0 };
          end = trailing[trailing.length - skip]!;
        }
        for (const s of uniq) if (s < end) make(s, end);
      }
      return { tokens, finalOffset: correct(n), finalPosInc: 0 };
    },
  };
}
