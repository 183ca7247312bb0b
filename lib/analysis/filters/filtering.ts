/**
 * Helpers shared by token filters: Lucene's FilteringTokenFilter (dropped tokens hand their
 * position increments to the next kept token, or to the end state) and per-term mapping.
 */
import type { Tok, TokenStream } from '../token-stream.js';

/**
 * Keep the tokens `accept` approves, carrying removed position increments forward. While every
 * token is kept nothing is allocated and the stream itself is returned (the standard analyzer's
 * stop filter has no stop words: it ran for every indexed value, copying every token list).
 */
export function filterTokens(stream: TokenStream, accept: (t: Tok, index: number) => boolean): TokenStream {
  let kept: Tok[] | undefined;
  let skipped = 0;
  const tokens = stream.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (accept(t, i)) {
      if (skipped > 0) {
        t.posInc += skipped;
        skipped = 0;
      }
      kept?.push(t);
    } else {
      kept ??= tokens.slice(0, i);
      skipped += t.posInc;
    }
  }
  if (kept === undefined) return stream;
  return { tokens: kept, finalOffset: stream.finalOffset, finalPosInc: stream.finalPosInc + skipped };
}

/** Replace each token's term (in place); `map` returns the new term. Keyword tokens are left alone when `respectKeyword`. */
export function mapTerms(stream: TokenStream, map: (term: string, t: Tok) => string, respectKeyword = false): TokenStream {
  for (const t of stream.tokens) {
    if (respectKeyword && t.keyword) continue;
    t.term = map(t.term, t);
  }
  return stream;
}

/** Java `Character.toLowerCase` over a string (no final-sigma or dotted-I special casing). */
export function javaLowerCase(s: string): string {
  const lower = s.toLowerCase();
  if (lower.length === s.length && !s.includes('Σ')) return lower;
  let out = '';
  for (const ch of s) out += ch === '\u0130' ? 'i' : ch.toLowerCase();
  return out;
}

/** Java `Character.toUpperCase` over a string (no expansions such as ß → SS). */
export function javaUpperCase(s: string): string {
  const upper = s.toUpperCase();
  if (upper.length === s.length) return upper;
  let out = '';
  for (const ch of s) {
    const u = ch.toUpperCase();
    out += [...u].length === 1 ? u : ch;
  }
  return out;
}
