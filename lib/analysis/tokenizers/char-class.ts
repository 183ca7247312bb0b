/**
 * Lucene's CharTokenizer family: a token is a maximal run of "token chars", cut at 255 chars
 * (CharTokenizer.MAX_WORD_LEN). `whitespace`, `letter` and `lowercase` differ only in the
 * char predicate and an optional per-char normalization. Token type is `word`.
 */
import type { OffsetCorrector, Tok, TokenStream, TokenizerComponent } from '../token-stream.js';

const MAX_WORD_LEN = 255;

/** Java `Character.isWhitespace`: space separators except no-break spaces, plus controls 9–13, 28–31. */
export function isJavaWhitespace(cp: number): boolean {
  if (cp <= 0x20) return cp === 0x20 || (cp >= 0x09 && cp <= 0x0d) || (cp >= 0x1c && cp <= 0x1f);
  if (cp < 0x1680) return false;
  if (cp === 0x00a0 || cp === 0x2007 || cp === 0x202f) return false;
  return cp === 0x1680 || (cp >= 0x2000 && cp <= 0x200a) || cp === 0x2028 || cp === 0x2029 || cp === 0x205f || cp === 0x3000;
}

const LETTER = /\p{L}/u;
/** Java `Character.isLetter` on a code point. */
export function isJavaLetter(cp: number): boolean {
  if (cp < 0x80) return (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a);
  return LETTER.test(String.fromCodePoint(cp));
}

/** Run a CharTokenizer over `text`. */
export function charTokenize(
  text: string,
  correct: OffsetCorrector,
  isTokenChar: (cp: number) => boolean,
  normalize?: (s: string) => string,
): TokenStream {
  const tokens: Tok[] = [];
  const n = text.length;
  let start = -1;
  let i = 0;
  const flush = (end: number): void => {
    const raw = text.slice(start, end);
    tokens.push({ term: normalize ? normalize(raw) : raw, start: correct(start), end: correct(end), type: 'word', posInc: 1, posLen: 1, keyword: false });
    start = -1;
  };
  while (i < n) {
    const cp = text.codePointAt(i)!;
    const len = cp > 0xffff ? 2 : 1;
    if (isTokenChar(cp)) {
      if (start < 0) start = i;
      else if (i + len - start > MAX_WORD_LEN) {
        // The buffer is full: Lucene emits what it has and starts a new token.
        flush(i);
        start = i;
      }
    } else if (start >= 0) flush(i);
    i += len;
  }
  if (start >= 0) flush(n);
  return { tokens, finalOffset: correct(n), finalPosInc: 0 };
}

const notWhitespace = (cp: number): boolean => !isJavaWhitespace(cp);
const lower = (s: string): string => s.toLowerCase();

export function whitespaceTokenizer(name: string): TokenizerComponent {
  return { name, tokenize: (text, correct) => charTokenize(text, correct, notWhitespace) };
}

export function letterTokenizer(name: string): TokenizerComponent {
  return { name, tokenize: (text, correct) => charTokenize(text, correct, isJavaLetter) };
}

export function lowercaseTokenizer(name: string): TokenizerComponent {
  return { name, tokenize: (text, correct) => charTokenize(text, correct, isJavaLetter, lower) };
}

/** `keyword` tokenizer: the whole input is one token (none for empty input). */
export function keywordTokenizer(name: string): TokenizerComponent {
  return {
    name,
    tokenize(text, correct) {
      const tokens: Tok[] = text.length === 0 ? [] : [{ term: text, start: correct(0), end: correct(text.length), type: 'word', posInc: 1, posLen: 1, keyword: false }];
      return { tokens, finalOffset: correct(text.length), finalPosInc: 0 };
    },
  };
}
