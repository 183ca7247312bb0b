/**
 * Stemming filters. Snowball stemmers come from the `snowball-stemmers` package (a port of the
 * Snowball project's generated stemmers, the same algorithms Lucene's `org.tartarus.snowball`
 * classes implement); the original Porter algorithm (`porter_stem`, `stemmer: english`) comes
 * from the `stemmer` package. Results are memoised per stemmer: analysis sees the same words
 * over and over, and the Snowball port is slow per call.
 */
import { createRequire } from 'node:module';
import type { newStemmer as NewStemmer } from 'snowball-stemmers';
import { stemmer as porterStemmer } from 'stemmer';
import type { TokenFilterComponent } from '../token-stream.js';
import { notBuiltYet } from '../../errors/errors.js';

/** Snowball languages the package provides, by ES language name. */
const SNOWBALL_LANGUAGES: Record<string, string> = {
  english: 'english', porter: 'porter', french: 'french', german: 'german', spanish: 'spanish', italian: 'italian',
  portuguese: 'portuguese', dutch: 'dutch', russian: 'russian', swedish: 'swedish', norwegian: 'norwegian',
  danish: 'danish', finnish: 'finnish', hungarian: 'hungarian', romanian: 'romanian', turkish: 'turkish',
  irish: 'irish', catalan: 'catalan', basque: 'basque', armenian: 'armenian',
};

/**
 * Snowball programs Lucene has and the package lacks. They are refused by name: another
 * algorithm standing in would index different terms than ES without saying so.
 */
const NOT_BUILT_SNOWBALL = new Set(['german2', 'kp', 'lovins']);

const CACHE_LIMIT = 100_000;

/**
 * `snowball-stemmers` (CommonJS, ~850 KB: every language in one file) is required when a
 * Snowball stemmer is first built, not when analysis is imported: most nodes never use one,
 * and loading it cost ~0.1 s of every start (docs/benchmarks.md "Start and footprint").
 */
function newStemmer(language: string): ReturnType<typeof NewStemmer> {
  const snowball = createRequire(import.meta.url)('snowball-stemmers') as { newStemmer: typeof NewStemmer };
  return snowball.newStemmer(language);
}

/** Wrap a stem function with a bounded memo table. */
function memoise(fn: (w: string) => string): (w: string) => string {
  let cache = new Map<string, string>();
  return (w) => {
    let r = cache.get(w);
    if (r === undefined) {
      r = fn(w);
      if (cache.size >= CACHE_LIMIT) cache = new Map();
      cache.set(w, r);
    }
    return r;
  };
}

const snowballCache = new Map<string, (w: string) => string>();

/**
 * A Snowball stem function for an ES language name (case-insensitive), or undefined for a name
 * Lucene does not know either. Throws `[<name> stemmer] is not supported by Strata yet` for the
 * Snowball programs Lucene has and Strata lacks (German2, Kp, Lovins).
 */
export function snowballStemmer(language: string): ((w: string) => string) | undefined {
  const lower = language.toLowerCase();
  if (NOT_BUILT_SNOWBALL.has(lower)) throw notBuiltYet(`${lower} stemmer`);
  const key = Object.hasOwn(SNOWBALL_LANGUAGES, lower) ? SNOWBALL_LANGUAGES[lower] : undefined;
  if (!key) return undefined;
  let fn = snowballCache.get(key);
  if (!fn) {
    const st = newStemmer(key);
    fn = memoise((w) => st.stem(w));
    snowballCache.set(key, fn);
  }
  return fn;
}

/**
 * Original Porter stemmer as Lucene's PorterStemmer applies it: words of up to two chars are
 * left alone. The library lowercases; Lucene works on the term as given, so only all-lowercase
 * terms are stemmed through it and others keep their case where the stem is a prefix.
 */
export const porterStem = memoise((w: string): string => {
  if (w.length <= 2) return w;
  const lower = w.toLowerCase();
  const stem = porterStemmer(lower);
  if (lower === w) return stem;
  return lower.startsWith(stem) ? w.slice(0, stem.length) : stem;
});

/** Lucene EnglishMinimalStemmer (plural "s" removal). */
export function englishMinimalStem(w: string): string {
  const n = w.length;
  if (n < 3 || w[n - 1] !== 's') return w;
  switch (w[n - 2]) {
    case 'u':
    case 's':
      return w;
    case 'e':
      if (n > 3 && w[n - 3] === 'i' && w[n - 4] !== 'a' && w[n - 4] !== 'e') return w.slice(0, n - 3) + 'y';
      if (w[n - 3] === 'i' || w[n - 3] === 'a' || w[n - 3] === 'o' || w[n - 3] === 'e') return w; /* -ies handled, -aes/-oes/-ees kept */
      return w.slice(0, n - 1);
    default:
      return w.slice(0, n - 1);
  }
}

/** Lucene EnglishPossessiveFilter: drop a trailing 's (with ', ’ or ＇). */
export function englishPossessive(w: string): string {
  const n = w.length;
  if (n >= 2 && (w[n - 1] === 's' || w[n - 1] === 'S') && (w[n - 2] === "'" || w[n - 2] === '\u2019' || w[n - 2] === '\uFF07')) return w.slice(0, n - 2);
  return w;
}

/** A token filter applying `stem` to every non-keyword token. */
export function stemFilter(name: string, stem: (w: string) => string, respectsKeyword = true): TokenFilterComponent {
  return {
    name,
    addsKeywordAttribute: respectsKeyword,
    filter(s) {
      for (const t of s.tokens) if (!t.keyword) t.term = stem(t.term);
      return s;
    },
  };
}
