/**
 * The language models of the `phrase` suggester (ES 5.6 `WordScorer` and its
 * `StupidBackoffScorer`, `LaplaceScorer`, `LinearInterpolatingScorer`): the likelihood of a
 * candidate term after the one or two before it, from the frequencies of the unigram, and of the
 * bigram and trigram as shingles of the field (terms joined by `separator`). Frequencies are
 * total term frequencies over the shard's segments (document frequencies for a field without
 * them); the vocabulary is the field's sum of total term frequencies, and the term count is known
 * only for a single segment (Lucene's `MultiTerms.size()` is -1), as in ES.
 */
import type { SmoothingModel } from '../../dsl/suggest.js';
import type { SegmentReader } from '../../shard/segment-reader.js';

/** A term of a candidate phrase. */
export interface PhraseCandidate {
  term: string;
  /** Frequency of the term in the generator's field. */
  frequency: number;
  /** The channel probability: 1 for the input's own term, else its similarity. */
  stringDistance: number;
  /** The generator's rank of the candidate. */
  score: number;
  userInput: boolean;
}

/** Term frequencies of one field over a shard's segments. */
export class FieldFrequencies {
  readonly useTotalTermFreq: boolean;
  readonly sumTotalTermFreq: number;
  readonly numTerms: number;
  readonly maxDoc: number;
  constructor(
    private readonly segments: readonly SegmentReader[],
    private readonly field: string,
  ) {
    let sum = 0;
    let known = true;
    let maxDoc = 0;
    for (const seg of segments) {
      maxDoc += seg.maxDoc;
      const st = seg.fieldStats(field);
      if (!st) continue;
      if (st.sumTotalTermFreq < 0) known = false;
      sum += st.sumTotalTermFreq;
    }
    this.useTotalTermFreq = known;
    this.sumTotalTermFreq = known ? sum : -1;
    this.maxDoc = maxDoc;
    const withField = segments.filter((s) => s.terms(field).length > 0);
    this.numTerms = withField.length === 1 ? (withField[0] as SegmentReader).terms(field).length : -1;
  }

  /** Whether any segment has the field. */
  get exists(): boolean {
    return this.segments.some((s) => s.terms(this.field).length > 0);
  }

  frequency(term: string): number {
    let n = 0;
    for (const seg of this.segments) n += this.useTotalTermFreq ? seg.totalTermFreq(this.field, term) : seg.docFreq(this.field, term);
    return n;
  }
}

/** One smoothing model over a field's frequencies. */
export class WordScorer {
  private readonly vocabulary: number;
  private readonly numTerms: number;
  private readonly lambdas: [number, number, number];
  constructor(
    private readonly freqs: FieldFrequencies,
    private readonly realWordLikelihood: number,
    private readonly separator: string,
    private readonly model: SmoothingModel,
  ) {
    this.vocabulary = freqs.sumTotalTermFreq === -1 ? freqs.maxDoc : freqs.sumTotalTermFreq;
    this.numTerms = freqs.numTerms;
    if (model.kind === 'linear_interpolation') {
      const sum = model.unigramLambda + model.bigramLambda + model.trigramLambda;
      this.lambdas = [model.trigramLambda / sum, model.bigramLambda / sum, model.unigramLambda / sum];
    } else this.lambdas = [0, 0, 0];
  }

  private channel(c: PhraseCandidate): number {
    return c.stringDistance === 1 ? this.realWordLikelihood : c.stringDistance;
  }

  /** log10 of the channel × language model score of `path[at]`. */
  score(path: readonly PhraseCandidate[], at: number, gramSize: number): number {
    const w = path[at] as PhraseCandidate;
    let lm: number;
    if (at === 0 || gramSize === 1) lm = this.unigram(w);
    else if (at === 1 || gramSize === 2) lm = this.bigram(w, path[at - 1] as PhraseCandidate);
    else lm = this.trigram(w, path[at - 1] as PhraseCandidate, path[at - 2] as PhraseCandidate);
    return Math.log10(this.channel(w) * lm);
  }

  private join(...terms: string[]): number {
    return this.freqs.frequency(terms.join(this.separator));
  }

  private unigram(w: PhraseCandidate): number {
    if (this.model.kind === 'laplace') return (this.model.alpha + this.freqs.frequency(w.term)) / (this.vocabulary + this.model.alpha * this.numTerms);
    return (1 + this.freqs.frequency(w.term)) / (this.vocabulary + this.numTerms);
  }

  private bigram(w: PhraseCandidate, w1: PhraseCandidate): number {
    const m = this.model;
    const count = this.join(w1.term, w.term);
    if (m.kind === 'laplace') return (m.alpha + count) / (w1.frequency + m.alpha * this.numTerms);
    if (m.kind === 'stupid_backoff') return count < 1 ? m.discount * this.unigram(w) : count / (w1.frequency + 0.00000000001);
    const [, bl, ul] = this.lambdas;
    if (count < 1) return ul * this.unigram(w);
    return bl * (count / (0.5 + w1.frequency)) + ul * this.unigram(w);
  }

  private trigram(w: PhraseCandidate, w1: PhraseCandidate, w2: PhraseCandidate): number {
    const m = this.model;
    if (m.kind === 'laplace') {
      const tri = this.join(w2.term, w1.term, w.term);
      return (m.alpha + tri) / (this.join(w1.term, w.term) + m.alpha * this.numTerms);
    }
    if (m.kind === 'stupid_backoff') {
      const bi = this.join(w1.term, w.term);
      if (bi < 1) return m.discount * this.unigram(w);
      const tri = this.join(w2.term, w1.term, w.term);
      if (tri < 1) return m.discount * (bi / (w1.frequency + 0.00000000001));
      return tri / (bi + 0.00000000001);
    }
    // ES joins the trigram lookup in reverse order (w, w-1, w-2): kept, so the figures match
    const tri = this.join(w.term, w1.term, w2.term);
    if (tri < 1) return this.bigram(w, w1);
    return this.lambdas[0] * (tri / (1 + this.join(w.term, w1.term))) + this.bigram(w, w1);
  }
}
