/**
 * `standard` tokenizer: Unicode UAX#29 word boundaries as Lucene 6.6's StandardTokenizer
 * applies them, with its token types.
 *
 * - Text in alphabetic scripts (the common case) goes through a hand-written scanner of the
 *   UAX#29 rules WB4–WB13b (letters, digits, connectors, and MidLetter / MidNumLet / MidNum
 *   chars between letters or digits) — fast and exact.
 * - Other text is segmented with `Intl.Segmenter` (ICU's UAX#29) and re-shaped the way Lucene's
 *   grammar differs from plain word segmentation: every Han ideograph and every Hiragana char is
 *   its own token, runs of South-East Asian scripts are one token (Lucene has no dictionary),
 *   and segments without letters or digits are dropped.
 * - Tokens longer than `maxTokenLength` are split at that length (Lucene's scanner buffer is
 *   capped at the max token length since LUCENE-5897).
 */
import type { OffsetCorrector, Tok, TokenStream, TokenizerComponent } from '../token-stream.js';

export const ALPHANUM = '<ALPHANUM>';
export const NUM = '<NUM>';
export const SOUTHEAST_ASIAN = '<SOUTHEAST_ASIAN>';
export const IDEOGRAPHIC = '<IDEOGRAPHIC>';
export const HIRAGANA = '<HIRAGANA>';
export const KATAKANA = '<KATAKANA>';
export const HANGUL = '<HANGUL>';

// ASCII word-break classes.
const OTHER = 0;
const LETTER = 1;
const DIGIT = 2;
const EXTEND_NUM_LET = 3; // _
const MID_LETTER = 4; // :
const MID_NUM_LET = 5; // . '
const MID_NUM = 6; // , ;
const EXTEND = 7; // WB4: Extend / Format / ZWJ attach to the char before them
const SPECIAL = 8; // scripts the word-level scanner does not handle: use ICU
const UNKNOWN = 255;
const ASCII_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) ASCII_CLASS[c] = LETTER;
  else if (c >= 0x30 && c <= 0x39) ASCII_CLASS[c] = DIGIT;
}
ASCII_CLASS[0x5f] = EXTEND_NUM_LET;
ASCII_CLASS[0x3a] = MID_LETTER;
ASCII_CLASS[0x2e] = MID_NUM_LET;
ASCII_CLASS[0x27] = MID_NUM_LET;
ASCII_CLASS[0x2c] = MID_NUM;
ASCII_CLASS[0x3b] = MID_NUM;


// Word-break classes of non-ASCII BMP chars, computed on first sight.
const BMP_CLASS = new Uint8Array(0x10000).fill(UNKNOWN);
const RE_SPECIAL = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\p{sc=Hebrew}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}\p{sc=Tai_Le}\p{sc=New_Tai_Lue}\p{sc=Tai_Tham}\p{sc=Tai_Viet}\p{sc=Bopomofo}\p{sc=Yi}\u3000-\u303f\u30fc\uff65-\uffdc\p{Extended_Pictographic}\p{Regional_Indicator}]/u;
const RE_EXTEND = /[\p{M}\p{Cf}\u200d]/u;
const RE_LETTER = /[\p{Alphabetic}\p{Lm}]/u;
const RE_DIGIT = /\p{Nd}/u;
const MID_LETTER_CHARS = '\u00b7\u0387\u05f4\u2027\ufe13\ufe55\uff1a';
const MID_NUM_LET_CHARS = '\u2018\u2019\u2024\ufe52\uff07\uff0e';
const MID_NUM_CHARS = '\u037e\u0589\u060c\u060d\u066c\u07f8\u2044\ufe10\ufe14\ufe50\ufe54\uff0c\uff1b';
const RE_EXTEND_NUM_LET = /\p{Pc}/u;

/** UAX#29 word-break class of a BMP char, as far as the fast scanner needs it. */
function bmpClass(c: number): number {
  if (c < 0x80) return ASCII_CLASS[c]!;
  let cls = BMP_CLASS[c]!;
  if (cls !== UNKNOWN) return cls;
  const ch = String.fromCharCode(c);
  if (c >= 0xd800 && c <= 0xdfff) cls = SPECIAL;
  else if (RE_SPECIAL.test(ch)) cls = SPECIAL;
  else if (RE_EXTEND.test(ch)) cls = EXTEND;
  else if (RE_DIGIT.test(ch)) cls = DIGIT;
  else if (RE_LETTER.test(ch)) cls = LETTER;
  else if (MID_LETTER_CHARS.includes(ch)) cls = MID_LETTER;
  else if (MID_NUM_LET_CHARS.includes(ch)) cls = MID_NUM_LET;
  else if (MID_NUM_CHARS.includes(ch)) cls = MID_NUM;
  else if (RE_EXTEND_NUM_LET.test(ch)) cls = EXTEND_NUM_LET;
  else cls = OTHER;
  BMP_CLASS[c] = cls;
  return cls;
}

/** Push `term` (text[start,end)) split into chunks of at most `max` chars. */
function emit(out: Tok[], text: string, start: number, end: number, type: string | null, max: number, correct: OffsetCorrector): void {
  for (let s = start; s < end; s += max) {
    const e = Math.min(end, s + max);
    const term = text.slice(s, e);
    out.push({ term, start: correct(s), end: correct(e), type: type ?? classify(term), posInc: 1, posLen: 1, keyword: false });
  }
}

/**
 * Scan text with the UAX#29 rules for alphabetic scripts (Latin, Greek, Cyrillic, Arabic...).
 * Returns false, having emitted nothing, when the text holds a char of a script with its own
 * rules (CJK, kana, Hangul, Hebrew, South-East Asian, emoji, astral planes).
 */
function scanAlphabetic(text: string, max: number, correct: OffsetCorrector, out: Tok[]): boolean {
  const n = text.length;
  const mark = out.length;
  let i = 0;
  while (i < n) {
    const cls = bmpClass(text.charCodeAt(i));
    if (cls === SPECIAL) {
      out.length = mark;
      return false;
    }
    if (cls !== LETTER && cls !== DIGIT && cls !== EXTEND_NUM_LET) {
      i++;
      continue;
    }
    const start = i;
    let hasLetter = cls === LETTER;
    let hasAlnum = cls !== EXTEND_NUM_LET;
    let prev = cls;
    i++;
    while (i < n) {
      const c = bmpClass(text.charCodeAt(i));
      if (c === EXTEND) {
        // WB4: ignored inside a word.
        i++;
        continue;
      }
      if (c === LETTER || c === DIGIT || c === EXTEND_NUM_LET) {
        // WB5, WB8, WB9, WB10, WB13a, WB13b: letters, digits and connectors join freely.
        if (c === LETTER) hasLetter = true;
        if (c !== EXTEND_NUM_LET) hasAlnum = true;
        prev = c;
        i++;
        continue;
      }
      if (c === MID_LETTER || c === MID_NUM_LET || c === MID_NUM) {
        let j = i + 1;
        while (j < n && bmpClass(text.charCodeAt(j)) === EXTEND) j++;
        if (j < n) {
          const next = bmpClass(text.charCodeAt(j));
          // WB6/WB7: letter (MidLetter|MidNumLet|Single_Quote) letter.
          const letterJoin = prev === LETTER && next === LETTER && c !== MID_NUM;
          // WB11/WB12: digit (MidNum|MidNumLet|Single_Quote) digit.
          const digitJoin = prev === DIGIT && next === DIGIT && c !== MID_LETTER;
          if (letterJoin || digitJoin) {
            prev = next;
            i = j + 1;
            continue;
          }
        }
      }
      if (c === SPECIAL) {
        out.length = mark;
        return false;
      }
      break;
    }
    if (hasAlnum) emit(out, text, start, i, hasLetter ? ALPHANUM : NUM, max, correct);
  }
  return true;
}

const HAS_WORD_CHAR = /[\p{L}\p{Nl}\p{Nd}]/u;
const HAS_LETTER = /[\p{L}\p{Nl}]/u;
const HAN_OR_HIRAGANA = /[\p{sc=Han}\p{sc=Hiragana}]/u;
const IS_HAN = /^\p{sc=Han}/u;
const EXTEND_CHAR = /^[\p{M}\p{Cf}]/u;
const ALL_SOUTHEAST_ASIAN = /^[\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}\p{sc=Tai_Le}\p{sc=New_Tai_Lue}\p{sc=Tai_Tham}\p{sc=Tai_Viet}\p{M}\p{Cf}]+$/u;
const ALL_HANGUL = /^[\p{sc=Hangul}\p{M}\p{Cf}]+$/u;
const ALL_KATAKANA = /^[\p{sc=Katakana}\u30fc\u3031-\u3035\u309b\u309c\u30a0\uff70\uff9e\uff9f\p{M}\p{Cf}]+$/u;

/** Lucene's type for a token the generic word rule matched. */
function classify(term: string): string {
  if (ALL_HANGUL.test(term)) return HANGUL;
  if (ALL_KATAKANA.test(term)) return KATAKANA;
  if (!HAS_LETTER.test(term)) return NUM;
  return ALPHANUM;
}

const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

/** Split one ICU word segment into Lucene tokens (single Han / Hiragana chars apart). */
function emitSegment(out: Tok[], text: string, start: number, end: number, max: number, correct: OffsetCorrector): void {
  const seg = text.slice(start, end);
  if (!HAN_OR_HIRAGANA.test(seg)) {
    emit(out, text, start, end, null, max, correct);
    return;
  }
  let runStart = -1;
  let i = start;
  while (i < end) {
    const cp = text.codePointAt(i)!;
    const len = cp > 0xffff ? 2 : 1;
    const ch = text.slice(i, i + len);
    if (HAN_OR_HIRAGANA.test(ch)) {
      if (runStart >= 0 && HAS_WORD_CHAR.test(text.slice(runStart, i))) emit(out, text, runStart, i, null, max, correct);
      runStart = -1;
      let j = i + len;
      while (j < end && EXTEND_CHAR.test(text.slice(j, j + 1))) j++;
      emit(out, text, i, j, IS_HAN.test(ch) ? IDEOGRAPHIC : HIRAGANA, max, correct);
      i = j;
      continue;
    }
    if (runStart < 0) runStart = i;
    i += len;
  }
  if (runStart >= 0 && HAS_WORD_CHAR.test(text.slice(runStart, end))) emit(out, text, runStart, end, null, max, correct);
}

/** Tokenize non-ASCII text through ICU word segmentation. */
function scanUnicode(text: string, max: number, correct: OffsetCorrector, out: Tok[]): void {
  let saStart = -1;
  let saEnd = -1;
  const flushSa = (): void => {
    if (saStart >= 0) emit(out, text, saStart, saEnd, SOUTHEAST_ASIAN, max, correct);
    saStart = -1;
  };
  for (const s of segmenter.segment(text)) {
    const start = s.index;
    const end = start + s.segment.length;
    if (ALL_SOUTHEAST_ASIAN.test(s.segment) && HAS_LETTER.test(s.segment)) {
      // Lucene: {ComplexContextEx}+ is one token; ICU splits it with a dictionary.
      if (saStart >= 0 && saEnd === start) saEnd = end;
      else {
        flushSa();
        saStart = start;
        saEnd = end;
      }
      continue;
    }
    flushSa();
    if (!s.isWordLike || !HAS_WORD_CHAR.test(s.segment)) continue;
    emitSegment(out, text, start, end, max, correct);
  }
  flushSa();
}

/** Tokenize `text` as Lucene's StandardTokenizer (max token length defaults to 255). */
export function standardTokenize(text: string, correct: OffsetCorrector, maxTokenLength = 255): TokenStream {
  const tokens: Tok[] = [];
  if (!scanAlphabetic(text, maxTokenLength, correct, tokens)) scanUnicode(text, maxTokenLength, correct, tokens);
  return { tokens, finalOffset: correct(text.length), finalPosInc: 0 };
}

/** The `standard` tokenizer component. */
export function standardTokenizer(name: string, maxTokenLength = 255): TokenizerComponent {
  return { name, tokenize: (text, correct) => standardTokenize(text, correct, maxTokenLength) };
}
