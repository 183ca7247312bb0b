/**
 * `pattern` tokenizer (Lucene PatternTokenizer). With `group` -1 the regex splits the text and
 * the non-empty pieces are tokens; with `group` >= 0 each match's group is a token.
 * Type `word`.
 */
import { deriveRegex } from '../java-regex.js';
import type { OffsetCorrector, Tok, TokenizerComponent } from '../token-stream.js';

export function patternTokenizer(name: string, pattern: RegExp, group: number): TokenizerComponent {
  return {
    name,
    tokenize(text: string, correct: OffsetCorrector) {
      const tokens: Tok[] = [];
      const push = (a: number, b: number): void => {
        tokens.push({ term: text.slice(a, b), start: correct(a), end: correct(b), type: 'word', posInc: 1, posLen: 1, keyword: false });
      };
      pattern.lastIndex = 0;
      if (group < 0) {
        let last = 0;
        let m: RegExpExecArray | null;
        while ((m = pattern.exec(text)) !== null) {
          if (m.index > last) push(last, m.index);
          last = m.index + m[0].length;
          if (m[0].length === 0) pattern.lastIndex++;
        }
        if (text.length > last) push(last, text.length);
      } else {
        const re = deriveRegex(pattern, pattern.flags.includes('d') ? pattern.flags : pattern.flags + 'd');
        let m: RegExpExecArray | null;
        while ((m = re.exec(text)) !== null) {
          const span = m.indices?.[group];
          if (span && span[1] > span[0]) push(span[0], span[1]);
          if (m[0].length === 0) re.lastIndex++;
        }
      }
      return { tokens, finalOffset: correct(text.length), finalPosInc: 0 };
    },
  };
}
