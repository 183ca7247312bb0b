/**
 * `classic` tokenizer (Lucene ClassicTokenizer, the pre-3.1 StandardTokenizer grammar):
 * longest match among ALPHANUM, APOSTROPHE, ACRONYM, COMPANY, EMAIL, HOST, NUM and CJ,
 * earlier rule winning ties, exactly as the JFlex grammar orders them. ACRONYM_DEP ("a1.b2.")
 * becomes a HOST without its final dot, as ClassicTokenizer does.
 */
import type { OffsetCorrector, Tok, TokenizerComponent } from '../token-stream.js';

const CJ = '\\u3100-\\u312f\\u3040-\\u309F\\u30A0-\\u30FF\\u31F0-\\u31FF\\u3300-\\u337f\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\uff65-\\uff9f';
const L = `[^\\P{L}${CJ}]`;
const AN = `(?:${L}|\\p{Nd})+`;
const RULES: Array<[string, RegExp]> = [
  ['<ALPHANUM>', new RegExp(AN, 'uy')],
  ['<APOSTROPHE>', new RegExp(`${L}+(?:'${L}+)+`, 'uy')],
  ['<ACRONYM>', new RegExp(`${L}\\.(?:${L}\\.)+`, 'uy')],
  ['<COMPANY>', new RegExp(`${L}+[&@]${L}+`, 'uy')],
  ['<EMAIL>', new RegExp(`${AN}(?:[._-]${AN})*@${AN}(?:[.-]${AN})+`, 'uy')],
  ['<HOST>', new RegExp(`${AN}(?:\\.${AN})+`, 'uy')],
  ['<CJ>', new RegExp(`[${CJ}]`, 'uy')],
  ['<ACRONYM_DEP>', new RegExp(`${AN}\\.(?:${AN}\\.)+`, 'uy')],
];
const NUM_RUNS = new RegExp(`${AN}(?:[_\\-/.,]${AN})+`, 'uy');
const DIGIT = /\p{Nd}/u;

/** Longest NUM match at `at`: alnum runs joined by one of `_-/.,`, every other run with a digit. */
function matchNum(text: string, at: number): number {
  NUM_RUNS.lastIndex = at;
  const m = NUM_RUNS.exec(text);
  if (!m) return 0;
  const runs = m[0].split(/[_\-/.,]/);
  let best = 0;
  for (const parity of [0, 1]) {
    let len = 0;
    let ok = 0;
    for (let k = 0; k < runs.length; k++) {
      if (k % 2 === parity && !DIGIT.test(runs[k]!)) break;
      len += runs[k]!.length + (k > 0 ? 1 : 0);
      ok = k;
    }
    if (ok >= 1 && len > best) best = len;
  }
  return best;
}

export function classicTokenizer(name: string, maxTokenLength = 255): TokenizerComponent {
  return {
    name,
    tokenize(text: string, correct: OffsetCorrector) {
      const tokens: Tok[] = [];
      let i = 0;
      while (i < text.length) {
        let bestLen = 0;
        let bestType = '';
        for (const [type, re] of RULES) {
          re.lastIndex = i;
          const m = re.exec(text);
          if (m && m[0].length > bestLen) {
            bestLen = m[0].length;
            bestType = type;
          }
        }
        const numLen = matchNum(text, i);
        if (numLen > bestLen) {
          bestLen = numLen;
          bestType = '<NUM>';
        }
        if (bestLen === 0) {
          i++;
          continue;
        }
        let end = i + bestLen;
        if (bestType === '<ACRONYM_DEP>') {
          bestType = '<HOST>';
          end--;
        }
        if (end - i <= maxTokenLength) {
          tokens.push({ term: text.slice(i, end), start: correct(i), end: correct(end), type: bestType, posInc: 1, posLen: 1, keyword: false });
        }
        i += bestLen;
      }
      return { tokens, finalOffset: correct(text.length), finalPosInc: 0 };
    },
  };
}
