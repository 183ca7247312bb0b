/**
 * Factories for every tokenizer, token filter and char filter type, keyed by the type names
 * ES 5.6 registers (AnalysisModule), each turning a component's settings into a component.
 * Types listed in `REQUIRE_SETTINGS` cannot be referenced by bare name, as in ES
 * (`requiresAnalysisSettings`).
 */
import { illegalArgument } from '../errors/errors.js';
import { htmlStripCharFilter } from './char-filters/html-strip.js';
import { mappingCharFilter } from './char-filters/mapping.js';
import { patternReplaceCharFilter } from './char-filters/pattern-replace.js';
import { asciiFoldingFilter } from './filters/ascii-folding.js';
import { ngramFilter } from './filters/ngram-filters.js';
import { shingleFilter } from './filters/shingle.js';
import * as simple from './filters/simple-filters.js';
import { englishMinimalStem, englishPossessive, porterStem, snowballStemmer, stemFilter } from './filters/stemmers.js';
import { stopFilter } from './filters/stop.js';
import { parseSolrSynonyms, synonymFilter } from './filters/synonym.js';
import { wordDelimiterFilter } from './filters/word-delimiter.js';
import { compileJavaRegex, javaReplacement } from './java-regex.js';
import { ComponentSettings } from './settings.js';
import { ENGLISH_STOP_WORDS, resolveStopWords } from './stopwords/named-lists.js';
import type { CharFilterComponent, TokenFilterComponent, TokenizerComponent } from './token-stream.js';
import { keywordTokenizer, letterTokenizer, lowercaseTokenizer, whitespaceTokenizer } from './tokenizers/char-class.js';
import { classicTokenizer } from './tokenizers/classic.js';
import { ngramTokenizer } from './tokenizers/ngram.js';
import { pathHierarchyTokenizer } from './tokenizers/path-hierarchy.js';
import { patternTokenizer } from './tokenizers/pattern.js';
import { standardTokenizer } from './tokenizers/standard.js';
import { uaxUrlEmailTokenizer } from './tokenizers/uax-url-email.js';

export type Factory<T> = (name: string, settings: ComponentSettings) => T;

/** Lucene's default French elision articles (also ES's bare `elision`). */
export const FRENCH_ARTICLES = ['l', 'm', 't', 'qu', 'n', 's', 'j', 'd', 'c', 'jusqu', 'quoiqu', 'lorsqu', 'puisqu'];

function checkGrams(min: number, max: number): void {
  if (min < 1) throw illegalArgument('minGram must be greater than zero');
  if (min > max) throw illegalArgument('minGram must not be greater than maxGram');
}

function maxTokenLength(s: ComponentSettings): number {
  const n = s.int('max_token_length', 255);
  if (n < 1) throw illegalArgument('maxTokenLength must be greater than zero');
  return n;
}

export const TOKENIZERS: Record<string, Factory<TokenizerComponent>> = {
  standard: (n, s) => standardTokenizer(n, maxTokenLength(s)),
  classic: (n, s) => classicTokenizer(n, maxTokenLength(s)),
  uax_url_email: (n, s) => uaxUrlEmailTokenizer(n, maxTokenLength(s)),
  keyword: (n) => keywordTokenizer(n),
  whitespace: (n) => whitespaceTokenizer(n),
  letter: (n) => letterTokenizer(n),
  lowercase: (n) => lowercaseTokenizer(n),
  ngram: (n, s) => {
    const min = s.int('min_gram', 1);
    const max = s.int('max_gram', 2);
    checkGrams(min, max);
    return ngramTokenizer(n, min, max, s.list('token_chars') ?? [], false);
  },
  edge_ngram: (n, s) => {
    const min = s.int('min_gram', 1);
    const max = s.int('max_gram', 2);
    checkGrams(min, max);
    return ngramTokenizer(n, min, max, s.list('token_chars') ?? [], true);
  },
  pattern: (n, s) => patternTokenizer(n, compileJavaRegex(s.str('pattern', '\\W+'), s.str('flags')), s.int('group', -1)),
  path_hierarchy: (n, s) => {
    const delimiter = s.str('delimiter', '/');
    if (delimiter.length !== 1) throw illegalArgument('delimiter can only be a one char value');
    const replacement = s.str('replacement', delimiter);
    if (replacement.length !== 1) throw illegalArgument('replacement can only be a one char value');
    return pathHierarchyTokenizer(n, delimiter, replacement, s.int('skip', 0), s.bool('reverse', false));
  },
};
TOKENIZERS['nGram'] = TOKENIZERS['ngram']!;
TOKENIZERS['edgeNGram'] = TOKENIZERS['edge_ngram']!;
TOKENIZERS['PathHierarchy'] = TOKENIZERS['path_hierarchy']!;

/** Stemmer names of ES's `stemmer` filter mapped to stem functions. */
function stemmerFor(language: string): { stem: (w: string) => string; keywordAware: boolean } {
  const lang = language.toLowerCase();
  switch (lang) {
    case 'english':
    case 'porter':
      return { stem: porterStem, keywordAware: true };
    case 'porter2':
      return { stem: snowballStemmer('english')!, keywordAware: true };
    case 'minimal_english':
    case 'light_english':
    case 'kstem':
      // KStem has no JavaScript implementation; the minimal English (plural) stemmer stands in.
      return { stem: englishMinimalStem, keywordAware: true };
    case 'possessive_english':
      return { stem: englishPossessive, keywordAware: false };
    case 'dutch_kp':
      return { stem: snowballStemmer('kp')!, keywordAware: true };
  }
  // light_* / minimal_* variants fall back to the language's Snowball stemmer.
  const base = lang.replace(/^(light|minimal)_/, '').replace(/^nynorsk$/, 'norwegian');
  const fn = snowballStemmer(base);
  if (!fn) throw illegalArgument(`Unknown stemmer language [${language}]`);
  return { stem: fn, keywordAware: true };
}

export const TOKEN_FILTERS: Record<string, Factory<TokenFilterComponent>> = {
  standard: (n) => simple.standardFilter(n),
  lowercase: (n, s) => simple.lowercaseFilter(n, s.str('language')),
  uppercase: (n) => simple.uppercaseFilter(n),
  asciifolding: (n, s) => asciiFoldingFilter(n, s.bool('preserve_original', false)),
  stop: (n, s) => {
    if (s.has('stopwords_path')) throw illegalArgument('stopwords_path is not supported');
    return stopFilter(n, resolveStopWords(s.list('stopwords'), ENGLISH_STOP_WORDS), s.bool('ignore_case', false), s.bool('remove_trailing', true));
  },
  length: (n, s) => simple.lengthFilter(n, s.int('min', 0), s.int('max', 2147483647)),
  trim: (n) => simple.trimFilter(n),
  truncate: (n, s) => {
    const len = s.int('length', 10);
    if (len <= 0) throw illegalArgument(`length parameter must be provided`);
    return simple.truncateFilter(n, len);
  },
  unique: (n, s) => simple.uniqueFilter(n, s.bool('only_on_same_position', false)),
  reverse: (n) => simple.reverseFilter(n),
  limit: (n, s) => simple.limitFilter(n, s.int('max_token_count', 1)),
  apostrophe: (n) => simple.apostropheFilter(n),
  decimal_digit: (n) => simple.decimalDigitFilter(n),
  classic: (n) => simple.classicFilter(n),
  porter_stem: (n) => stemFilter(n, porterStem),
  kstem: (n) => stemFilter(n, englishMinimalStem),
  snowball: (n, s) => {
    const language = s.str('language', s.str('name', 'English'));
    const fn = snowballStemmer(language);
    if (!fn) throw illegalArgument(`Invalid stemmer class specified: ${language}`);
    return stemFilter(n, fn);
  },
  stemmer: (n, s) => {
    const { stem, keywordAware } = stemmerFor(s.str('language', s.str('name', 'porter')));
    return stemFilter(n, stem, keywordAware);
  },
  ngram: (n, s) => {
    const min = s.int('min_gram', 1);
    const max = s.int('max_gram', 2);
    checkGrams(min, max);
    return ngramFilter(n, min, max, false);
  },
  edge_ngram: (n, s) => {
    const min = s.int('min_gram', 1);
    const max = s.int('max_gram', 2);
    checkGrams(min, max);
    return ngramFilter(n, min, max, true);
  },
  shingle: (n, s) => {
    const maxSize = s.int('max_shingle_size', 2);
    const minSize = s.int('min_shingle_size', 2);
    if (maxSize < 2) throw illegalArgument('Max shingle size must be >= 2');
    if (minSize < 2) throw illegalArgument('Min shingle size must be >= 2');
    if (minSize > maxSize) throw illegalArgument('Min shingle size must be <= max shingle size');
    return shingleFilter(n, {
      minSize,
      maxSize,
      outputUnigrams: s.bool('output_unigrams', true),
      outputUnigramsIfNoShingles: s.bool('output_unigrams_if_no_shingles', false),
      separator: s.str('token_separator', ' '),
      filler: s.str('filler_token', '_'),
    });
  },
  word_delimiter: (n, s) =>
    wordDelimiterFilter(n, {
      generateWordParts: s.bool('generate_word_parts', true),
      generateNumberParts: s.bool('generate_number_parts', true),
      catenateWords: s.bool('catenate_words', false),
      catenateNumbers: s.bool('catenate_numbers', false),
      catenateAll: s.bool('catenate_all', false),
      splitOnCaseChange: s.bool('split_on_case_change', true),
      preserveOriginal: s.bool('preserve_original', false),
      splitOnNumerics: s.bool('split_on_numerics', true),
      stemEnglishPossessive: s.bool('stem_english_possessive', true),
      protectedWords: new Set(s.list('protected_words') ?? []),
    }),
  elision: (n, s) => simple.elisionFilter(n, s.list('articles') ?? FRENCH_ARTICLES, s.bool('articles_case', false)),
  keyword_marker: (n, s) => {
    const pattern = s.str('keywords_pattern');
    const keywords = s.list('keywords');
    if (pattern !== undefined && keywords) throw illegalArgument('cannot specify both `keywords_pattern` and `keywords` or `keywords_path`');
    if (pattern === undefined && !keywords) throw illegalArgument('keyword filter requires either `keywords`, `keywords_path`, or `keywords_pattern` to be configured');
    return simple.keywordMarkerFilter(n, keywords ?? [], s.bool('ignore_case', false), pattern !== undefined ? compileJavaRegex(pattern) : undefined);
  },
  keep: (n, s) => {
    const words = s.list('keep_words');
    if (!words) throw illegalArgument('keep requires either `keep_words` or `keep_words_path` to be configured');
    return simple.keepWordsFilter(n, words, s.bool('keep_words_case', false));
  },
  keep_types: (n, s) => {
    const types = s.list('types');
    if (!types) throw illegalArgument("keep_types requires `types` to be configured");
    const mode = s.str('mode', 'include');
    if (mode !== 'include' && mode !== 'exclude') throw illegalArgument(`\`keep_types\` tokenfilter mode can only be [include] or [exclude] but was [${mode}].`);
    return simple.keepTypesFilter(n, types, mode === 'include');
  },
  pattern_replace: (n, s) => {
    const pattern = s.str('pattern');
    if (pattern === undefined) throw illegalArgument(`pattern is missing for [${n}] token filter of type 'pattern_replace'`);
    return simple.patternReplaceFilter(n, compileJavaRegex(pattern, s.str('flags')), javaReplacement(s.str('replacement', '')), s.bool('all', true));
  },
  synonym: (n, s) => {
    if (s.has('synonyms_path')) throw illegalArgument('synonyms_path is not supported');
    const rules = s.rawList('synonyms');
    if (!rules) throw illegalArgument('synonym requires either `synonyms` or `synonyms_path` to be configured');
    if (s.str('format', 'solr') === 'wordnet') throw illegalArgument('the wordnet synonym format is not supported');
    const ignoreCase = s.bool('ignore_case', false);
    return synonymFilter(n, parseSolrSynonyms(rules, s.bool('expand', true), ignoreCase), ignoreCase);
  },
  fingerprint: (n, s) => simple.fingerprintFilter(n, s.str('separator', ' '), s.int('max_output_size', 255)),
};
TOKEN_FILTERS['nGram'] = TOKEN_FILTERS['ngram']!;
TOKEN_FILTERS['edgeNGram'] = TOKEN_FILTERS['edge_ngram']!;
TOKEN_FILTERS['synonym_graph'] = TOKEN_FILTERS['synonym']!;

/** Unescape a mapping rule side as ES's MappingCharFilterFactory.parseString does. */
function unescapeMapping(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const n = s[++i];
    if (n === undefined) throw illegalArgument(`Invalid escaped char in [${s}]`);
    switch (n) {
      case '\\': out += '\\'; break;
      case 'n': out += '\n'; break;
      case 't': out += '\t'; break;
      case 'r': out += '\r'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'u':
        if (i + 4 >= s.length) throw illegalArgument(`Invalid escaped char in [${s}]`);
        out += String.fromCharCode(parseInt(s.slice(i + 1, i + 5), 16));
        i += 4;
        break;
      default: out += n;
    }
  }
  return out;
}

const MAPPING_RULE = /^(.*)\s*=>\s*(.*)\s*$/;

export const CHAR_FILTERS: Record<string, Factory<CharFilterComponent>> = {
  html_strip: (n, s) => htmlStripCharFilter(n, s.list('escaped_tags') ?? []),
  mapping: (n, s) => {
    const rules = s.rawList('mappings');
    if (!rules) throw illegalArgument('mapping requires either `mappings` or `mappings_path` to be configured');
    const pairs: Array<[string, string]> = [];
    for (const rule of rules) {
      const m = MAPPING_RULE.exec(rule);
      if (!m) throw illegalArgument(`Invalid Mapping Rule : [${rule}]`);
      const key = unescapeMapping(m[1]!.trim());
      if (key.length === 0) throw illegalArgument(`Invalid Mapping Rule : [${rule}]. Illegal mapping.`);
      pairs.push([key, unescapeMapping(m[2]!.trim())]);
    }
    return mappingCharFilter(n, pairs);
  },
  pattern_replace: (n, s) => {
    const pattern = s.str('pattern');
    if (pattern === undefined) throw illegalArgument(`pattern is missing for [${n}] char filter of type 'pattern_replace'`);
    return patternReplaceCharFilter(n, compileJavaRegex(pattern, s.str('flags')), s.str('replacement', ''));
  },
};
CHAR_FILTERS['htmlStrip'] = CHAR_FILTERS['html_strip']!;

/** Types that only exist with settings: a bare name does not resolve to them. */
export const REQUIRE_SETTINGS = {
  tokenizer: new Set<string>(),
  filter: new Set(['keyword_marker', 'keep', 'keep_types', 'pattern_replace', 'synonym', 'synonym_graph']),
  char_filter: new Set(['mapping', 'pattern_replace']),
};
