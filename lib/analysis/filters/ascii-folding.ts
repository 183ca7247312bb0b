/**
 * `asciifolding` (Lucene ASCIIFoldingFilter): Latin letters, digits and punctuation outside
 * Basic Latin become their ASCII equivalents when one exists.
 *
 * Lucene keeps a hand-made table of ~1,300 code points. Here accented Latin letters fold by
 * canonical decomposition (strip the combining marks), and the letters, ligatures and symbols
 * that do not decompose come from the table below; other scripts pass through unchanged.
 */
import type { Tok, TokenFilterComponent } from '../token-stream.js';

const SPECIAL: Record<string, string> = {
  Æ: 'AE', æ: 'ae', Œ: 'OE', œ: 'oe', ß: 'ss', ẞ: 'SS', Ø: 'O', ø: 'o', Ǿ: 'O', ǿ: 'o', Đ: 'D', đ: 'd', Ð: 'D', ð: 'd',
  Ł: 'L', ł: 'l', Þ: 'TH', þ: 'th', ı: 'i', ĸ: 'q', Ŋ: 'N', ŋ: 'n', ſ: 's', Ħ: 'H', ħ: 'h', Ŧ: 'T', ŧ: 't', ƒ: 'f',
  Ŀ: 'L', ŀ: 'l', ŉ: "'n", Ĳ: 'IJ', ĳ: 'ij', Ǆ: 'DZ', ǅ: 'Dz', ǆ: 'dz', Ǉ: 'LJ', ǈ: 'Lj', ǉ: 'lj', Ǌ: 'NJ', ǋ: 'Nj',
  ǌ: 'nj', Ǳ: 'DZ', ǲ: 'Dz', ǳ: 'dz', Ƀ: 'B', ƀ: 'b', Ɓ: 'B', ɓ: 'b', Ƈ: 'C', ƈ: 'c', Ȼ: 'C', ȼ: 'c', Ɖ: 'D', ɖ: 'd',
  Ɗ: 'D', ɗ: 'd', Ƌ: 'D', ƌ: 'd', Ɛ: 'E', ɛ: 'e', Ǝ: 'E', ǝ: 'e', Ƒ: 'F', Ɠ: 'G', ɠ: 'g', Ǥ: 'G', ǥ: 'g', Ɨ: 'I', ɨ: 'i',
  Ɩ: 'I', ɩ: 'i', Ƙ: 'K', ƙ: 'k', Ƚ: 'L', ƚ: 'l', Ɲ: 'N', ɲ: 'n', Ƞ: 'N', ƞ: 'n', Ɵ: 'O', ɵ: 'o', Ɔ: 'O', ɔ: 'o',
  Ƥ: 'P', ƥ: 'p', Ɍ: 'R', ɍ: 'r', Ʀ: 'R', Ƭ: 'T', ƭ: 't', Ʈ: 'T', ʈ: 't', Ʉ: 'U', ʉ: 'u', Ʋ: 'V', ʋ: 'v', Ƴ: 'Y',
  ƴ: 'y', Ɏ: 'Y', ɏ: 'y', Ƶ: 'Z', ƶ: 'z', Ȥ: 'Z', ȥ: 'z', ʒ: 'z', Ʒ: 'Z', ȸ: 'db', ȹ: 'qp', Ƣ: 'OI', ƣ: 'oi', Ȣ: 'OU',
  ȣ: 'ou', ﬀ: 'ff', ﬁ: 'fi', ﬂ: 'fl', ﬃ: 'ffi', ﬄ: 'ffl', ﬅ: 'st', ﬆ: 'st', ᵫ: 'ue', ɐ: 'a', ɑ: 'a', ɒ: 'a', ɘ: 'e',
  ɜ: 'e', ɡ: 'g', ɢ: 'G', ɦ: 'h', ɪ: 'I', ɯ: 'm', ɱ: 'm', ɳ: 'n', ɴ: 'N', ɶ: 'OE', ɹ: 'r', ɾ: 'r', ʀ: 'R', ʂ: 's',
  ʏ: 'Y', ʐ: 'z', ʑ: 'z', ʜ: 'H', ʟ: 'L',
  '\u2018': "'", '\u2019': "'", '\u201A': "'", '\u201B': "'", '\u2032': "'", '\u2035': "'", '\u2039': "'", '\u203A': "'",
  '\u201C': '"', '\u201D': '"', '\u201E': '"', '\u201F': '"', '\u2033': '"', '\u2036': '"', '\u00AB': '"', '\u00BB': '"',
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u207B': '-', '\u208B': '-', '\uFE63': '-',
  '\u2070': '0', '\u00B9': '1', '\u00B2': '2', '\u00B3': '3', '\u2074': '4', '\u2075': '5', '\u2076': '6', '\u2077': '7',
  '\u2078': '8', '\u2079': '9', '\u2080': '0', '\u2081': '1', '\u2082': '2', '\u2083': '3', '\u2084': '4', '\u2085': '5',
  '\u2086': '6', '\u2087': '7', '\u2088': '8', '\u2089': '9', '\u00BC': '1/4', '\u00BD': '1/2', '\u00BE': '3/4',
  '\u2026': '...', '\u2024': '.', '\u2025': '..', '\u2044': '/', '\u00A0': ' ',
};

const COMBINING = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;
/** Latin letter blocks whose decomposition yields ASCII letters. */
function isLatinBlock(cp: number): boolean {
  return (cp >= 0xc0 && cp <= 0x24f) || (cp >= 0x1e00 && cp <= 0x1eff) || (cp >= 0x2c60 && cp <= 0x2c7f) || (cp >= 0xa720 && cp <= 0xa7ff);
}

/** Fold one term; returns the same string when nothing changed. */
export function foldToAscii(term: string): string {
  let i = 0;
  while (i < term.length && term.charCodeAt(i) < 0x80) i++;
  if (i === term.length) return term;
  let out = term.slice(0, i);
  for (const ch of term.slice(i)) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80) {
      out += ch;
      continue;
    }
    const special = SPECIAL[ch];
    if (special !== undefined) out += special;
    else if (cp >= 0xff01 && cp <= 0xff5e) out += String.fromCharCode(cp - 0xfee0); // fullwidth ASCII
    else if (cp >= 0x2460 && cp <= 0x2473) out += String(cp - 0x245f); // circled numbers
    else if (isLatinBlock(cp)) {
      const base = ch.normalize('NFD').replace(COMBINING, '');
      out += /^[\x00-\x7f]+$/.test(base) ? base : ch;
    } else out += ch;
  }
  return out;
}

/** `asciifolding`; with `preserveOriginal` the folded term comes first and the original follows at the same position. */
export function asciiFoldingFilter(name: string, preserveOriginal: boolean): TokenFilterComponent {
  return {
    name,
    multiTermAware: true,
    filter(s) {
      if (!preserveOriginal) {
        for (const t of s.tokens) t.term = foldToAscii(t.term);
        return s;
      }
      const out: Tok[] = [];
      for (const t of s.tokens) {
        const folded = foldToAscii(t.term);
        if (folded === t.term) out.push(t);
        else out.push({ ...t, term: folded }, { ...t, posInc: 0 });
      }
      return { ...s, tokens: out };
    },
  };
}
