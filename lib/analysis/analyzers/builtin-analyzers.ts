/**
 * ES 5.6's analyzer types other than `custom`, as chains of the same components a custom
 * analyzer would use. Each builder takes the analyzer's name and settings (for a bare built-in
 * name the settings are empty). Chains follow the Lucene analyzers ES wraps
 * (StandardAnalyzer, EnglishAnalyzer, FrenchAnalyzer, ...).
 */
import { ChainAnalyzer } from '../chain-analyzer.js';
import { illegalArgument } from '../../errors/errors.js';
import { FRENCH_ARTICLES } from '../component-factories.js';
import { asciiFoldingFilter } from '../filters/ascii-folding.js';
import * as simple from '../filters/simple-filters.js';
import { englishPossessive, porterStem, snowballStemmer, stemFilter } from '../filters/stemmers.js';
import { stopFilter } from '../filters/stop.js';
import { compileJavaRegex } from '../java-regex.js';
import type { ComponentSettings } from '../settings.js';
import { ENGLISH_STOP_WORDS, LANGUAGE_STOP_WORDS, resolveStopWords } from '../stopwords/named-lists.js';
import type { TokenFilterComponent } from '../token-stream.js';
import { keywordTokenizer, lowercaseTokenizer, whitespaceTokenizer } from '../tokenizers/char-class.js';
import { classicTokenizer } from '../tokenizers/classic.js';
import { patternTokenizer } from '../tokenizers/pattern.js';
import { standardTokenizer } from '../tokenizers/standard.js';
import { htmlStripCharFilter } from '../char-filters/html-strip.js';
import { own } from '../../dict.js';

type Builder = (name: string, s: ComponentSettings) => ChainAnalyzer;

const ITALIAN_ARTICLES = ['c', 'l', 'all', 'dall', 'dell', 'nell', 'sull', 'coll', 'pell', 'gl', 'agl', 'dagl', 'degl', 'negl', 'sugl', 'un', 'm', 't', 's', 'v', 'd'];
const DUTCH_OVERRIDES: Record<string, string> = { fiets: 'fiets', bromfiets: 'bromfiets', ei: 'eier', kind: 'kinder' };

function stop(s: ComponentSettings, defaults: readonly string[]): TokenFilterComponent {
  return stopFilter('stop', resolveStopWords(s.list('stopwords'), defaults), false);
}

/** `stem_exclusion` words become keywords so the stemmer skips them. */
function stemExclusion(s: ComponentSettings): TokenFilterComponent[] {
  const words = s.list('stem_exclusion');
  return words && words.length > 0 ? [simple.keywordMarkerFilter('keyword_marker', words, false)] : [];
}

/** Lucene's StemmerOverrideFilter with DutchAnalyzer's default dictionary. */
const dutchOverride: TokenFilterComponent = {
  name: 'stemmer_override',
  addsKeywordAttribute: true,
  filter(s) {
    for (const t of s.tokens) {
      const o = t.keyword ? undefined : own(DUTCH_OVERRIDES, t.term);
      if (o !== undefined) {
        t.term = o;
        t.keyword = true;
      }
    }
    return s;
  },
};

/** A Lucene language analyzer: standard tokenizer, `pre` filters, lowercase, stop, exclusion, `post`. */
function language(lang: string, pre: TokenFilterComponent[], post: TokenFilterComponent[]): Builder {
  return (name, s) =>
    new ChainAnalyzer(name, standardTokenizer('standard'), [
      simple.standardFilter('standard'),
      ...pre,
      simple.lowercaseFilter('lowercase'),
      stop(s, LANGUAGE_STOP_WORDS[lang]!),
      ...stemExclusion(s),
      ...post,
    ]);
}

/** A Snowball stem filter whose stemmer is built on its first token (not when this module loads). */
const snowballOf = (lang: string): TokenFilterComponent => {
  let stem: ((w: string) => string) | undefined;
  return stemFilter('snowball', (w) => (stem ??= snowballStemmer(lang)!)(w));
};

export const ANALYZER_TYPES: Record<string, Builder> = {
  standard: (name, s) =>
    new ChainAnalyzer(name, standardTokenizer('standard', s.int('max_token_length', 255)), [
      simple.standardFilter('standard'),
      simple.lowercaseFilter('lowercase'),
      stop(s, []),
    ]),
  standard_html_strip: (name, s) =>
    new ChainAnalyzer(
      name,
      standardTokenizer('standard', s.int('max_token_length', 255)),
      [simple.standardFilter('standard'), simple.lowercaseFilter('lowercase'), stop(s, [])],
      [htmlStripCharFilter('html_strip')],
    ),
  simple: (name) => new ChainAnalyzer(name, lowercaseTokenizer('lowercase')),
  whitespace: (name) => new ChainAnalyzer(name, whitespaceTokenizer('whitespace')),
  keyword: (name) => new ChainAnalyzer(name, keywordTokenizer('keyword')),
  stop: (name, s) => new ChainAnalyzer(name, lowercaseTokenizer('lowercase'), [stop(s, ENGLISH_STOP_WORDS)]),
  classic: (name, s) =>
    new ChainAnalyzer(name, classicTokenizer('classic', s.int('max_token_length', 255)), [
      simple.classicFilter('classic'),
      simple.lowercaseFilter('lowercase'),
      stop(s, ENGLISH_STOP_WORDS),
    ]),
  pattern: (name, s) => {
    const filters: TokenFilterComponent[] = [];
    if (s.bool('lowercase', true)) filters.push(simple.lowercaseFilter('lowercase'));
    filters.push(stop(s, []));
    return new ChainAnalyzer(name, patternTokenizer('pattern', compileJavaRegex(s.str('pattern', '\\W+'), s.str('flags')), -1), filters);
  },
  fingerprint: (name, s) =>
    new ChainAnalyzer(name, standardTokenizer('standard'), [
      simple.lowercaseFilter('lowercase'),
      asciiFoldingFilter('asciifolding', false),
      stop(s, []),
      simple.fingerprintFilter('fingerprint', s.str('separator', ' '), s.int('max_output_size', 255)),
    ]),
  snowball: (name, s) => {
    const lang = s.str('language', 'English');
    const key = lang.toLowerCase();
    const filters: TokenFilterComponent[] = [simple.standardFilter('standard')];
    // ES adds the possessive filter for English, Porter and Lovins; Lovins itself is refused below.
    if (key === 'english' || key === 'porter' || key === 'lovins') filters.push(stemFilter('possessive', englishPossessive, false));
    filters.push(simple.lowercaseFilter('lowercase', key === 'turkish' ? 'turkish' : undefined));
    const defaults = key === 'english' ? ENGLISH_STOP_WORDS : key === 'dutch' || key === 'german' ? LANGUAGE_STOP_WORDS[key]! : [];
    filters.push(stop(s, defaults));
    const fn = snowballStemmer(lang);
    // Lucene's SnowballFilter fails on a language it has no program for; never analyze unstemmed.
    if (!fn) throw illegalArgument(`Invalid stemmer class specified: ${lang}`);
    filters.push(stemFilter('snowball', fn));
    return new ChainAnalyzer(name, standardTokenizer('standard'), filters);
  },
  english: language('english', [stemFilter('possessive', englishPossessive, false)], [stemFilter('porter_stem', porterStem)]),
  // Lucene uses Savoy's light stemmers for these five; Snowball stands in (see docs/analysis.md).
  french: language('french', [simple.elisionFilter('elision', FRENCH_ARTICLES, true)], [snowballOf('french')]),
  german: language('german', [], [snowballOf('german')]),
  spanish: language('spanish', [], [snowballOf('spanish')]),
  italian: language('italian', [simple.elisionFilter('elision', ITALIAN_ARTICLES, true)], [snowballOf('italian')]),
  portuguese: language('portuguese', [], [snowballOf('portuguese')]),
  dutch: language('dutch', [], [dutchOverride, snowballOf('dutch')]),
  russian: language('russian', [], [snowballOf('russian')]),
  swedish: language('swedish', [], [snowballOf('swedish')]),
  norwegian: language('norwegian', [], [snowballOf('norwegian')]),
  danish: language('danish', [], [snowballOf('danish')]),
  finnish: language('finnish', [], [snowballOf('finnish')]),
};
