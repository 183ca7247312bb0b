/**
 * Small token filters, one function each, named after the ES filter type they implement.
 */
import { deriveRegex } from '../java-regex.js';
import type { Tok, TokenFilterComponent, TokenStream } from '../token-stream.js';
import { filterTokens, javaLowerCase, javaUpperCase, mapTerms } from './filtering.js';
import { isJavaWhitespace } from '../tokenizers/char-class.js';

/** `lowercase`, optionally with Lucene's `greek`, `irish` or `turkish` rules. */
export function lowercaseFilter(name: string, language?: string): TokenFilterComponent {
  const lang = language?.toLowerCase();
  let fn: (s: string) => string = javaLowerCase;
  if (lang === 'greek') fn = greekLowerCase;
  else if (lang === 'turkish') fn = turkishLowerCase;
  else if (lang === 'irish') fn = irishLowerCase;
  return { name, multiTermAware: true, filter: (s) => mapTerms(s, (term) => fn(term)) };
}

const GREEK_FOLD: Record<string, string> = { ά: 'α', έ: 'ε', ή: 'η', ί: 'ι', ΐ: 'ι', ϊ: 'ι', ό: 'ο', ύ: 'υ', ΰ: 'υ', ϋ: 'υ', ώ: 'ω', ς: 'σ', ϲ: 'σ' };
/** Lucene GreekLowerCaseFilter: lowercase, drop tonos and dialytika, final sigma → sigma. */
function greekLowerCase(s: string): string {
  let out = '';
  for (const ch of javaLowerCase(s)) out += GREEK_FOLD[ch] ?? ch;
  return out;
}

/** Lucene TurkishLowerCaseFilter: I → ı, İ → i, I + combining dot → i. */
function turkishLowerCase(s: string): string {
  return javaLowerCase(s.replace(/I\u0307/g, 'i').replace(/I/g, 'ı').replace(/\u0130/g, 'i'));
}

/** Lucene IrishLowerCaseFilter: n/t prefix before an uppercase vowel gets a hyphen ("nAthair" → "n-athair"). */
function irishLowerCase(s: string): string {
  if (s.length > 1 && (s[0] === 'n' || s[0] === 't') && /^[AEIOUÁÉÍÓÚ]/.test(s.slice(1))) return s[0] + '-' + javaLowerCase(s.slice(1));
  return javaLowerCase(s);
}

export function uppercaseFilter(name: string): TokenFilterComponent {
  return { name, multiTermAware: true, filter: (s) => mapTerms(s, javaUpperCase) };
}

/** `standard` token filter: a no-op since Lucene 3.1's StandardTokenizer. */
export function standardFilter(name: string): TokenFilterComponent {
  return { name, filter: (s) => s };
}

/** `length`: keep tokens whose UTF-16 length is within [min, max]. */
export function lengthFilter(name: string, min: number, max: number): TokenFilterComponent {
  return { name, filter: (s) => filterTokens(s, (t) => t.term.length >= min && t.term.length <= max) };
}

/** `trim`: strip leading and trailing Java whitespace (offsets unchanged, as Lucene 6). */
export function trimFilter(name: string): TokenFilterComponent {
  return {
    name,
    multiTermAware: true,
    filter: (s) =>
      mapTerms(s, (term) => {
        let a = 0;
        let b = term.length;
        while (a < b && isJavaWhitespace(term.charCodeAt(a))) a++;
        while (b > a && isJavaWhitespace(term.charCodeAt(b - 1))) b--;
        return a === 0 && b === term.length ? term : term.slice(a, b);
      }),
  };
}

/** `truncate`: cut terms to `length` chars. */
export function truncateFilter(name: string, length: number): TokenFilterComponent {
  return { name, filter: (s) => mapTerms(s, (term) => (term.length > length ? term.slice(0, length) : term)) };
}

/** `reverse`: reverse each term by code point. */
export function reverseFilter(name: string): TokenFilterComponent {
  return { name, filter: (s) => mapTerms(s, (term) => [...term].reverse().join('')) };
}

/**
 * `unique`: drop repeated terms (ES UniqueTokenFilter). Dropped tokens' increments are not
 * carried over; with `onlyOnSamePosition` the seen set is reset at every new position.
 */
export function uniqueFilter(name: string, onlyOnSamePosition: boolean): TokenFilterComponent {
  return {
    name,
    filter(s: TokenStream) {
      const seen = new Set<string>();
      const kept: Tok[] = [];
      for (const t of s.tokens) {
        if (onlyOnSamePosition && t.posInc > 0) seen.clear();
        if (seen.has(t.term)) continue;
        seen.add(t.term);
        kept.push(t);
      }
      return { ...s, tokens: kept };
    },
  };
}

/** `limit`: keep the first `max` tokens (LimitTokenCountFilter). */
export function limitFilter(name: string, max: number): TokenFilterComponent {
  return { name, filter: (s) => ({ ...s, tokens: s.tokens.slice(0, max) }) };
}

/** `apostrophe`: drop an apostrophe and everything after it (Turkish). */
export function apostropheFilter(name: string): TokenFilterComponent {
  return {
    name,
    filter: (s) =>
      mapTerms(s, (term) => {
        const i = term.search(/['\u2019]/);
        return i < 0 ? term : term.slice(0, i);
      }),
  };
}

const ND = /^\p{Nd}$/u;

/** `decimal_digit`: any Unicode decimal digit becomes its ASCII digit. */
export function decimalDigitFilter(name: string): TokenFilterComponent {
  return {
    name,
    multiTermAware: true,
    filter: (s) =>
      mapTerms(s, (term) => {
        if (!/[^\x00-\x7f]/.test(term)) return term;
        let out = '';
        for (const ch of term) {
          if (ch > '\x7f' && ND.test(ch)) {
            // Decimal digits come in contiguous runs of whole blocks of ten, each starting at zero.
            const cp = ch.codePointAt(0)!;
            let runStart = cp;
            while (ND.test(String.fromCodePoint(runStart - 1))) runStart--;
            out += String((cp - runStart) % 10);
          } else out += ch;
        }
        return out;
      }),
  };
}

/** `classic` filter: strip `'s` from <APOSTROPHE> tokens and dots from <ACRONYM> tokens. */
export function classicFilter(name: string): TokenFilterComponent {
  return {
    name,
    filter: (s) =>
      mapTerms(s, (term, t) => {
        if (t.type === '<APOSTROPHE>' && /'[sS]$/.test(term)) return term.slice(0, -2);
        if (t.type === '<ACRONYM>') return term.replace(/\./g, '');
        return term;
      }),
  };
}

/** `keep`: keep only tokens in the word set. */
export function keepWordsFilter(name: string, words: readonly string[], ignoreCase: boolean): TokenFilterComponent {
  const set = new Set(ignoreCase ? words.map(javaLowerCase) : words);
  return { name, filter: (s) => filterTokens(s, (t) => set.has(ignoreCase ? javaLowerCase(t.term) : t.term)) };
}

/** `keep_types`: keep (mode include) or drop (mode exclude) tokens by type. */
export function keepTypesFilter(name: string, types: readonly string[], include: boolean): TokenFilterComponent {
  const set = new Set(types);
  return { name, filter: (s) => filterTokens(s, (t) => set.has(t.type) === include) };
}

/** `pattern_replace` token filter: replace the first or all matches in every term. */
export function patternReplaceFilter(name: string, pattern: RegExp, replace: (m: RegExpExecArray) => string, all: boolean): TokenFilterComponent {
  return {
    name,
    multiTermAware: true,
    filter: (s) =>
      mapTerms(s, (term) => {
        pattern.lastIndex = 0;
        let m = pattern.exec(term);
        if (!m) return term;
        let out = '';
        let last = 0;
        while (m) {
          out += term.slice(last, m.index) + replace(m);
          last = m.index + m[0].length;
          if (!all) break;
          if (m[0].length === 0) pattern.lastIndex++;
          m = pattern.exec(term);
        }
        return out + term.slice(last);
      }),
  };
}

/** `elision`: strip an article and its apostrophe ("l'avion" → "avion"). */
export function elisionFilter(name: string, articles: readonly string[], ignoreCase: boolean): TokenFilterComponent {
  const set = new Set(ignoreCase ? articles.map(javaLowerCase) : articles);
  return {
    name,
    multiTermAware: true,
    filter: (s) =>
      mapTerms(s, (term) => {
        const i = term.search(/['\u2019]/);
        if (i < 0) return term;
        const prefix = term.slice(0, i);
        return set.has(ignoreCase ? javaLowerCase(prefix) : prefix) ? term.slice(i + 1) : term;
      }),
  };
}

/** `keyword_marker`: flag tokens in the set (or matching the pattern) as keywords. */
export function keywordMarkerFilter(name: string, keywords: readonly string[], ignoreCase: boolean, pattern?: RegExp): TokenFilterComponent {
  const set = new Set(ignoreCase ? keywords.map(javaLowerCase) : keywords);
  const anchored = pattern ? deriveRegex(pattern, pattern.flags.replace('g', ''), true) : undefined;
  return {
    name,
    addsKeywordAttribute: true,
    filter(s) {
      for (const t of s.tokens) {
        if (anchored ? anchored.test(t.term) : set.has(ignoreCase ? javaLowerCase(t.term) : t.term)) t.keyword = true;
      }
      return s;
    },
  };
}

/** `fingerprint` filter: one token of the sorted, de-duplicated terms joined by `separator`. */
export function fingerprintFilter(name: string, separator: string, maxOutputSize: number): TokenFilterComponent {
  return {
    name,
    filter(s) {
      if (s.tokens.length === 0) return s;
      const terms = [...new Set(s.tokens.map((t) => t.term))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      const joined = terms.join(separator);
      if (joined.length > maxOutputSize) return { ...s, tokens: [] };
      let end = 0;
      for (const t of s.tokens) end = Math.max(end, t.end);
      return { ...s, tokens: [{ term: joined, start: 0, end, type: 'fingerprint', posInc: 1, posLen: 1, keyword: false }] };
    },
  };
}
