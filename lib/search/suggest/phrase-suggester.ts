/**
 * The `phrase` suggester on one shard (ES 5.6 `PhraseSuggester` and
 * `NoisyChannelSpellChecker`): the text is analyzed into one candidate set per position (the
 * input's own term, its synonyms, and the corrections each `direct_generator` draws from its
 * field with the term suggester's spell checker); every combination with at most `max_errors`
 * corrected positions is scored by the channel probability times the smoothed language model
 * (word-scorer.ts) — summed as log10 and raised with `exp`, as ES does — and the best
 * `shard_size` phrases scoring above the input's own score × `confidence` are kept, optionally
 * highlighted and checked by a `collate` query.
 */
import type { DirectGeneratorSpec, PhraseSuggestOptions, SuggestSpec } from '../../dsl/suggest.js';
import type { ShardSuggestOption, ShardSuggestion } from '../../messages/shard-suggest.js';
import type { SegmentReader } from '../../shard/segment-reader.js';
import type { Analyzer } from '../../analysis/types.js';
import { EsError } from '../../errors/errors.js';
import { suggestSimilar } from './term-suggester.js';
import { FieldFrequencies, WordScorer, type PhraseCandidate } from './word-scorer.js';

/** What the phrase suggester needs from the shard beyond its segments. */
export interface PhraseEnv {
  analyzer: Analyzer;
  /** Analyzers by name (generators' pre and post filters). */
  analyzerNamed(name: string): Analyzer;
  /** Default `gram_size` and whether unigrams are emitted (the field's shingle filter). */
  gramSize: number;
  /** Whether any document of the shard matches the rendered collate query. */
  collateMatches?(phrase: string): Promise<boolean>;
}

class Generator {
  readonly freqs: FieldFrequencies;
  private readonly plateau: number;
  private readonly pre?: Analyzer;
  private readonly post?: Analyzer;
  constructor(
    private readonly segments: readonly SegmentReader[],
    readonly spec: DirectGeneratorSpec,
    env: PhraseEnv,
    private readonly nonErrorLikelihood: number,
  ) {
    this.freqs = new FieldFrequencies(segments, spec.field);
    const t = spec.options.minDocFreq;
    this.plateau = t >= 1 ? Math.trunc(t) : Math.trunc(this.freqs.maxDoc * t);
    if (spec.preFilter !== undefined) this.pre = env.analyzerNamed(spec.preFilter);
    if (spec.postFilter !== undefined) this.post = env.analyzerNamed(spec.postFilter);
  }

  private preFilter(term: string): string {
    if (!this.pre) return term;
    const toks = this.pre.analyze(term);
    return toks.length === 0 ? '' : (toks[toks.length - 1] as { term: string }).term;
  }

  frequency(term: string): number {
    return this.freqs.frequency(this.preFilter(term));
  }

  private rank(freq: number, distance: number): number {
    return distance * ((freq + 1) / (this.freqs.maxDoc + 1));
  }

  /** The input term's own candidate. */
  original(term: string): PhraseCandidate {
    const frequency = this.frequency(term);
    return { term, frequency, stringDistance: 1, score: this.rank(frequency, 1), userInput: true };
  }

  /** `DirectCandidateGenerator.drawCandidates`. */
  draw(original: PhraseCandidate): PhraseCandidate[] {
    const term = this.preFilter(original.term);
    const f = original.frequency;
    const threshold = this.spec.options.suggestMode === 'always' || f <= 0 ? 0 : Math.max(0, Math.round(f * (Math.log10(f - this.plateau) * (1 / Math.log10(5))) + 1));
    const words = suggestSimilar({ segments: this.segments }, this.spec.field, term, { ...this.spec.options, minDocFreq: threshold }, this.spec.size, this.freqs.maxDoc);
    const out: PhraseCandidate[] = [];
    for (const w of words) {
      const c: PhraseCandidate = { term: w.term, frequency: this.freqs.frequency(w.term), stringDistance: w.score, score: this.rank(w.freq, w.score), userInput: false };
      if (!this.post) {
        out.push(c);
        continue;
      }
      let prev: number | undefined;
      for (const tok of this.post.analyze(c.term)) {
        const inc = prev === undefined ? 1 : tok.position - prev;
        prev = tok.position;
        if (inc > 0 && tok.term === c.term) out.push({ ...c, term: tok.term, frequency: this.freqs.frequency(tok.term) });
        else out.push({ ...c, term: tok.term, stringDistance: this.nonErrorLikelihood, userInput: false });
      }
    }
    return out;
  }
}

interface CandidateSet {
  original: PhraseCandidate;
  candidates: PhraseCandidate[];
}

interface Correction {
  score: number;
  path: PhraseCandidate[];
}

/** `Correction.compareTo`: the score, then earlier terms are stronger. */
function compareCorrections(a: Correction, b: Correction): number {
  if (a.score !== b.score) return a.score < b.score ? -1 : 1;
  const n = Math.min(a.path.length, b.path.length);
  for (let i = 0; i < n; i++) {
    const x = (a.path[i] as PhraseCandidate).term;
    const y = (b.path[i] as PhraseCandidate).term;
    if (x !== y) return x < y ? 1 : -1;
  }
  return a.path.length - b.path.length;
}

/** `CandidateScorer.findBestCandiates`: the best `max` corrections above `cutoff`, best first. */
function bestCorrections(sets: CandidateSet[], scorer: WordScorer, gramSize: number, maxErrors: number, max: number, cutoff: number): Correction[] {
  const kept: Correction[] = [];
  const offer = (path: PhraseCandidate[], logScore: number): void => {
    const score = Math.exp(logScore);
    if (!(score > cutoff)) return;
    const c = { score, path: [...path] };
    if (kept.length < max) kept.push(c);
    else {
      let worst = 0;
      for (let i = 1; i < kept.length; i++) if (compareCorrections(kept[i] as Correction, kept[worst] as Correction) < 0) worst = i;
      if (compareCorrections(kept[worst] as Correction, c) < 0) kept[worst] = c;
    }
  };
  const path: PhraseCandidate[] = new Array<PhraseCandidate>(sets.length);
  const walk = (ord: number, left: number, pathScore: number): void => {
    const cur = sets[ord] as CandidateSet;
    const step = (c: PhraseCandidate): number => {
      path[ord] = c;
      return pathScore + scorer.score(path, ord, gramSize);
    };
    if (ord === sets.length - 1) {
      offer(path, step(cur.original));
      if (left > 0) for (const c of cur.candidates) offer(path, step(c));
      return;
    }
    walk(ord + 1, left, step(cur.original));
    if (left > 0) for (const c of cur.candidates) walk(ord + 1, left - 1, step(c));
  };
  const errors = maxErrors >= 1 ? Math.trunc(maxErrors) : Math.round(maxErrors * sets.length);
  walk(0, Math.max(1, errors), 0);
  return kept.sort((a, b) => compareCorrections(b, a));
}

function inputScore(sets: CandidateSet[], scorer: WordScorer, gramSize: number): number {
  const path = sets.map((s) => s.original);
  let sum = 0;
  for (let i = 0; i < path.length; i++) sum += scorer.score(path, i, gramSize);
  return Math.exp(sum);
}

function joinPath(path: readonly PhraseCandidate[], tags?: { preTag: string; postTag: string }): string {
  return path
    .map((c, i) => {
      if (!tags || c.userInput) return c.term;
      const open = i === 0 || (path[i - 1] as PhraseCandidate).userInput ? tags.preTag : '';
      const close = i === path.length - 1 || (path[i + 1] as PhraseCandidate).userInput ? tags.postTag : '';
      return open + c.term + close;
    })
    .join(' ');
}

/** The candidate sets of the analyzed text: one per position (synonyms join the set before). */
function candidateSets(text: string, env: PhraseEnv, first: Generator, requireUnigram: boolean, realWord: number): CandidateSet[] {
  const sets: CandidateSet[] = [];
  let anyUnigram = false;
  let anyTokens = false;
  let prevPos: number | undefined;
  for (const tok of env.analyzer.analyze(text)) {
    anyTokens = true;
    const samePos = prevPos !== undefined && tok.position === prevPos;
    prevPos = tok.position;
    if (requireUnigram && tok.type === 'shingle') continue;
    anyUnigram = true;
    const last = sets[sets.length - 1];
    if (samePos && tok.type === 'SYNONYM' && last) {
      const f = first.frequency(tok.term);
      if (f > 0) last.candidates.push({ term: tok.term, frequency: f, stringDistance: realWord, score: 0, userInput: false });
    } else sets.push({ original: first.original(tok.term), candidates: [] });
  }
  if (requireUnigram && !anyUnigram && anyTokens) throw new EsError('illegal_state_exception', 500, 'At least one unigram is required but all tokens were ngrams');
  return sets;
}

/** Run a `phrase` suggestion on a shard. */
export async function phraseSuggest(segments: readonly SegmentReader[], spec: SuggestSpec, env: PhraseEnv): Promise<ShardSuggestion> {
  const o = spec.phrase as PhraseSuggestOptions;
  const shardSize = spec.shardSize ?? Math.max(spec.size, 5);
  const entry = { text: spec.text, offset: 0, length: spec.text.length };
  const gens = o.generators.map((g) => new Generator(segments, g, env, o.realWordErrorLikelihood)).filter((g) => g.freqs.exists);
  const suggestFreqs = new FieldFrequencies(segments, spec.field);
  const first = gens[0];
  if (!first || !suggestFreqs.exists) {
    return { name: spec.name, kind: 'phrase', size: spec.size, entries: [{ ...entry, options: [], cutoffScore: Number.MIN_VALUE }] };
  }
  const gramSize = o.gramSize ?? env.gramSize;
  const scorer = new WordScorer(suggestFreqs, o.realWordErrorLikelihood, o.separator, o.smoothing);
  const sets = candidateSets(spec.text, env, first, o.forceUnigrams, o.realWordErrorLikelihood);
  if (sets.length === 0 || sets.length >= o.tokenLimit) {
    return { name: spec.name, kind: 'phrase', size: spec.size, entries: [{ ...entry, options: [], cutoffScore: Number.MIN_VALUE }] };
  }
  for (const set of sets) {
    const byTerm = new Map(set.candidates.map((c) => [c.term, c]));
    for (const g of gens) for (const c of g.draw(set.original)) if (!byTerm.has(c.term)) byTerm.set(c.term, c);
    let cands = [...byTerm.values()];
    if (cands.length > shardSize) cands = cands.sort((a, b) => b.score - a.score).slice(0, shardSize);
    set.candidates = cands;
  }
  const cutoff = o.confidence > 0 ? inputScore(sets, scorer, gramSize) * o.confidence : Number.MIN_VALUE;
  const options: ShardSuggestOption[] = [];
  for (const c of bestCorrections(sets, scorer, gramSize, o.maxErrors, shardSize, cutoff)) {
    const text = joinPath(c.path);
    let collateMatch: boolean | undefined;
    if (o.collate && env.collateMatches) {
      const matched = await env.collateMatches(text);
      if (!matched && !o.collate.prune) continue;
      if (o.collate.prune) collateMatch = matched;
    }
    options.push({
      text,
      ...(o.highlight ? { highlighted: joinPath(c.path, o.highlight) } : {}),
      score: Math.fround(c.score),
      ...(collateMatch !== undefined ? { collateMatch } : {}),
    });
  }
  return { name: spec.name, kind: 'phrase', size: spec.size, entries: [{ ...entry, options, cutoffScore: cutoff }] };
}
