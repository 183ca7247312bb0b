/**
 * `uax_url_email` tokenizer (Lucene UAX29URLEmailTokenizer): the standard tokenizer, except that
 * URLs and e-mail addresses are kept whole with types `<URL>` and `<EMAIL>`.
 *
 * Lucene recognises scheme-less URLs only when they end in a top-level domain from its IANA
 * list; here the list is the generic TLDs below plus any two-letter country code.
 */
import type { OffsetCorrector, Tok, TokenizerComponent } from '../token-stream.js';
import { standardTokenize } from './standard.js';

const GTLDS = 'com|org|net|edu|gov|mil|int|info|biz|name|pro|aero|coop|museum|mobi|asia|tel|travel|jobs|cat|xxx|post|arpa|io|app|dev|ai';
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const DOMAIN = `(?:${LABEL}\\.)+(?:${GTLDS}|[A-Za-z]{2})(?![A-Za-z0-9-])`;
const EMAIL = `[A-Za-z0-9!#$%&'*+/=?^_\`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_\`{|}~-]+)*@${DOMAIN}`;
const PATH = `(?:[/?#][^\\s<>"\\[\\]{}|\\\\^\`]*[^\\s<>"\\[\\]{}|\\\\^\`.,;:!?)'])?`;
const URL = `(?:(?:https?|ftp|file)://[^\\s<>"]*[^\\s<>".,;:!?)']|${DOMAIN}(?::\\d{1,5})?${PATH})`;
const URL_OR_EMAIL = new RegExp(`(?<![A-Za-z0-9.@_-])(?:(${EMAIL})|(${URL}))`, 'g');

export function uaxUrlEmailTokenizer(name: string, maxTokenLength = 255): TokenizerComponent {
  return {
    name,
    tokenize(text: string, correct: OffsetCorrector) {
      const tokens: Tok[] = [];
      let last = 0;
      const gap = (a: number, b: number): void => {
        if (b <= a) return;
        const piece = standardTokenize(text.slice(a, b), (off) => correct(off + a), maxTokenLength);
        for (const t of piece.tokens) tokens.push(t);
      };
      URL_OR_EMAIL.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = URL_OR_EMAIL.exec(text)) !== null) {
        gap(last, m.index);
        const end = m.index + m[0].length;
        tokens.push({ term: m[0], start: correct(m.index), end: correct(end), type: m[1] !== undefined ? '<EMAIL>' : '<URL>', posInc: 1, posLen: 1, keyword: false });
        last = end;
      }
      gap(last, text.length);
      return { tokens, finalOffset: correct(text.length), finalPosInc: 0 };
    },
  };
}
