/**
 * Word boundaries after Java's `BreakIterator.getWordInstance(Locale.ROOT)` (the JDK's
 * rule-based word rules, which ES 5.6's unified highlighter uses for `boundary_scanner: word`,
 * to cut sentences longer than `fragment_size`, and to end its `no_match_size` excerpt):
 * a word is a run of letters and digits in which one "mid-word" character (a dash, `'`, `"`, `.`,
 * soft hyphen, U+2027) may join two letters and one "mid-number" character (`,`, `.`, `'`, `"`,
 * U+066B) two digits; a run of space separators (Zs, Zl, Zp) is one piece; combining marks and
 * format characters stay with what precedes them; any other character stands alone.
 * Not modelled: the JDK's pre/post number signs (`$5`, `5%`) and its kana/kanji runs.
 */

const LETTER = /[\p{L}\p{Mc}]/u;
const DIGIT = /\p{N}/u;
const WHITE = /[\p{Zs}\p{Zl}\p{Zp}]/u;
const IGNORE = /[\p{Mn}\p{Me}\p{Cf}]/u;
const MID_WORD = /[\p{Pd}\u00ad\u2027"'.]/u;
const MID_NUM = /["',\u066b.]/u;

const isLetter = (c: string | undefined): boolean => c !== undefined && LETTER.test(c);
const isDigit = (c: string | undefined): boolean => c !== undefined && DIGIT.test(c);

/** All word boundaries of `text`, ascending, with 0 and `text.length`. */
export function wordBoundaries(text: string): number[] {
  const out = [0];
  let i = 0;
  const skipIgnored = (): void => {
    while (i < text.length && IGNORE.test(text[i] as string)) i++;
  };
  while (i < text.length) {
    const c = text[i] as string;
    if (isLetter(c) || isDigit(c)) {
      // words and numbers may follow one another without a break ("abc123")
      while (i < text.length) {
        const d = text[i] as string;
        if (isLetter(d) || isDigit(d)) {
          i++;
          skipIgnored();
        } else if (isLetter(text[i - 1]) && MID_WORD.test(d) && isLetter(text[i + 1])) i += 1;
        else if (isDigit(text[i - 1]) && MID_NUM.test(d) && isDigit(text[i + 1])) i += 1;
        else break;
      }
    } else if (WHITE.test(c)) {
      while (i < text.length && WHITE.test(text[i] as string)) i++;
    } else {
      i++;
      skipIgnored();
    }
    out.push(i);
  }
  if (text.length === 0) out.push(0);
  return out;
}
