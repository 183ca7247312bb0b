/**
 * ES's named stop word lists (`_english_`, `_french_`, ..., `_none_`) and the parsing of a
 * `stopwords` setting (a list, a comma-separated string, or a list name).
 */
import { illegalArgument } from '../../errors/errors.js';
import * as snowball from './snowball-lists.js';
import { own } from '../../dict.js';

/** Lucene's EnglishAnalyzer / StandardAnalyzer English stop set. */
export const ENGLISH_STOP_WORDS: readonly string[] = [
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'but', 'by', 'for', 'if', 'in', 'into', 'is', 'it', 'no', 'not', 'of', 'on',
  'or', 'such', 'that', 'the', 'their', 'then', 'there', 'these', 'they', 'this', 'to', 'was', 'will', 'with',
];

const words = (list: string): readonly string[] => list.split(/\s+/).filter((w) => w.length > 0);

/** Default stop words of each language, keyed by ES language name. */
export const LANGUAGE_STOP_WORDS: Readonly<Record<string, readonly string[]>> = {
  english: ENGLISH_STOP_WORDS,
  french: words(snowball.FRENCH),
  german: words(snowball.GERMAN),
  spanish: words(snowball.SPANISH),
  italian: words(snowball.ITALIAN),
  portuguese: words(snowball.PORTUGUESE),
  dutch: words(snowball.DUTCH),
  russian: words(snowball.RUSSIAN),
  swedish: words(snowball.SWEDISH),
  norwegian: words(snowball.NORWEGIAN),
  danish: words(snowball.DANISH),
  finnish: words(snowball.FINNISH),
};

/**
 * Resolve a `stopwords` setting value. A string is a named list (`_english_`) or a
 * comma-separated list; an array may mix names and words, as ES's `Analysis.parseWords` does.
 * @param value the raw setting, or undefined for `defaults`
 */
export function resolveStopWords(value: unknown, defaults: readonly string[]): readonly string[] {
  if (value === undefined || value === null) return defaults;
  const items = Array.isArray(value) ? value.map(String) : String(value).split(',').map((s) => s.trim()).filter((s) => s.length > 0);
  const out: string[] = [];
  for (const item of items) {
    const m = /^_(\w+)_$/.exec(item);
    if (m) {
      if (m[1] === 'none') continue;
      const list = own(LANGUAGE_STOP_WORDS, m[1]!);
      if (!list) throw illegalArgument(`Unknown stopwords list [${item}]`);
      out.push(...list);
    } else out.push(item);
  }
  return out;
}
