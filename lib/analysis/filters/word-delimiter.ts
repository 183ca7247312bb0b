/**
 * `word_delimiter` token filter (Lucene 6.6 WordDelimiterFilter): splits tokens at non
 * alphanumeric chars, lower→upper case changes and letter↔digit changes, optionally drops an
 * English possessive, and can add catenations of the parts and keep the original.
 *
 * Parts take consecutive positions; catenations and the original are stacked (increment 0) on
 * the first part's position. Part offsets are sub-ranges of the token when the token's offsets
 * span exactly its text, else the token's own offsets (as Lucene does after char filters).
 */
import type { Tok, TokenFilterComponent, TokenStream } from '../token-stream.js';

export interface WordDelimiterOptions {
  generateWordParts: boolean;
  generateNumberParts: boolean;
  catenateWords: boolean;
  catenateNumbers: boolean;
  catenateAll: boolean;
  splitOnCaseChange: boolean;
  preserveOriginal: boolean;
  splitOnNumerics: boolean;
  stemEnglishPossessive: boolean;
  protectedWords: ReadonlySet<string>;
}

const LOWER = 1;
const UPPER = 2;
const DIGIT = 4;
const DELIM = 8;
const ALPHA = LOWER | UPPER;
/** Marker for "the increment of the original token". */
const FIRST = -1;

const IS_LOWER = /\p{Ll}/u;
const IS_UPPER = /\p{Lu}|\p{Lt}/u;
const IS_LETTER = /\p{L}/u;
const IS_DIGIT = /\p{Nd}/u;

function charType(ch: string): number {
  const c = ch.charCodeAt(0);
  if (c < 0x80) {
    if (c >= 0x61 && c <= 0x7a) return LOWER;
    if (c >= 0x41 && c <= 0x5a) return UPPER;
    if (c >= 0x30 && c <= 0x39) return DIGIT;
    return DELIM;
  }
  if (IS_LOWER.test(ch)) return LOWER;
  if (IS_UPPER.test(ch)) return UPPER;
  if (IS_LETTER.test(ch)) return LOWER; // other letters count as alpha
  if (IS_DIGIT.test(ch)) return DIGIT;
  return DELIM;
}

interface Part {
  start: number;
  end: number;
  type: number;
}

/** Split a term into typed subwords (Lucene WordDelimiterIterator). */
function split(term: string, o: WordDelimiterOptions): Part[] {
  const chars = [...term];
  const types = chars.map(charType);
  const offs: number[] = [];
  let acc = 0;
  for (const ch of chars) {
    offs.push(acc);
    acc += ch.length;
  }
  offs.push(acc);
  let end = chars.length;
  if (o.stemEnglishPossessive && end >= 2 && (chars[end - 1] === 's' || chars[end - 1] === 'S') && chars[end - 2] === "'") end -= 2;
  const parts: Part[] = [];
  let i = 0;
  while (i < end) {
    if (types[i] === DELIM) {
      i++;
      continue;
    }
    const s = i;
    let last = types[i]!;
    i++;
    while (i < end && types[i] !== DELIM) {
      const t = types[i]!;
      let brk = false;
      if ((t & last) === 0) {
        if (last & ALPHA && t & ALPHA) brk = o.splitOnCaseChange && !(last === UPPER);
        else if ((last & ALPHA && t === DIGIT) || (last === DIGIT && t & ALPHA)) brk = o.splitOnNumerics;
        else brk = true;
      }
      if (brk) break;
      last = t;
      i++;
    }
    parts.push({ start: offs[s]!, end: offs[i]!, type: types[s]! & ALPHA ? ALPHA : DIGIT });
  }
  return parts;
}

export function wordDelimiterFilter(name: string, o: WordDelimiterOptions): TokenFilterComponent {
  return {
    name,
    filter(s: TokenStream): TokenStream {
      const out: Tok[] = [];
      let carry = 0;
      for (const t of s.tokens) {
        if (o.protectedWords.has(t.term)) {
          out.push({ ...t, posInc: t.posInc + carry });
          carry = 0;
          continue;
        }
        const parts = split(t.term, o);
        const single = parts.length === 1 && parts[0]!.start === 0 && parts[0]!.end === t.term.length;
        if (single) {
          out.push({ ...t, posInc: t.posInc + carry });
          carry = 0;
          continue;
        }
        const exactOffsets = t.end - t.start === t.term.length;
        const mk = (a: number, b: number, posInc: number): Tok => ({
          ...t,
          term: t.term.slice(a, b),
          start: exactOffsets ? t.start + a : t.start,
          end: exactOffsets ? t.start + b : t.end,
          posInc,
        });
        const emitted: Tok[] = [];
        if (o.preserveOriginal) emitted.push({ ...t });
        // Parts that are generated, with catenations of runs of the same kind.
        const kept = parts.filter((p) => (p.type === ALPHA ? o.generateWordParts : o.generateNumberParts));
        const catenations: Tok[] = [];
        const runCat = (type: number, enabled: boolean): void => {
          if (!enabled) return;
          let k = 0;
          while (k < parts.length) {
            if (parts[k]!.type !== type) {
              k++;
              continue;
            }
            let j = k;
            while (j + 1 < parts.length && parts[j + 1]!.type === type) j++;
            if (j > k) {
              const c = mk(parts[k]!.start, parts[j]!.end, 0);
              c.term = parts.slice(k, j + 1).map((p) => t.term.slice(p.start, p.end)).join('');
              catenations.push(c);
            }
            k = j + 1;
          }
        };
        runCat(ALPHA, o.catenateWords);
        runCat(DIGIT, o.catenateNumbers);
        if (o.catenateAll && parts.length > 1) {
          const c = mk(parts[0]!.start, parts[parts.length - 1]!.end, 0);
          c.term = parts.map((p) => t.term.slice(p.start, p.end)).join('');
          catenations.push(c);
        }
        kept.forEach((p, idx) => {
          emitted.push(mk(p.start, p.end, idx === 0 ? (o.preserveOriginal ? 0 : FIRST) : 1));
          if (idx === 0) for (const c of catenations) emitted.push(c);
        });
        if (kept.length === 0) for (const c of catenations) emitted.push(c);
        if (emitted.length === 0) {
          carry += t.posInc;
          continue;
        }
        // The first emitted token takes the original increment; everything else is relative to it.
        emitted[0]!.posInc = FIRST;
        for (const e of emitted) if (e.posInc === FIRST) e.posInc = t.posInc + carry;
        carry = 0;
        out.push(...emitted);
      }
      return { ...s, tokens: out, finalPosInc: s.finalPosInc + carry };
    },
  };
}
