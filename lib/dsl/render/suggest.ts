/**
 * The `suggest` element as ES 5.6 prints it: `SuggestBuilder.toXContent` — the global `text`
 * when given, then each suggestion (a Java HashMap: hash order of the names) as
 * `SuggestionBuilder.toXContent`: `text`/`prefix`/`regex` as given, then
 * `{suggester: {analyzer?, field, size?, shard_size?, ...innerToXContent}}`.
 *
 * term: TermSuggestionBuilder.innerToXContent (every option, enums by constant name, floats).
 * completion: FuzzyOptions / RegexOptions.toXContent, the `contexts` as given.
 * phrase: PhraseSuggestionBuilder.innerToXContent, `direct_generator` as
 * DirectCandidateGeneratorBuilder.toXContent (only the options set) and `collate` as given.
 */
import type { CompletionSuggestOptions, DirectGeneratorSpec, PhraseSuggestOptions, SmoothingModel, SuggestSpec, TermSuggestOptions } from '../suggest.js';
import { fromJsonHashMap, scriptNode } from './common.js';
import { javaHashSetOrder } from '../../units/java-hash.js';
import { fromJson, jdouble, jfloat, obj, type XNode, type XObject } from './xcontent.js';

/** Lucene `RegExp` flag values as ES's `RegexpFlag.resolveValue` ORs them. */
const REGEXP_FLAGS: Record<string, number> = { INTERSECTION: 1, COMPLEMENT: 2, EMPTY: 4, ANYSTRING: 8, INTERVAL: 32, NONE: 0, ALL: 0xffff };

function regexpFlagsValue(text: string): number {
  if (text.trim() === '') return 0xffff;
  let v = 0;
  for (const part of text.split('|')) v |= Object.prototype.hasOwnProperty.call(REGEXP_FLAGS, part.trim().toUpperCase()) ? (REGEXP_FLAGS[part.trim().toUpperCase()] as number) : 0;
  return v;
}

function termOptions(o: TermSuggestOptions): Array<[string, XNode]> {
  return [
    ['suggest_mode', o.suggestMode.toUpperCase()],
    ['accuracy', jfloat(o.accuracy)],
    ['sort', o.sort.toUpperCase()],
    ['string_distance', o.stringDistance.toUpperCase()],
    ['max_edits', o.maxEdits],
    ['max_inspections', o.maxInspections],
    ['max_term_freq', jfloat(o.maxTermFreq)],
    ['prefix_length', o.prefixLength],
    ['min_word_length', o.minWordLength],
    ['min_doc_freq', jfloat(o.minDocFreq)],
  ];
}

function completionOptions(o: CompletionSuggestOptions): Array<[string, XNode | undefined]> {
  const f = o.fuzzy;
  // FuzzyOptions keeps Fuzziness.asDistance(): AUTO without a term counts 5 characters, so 1 edit
  const fuzzy = f
    ? obj(['fuzziness', f.fuzziness < 0 ? 1 : f.fuzziness], ['transpositions', f.transpositions], ['min_length', f.minLength], ['prefix_length', f.prefixLength], ['unicode_aware', f.unicodeAware], ['max_determinized_states', f.maxDeterminizedStates ?? 10000])
    : undefined;
  const regexGiven = o.regexFlags !== undefined || o.maxDeterminizedStates !== undefined;
  const regex = regexGiven ? obj(['flags_value', regexpFlagsValue(o.regexFlags ?? 'ALL')], ['max_determinized_states', o.maxDeterminizedStates ?? 10000]) : undefined;
  return [
    ['fuzzy', fuzzy],
    ['regex', regex],
    ['contexts', o.contextsRaw ? fromJson(o.contextsRaw) : undefined],
  ];
}

/** `SmoothingModel.toXContent`: `{name: {its parameters as doubles}}`. */
function smoothingNode(m: SmoothingModel): XObject {
  if (m.kind === 'stupid_backoff') return obj([m.kind, obj(['discount', jdouble(m.discount)])]);
  if (m.kind === 'laplace') return obj([m.kind, obj(['alpha', jdouble(m.alpha)])]);
  return obj([m.kind, obj(['trigram_lambda', jdouble(m.trigramLambda)], ['bigram_lambda', jdouble(m.bigramLambda)], ['unigram_lambda', jdouble(m.unigramLambda)])]);
}

function phraseOptions(o: PhraseSuggestOptions): Array<[string, XNode | undefined]> {
  return [
    ['real_word_error_likelihood', jfloat(o.realWordErrorLikelihood)],
    ['confidence', jfloat(o.confidence)],
    ['separator', o.separator],
    ['max_errors', jfloat(o.maxErrors)],
    ['gram_size', o.gramSize],
    ['force_unigrams', o.forceUnigrams],
    ['token_limit', o.tokenLimit],
    ['direct_generator', o.generators.length > 0 ? o.generators.map(generatorNode) : undefined],
    ['smoothing', o.smoothingGiven ? smoothingNode(o.smoothing) : undefined],
    ['highlight', o.highlight ? obj(['pre_tag', o.highlight.preTag], ['post_tag', o.highlight.postTag]) : undefined],
    ['collate', o.collate?.script ? obj(['query', scriptNode(o.collate.script)], ['params', o.collate.givenParams ? fromJsonHashMap(o.collate.givenParams) : undefined], ['prune', o.collate.prune]) : undefined],
  ];
}

/** DirectCandidateGeneratorBuilder.toXContent's order; floats print as Java floats. */
const GENERATOR_ORDER = ['field', 'accuracy', 'max_edits', 'max_inspections', 'max_term_freq', 'min_word_length', 'min_doc_freq', 'pre_filter', 'prefix_length', 'post_filter', 'suggest_mode', 'sort', 'string_distance', 'size'];
const GENERATOR_FLOATS = new Set(['accuracy', 'max_term_freq', 'min_doc_freq']);

/** One `direct_generator`: the options the request set (the last one given wins), in ES's order. */
function generatorNode(g: DirectGeneratorSpec): XObject {
  const given = new Map(g.given ?? [['field', g.field]]);
  return obj(
    ...GENERATOR_ORDER.map((k): [string, XNode | undefined] => {
      const v = given.get(k);
      return [k, v === undefined ? undefined : typeof v === 'number' && GENERATOR_FLOATS.has(k) ? jfloat(v) : v];
    }),
  );
}

/** One suggestion's object (`SuggestionBuilder.toXContent`). */
function suggestionNode(s: SuggestSpec): XObject {
  const own: Array<[string, XNode | undefined]> = s.term ? termOptions(s.term) : s.completion ? completionOptions(s.completion) : s.phrase ? phraseOptions(s.phrase) : [];
  return obj(
    [s.textKey ?? 'text', s.textKey !== undefined ? s.text : undefined],
    [s.kind, obj(['analyzer', s.analyzer], ['field', s.field], ['size', s.sizeGiven ? s.size : undefined], ['shard_size', s.shardSize], ...own)],
  );
}

/** `SuggestBuilder.toXContent`. */
export function renderSuggest(specs: readonly SuggestSpec[]): XObject {
  const byName = new Map(specs.map((s) => [s.name, s]));
  const out: XObject = obj(['text', specs[0]?.globalText]);
  for (const name of javaHashSetOrder([...byName.keys()])) out.set(name, suggestionNode(byName.get(name) as SuggestSpec));
  return out;
}
