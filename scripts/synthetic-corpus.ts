/**
 * Synthetic documents shaped like `../shared/bench`'s corpus (issue 14's 1M-document rows): the
 * corpus has 226,974 real npm packages, so a million documents must be made up, and made up so
 * that cost growth with the number of documents is measured, not guessed.
 *
 * Model, learnt from the whole corpus once:
 * - document `i` takes its shape from corpus row `perm(i mod rows)` (a seeded permutation): its
 *   `version`, `downloads`, `scope` and the word count of its `summary`;
 * - `name` is that row's name, suffixed `-<k>` (k in base 36) for the k-th pass over the rows, so
 *   names stay unique (never a real name) and keep their real prefixes; `name_words` is derived from it as the corpus
 *   does (`nameWords`);
 * - `summary` is drawn from an order-1 Markov chain over the corpus's summary words (a word is
 *   followed by a successor with the frequency it has in the corpus; first words as often as they
 *   start a summary): every summary term keeps its corpus frequency, so postings grow as the real
 *   ones would, and adjacent pairs exist as in the corpus, so phrase queries keep matching.
 * Deterministic (fixed seed): two runs index the same documents.
 */
import { mulberry32 } from '../lib/units/seeded-random.js';
import { pathToFileURL } from 'node:url';

interface CorpusModule {
  docs(o: { n: number }): AsyncIterable<{ id: string; source: Record<string, unknown> }>;
  nameWords(name: string): string;
}

interface Row {
  name: string;
  version: string;
  downloads: number;
  scope: string;
  words: number;
}

export class SyntheticCorpus {
  private constructor(
    private readonly rows: Row[],
    private readonly perm: Int32Array,
    private readonly vocab: string[],
    /** Word ids that start a summary, one entry per summary (frequency-weighted). */
    private readonly starts: Int32Array,
    /** CSR successor lists: the successors of word w are succ[offsets[w] .. offsets[w + 1]). */
    private readonly offsets: Int32Array,
    private readonly succ: Int32Array,
    private readonly nameWords: (name: string) => string,
    /** The real names: a suffixed name never takes one of them (`a` pass 1 vs a real `a-1`). */
    private readonly realNames: ReadonlySet<string>,
  ) {}

  /** Learn the model from the whole corpus (`../shared/bench/corpus.mjs`). */
  static async load(corpusModulePath: string): Promise<SyntheticCorpus> {
    const corpus = (await import(pathToFileURL(corpusModulePath).href)) as CorpusModule;
    const rows: Row[] = [];
    const ids = new Map<string, number>();
    const vocab: string[] = [];
    const starts: number[] = [];
    const pairs: number[] = []; // (from, to) flattened
    const id = (w: string): number => {
      let n = ids.get(w);
      if (n === undefined) {
        n = vocab.length;
        vocab.push(w);
        ids.set(w, n);
      }
      return n;
    };
    for await (const d of corpus.docs({ n: Infinity })) {
      const s = d.source as { name: string; version: string; downloads: number; scope: string; summary: string };
      const words = s.summary.split(/\s+/).filter(Boolean);
      rows.push({ name: s.name, version: s.version, downloads: s.downloads, scope: s.scope, words: words.length });
      let prev = -1;
      for (const w of words) {
        const cur = id(w);
        if (prev < 0) starts.push(cur);
        else pairs.push(prev, cur);
        prev = cur;
      }
    }
    const offsets = new Int32Array(vocab.length + 1);
    for (let i = 0; i < pairs.length; i += 2) offsets[pairs[i]! + 1]!++;
    for (let w = 0; w < vocab.length; w++) offsets[w + 1]! += offsets[w]!;
    const fill = offsets.slice(0, vocab.length);
    const succ = new Int32Array(pairs.length / 2);
    for (let i = 0; i < pairs.length; i += 2) succ[fill[pairs[i]!]!++] = pairs[i + 1]!;
    const perm = new Int32Array(rows.length).map((_, i) => i);
    const r = mulberry32(0x5eed);
    for (let i = perm.length - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      [perm[i], perm[j]] = [perm[j]!, perm[i]!];
    }
    return new SyntheticCorpus(rows, perm, vocab, Int32Array.from(starts), offsets, succ, corpus.nameWords, new Set(rows.map((x) => x.name)));
  }

  /** Rows of the real corpus the model was learnt from. */
  get corpusRows(): number {
    return this.rows.length;
  }

  /** Document `i` (the same for the same `i`, whatever was generated before). */
  doc(i: number): { id: string; source: Record<string, unknown> } {
    const n = this.rows.length;
    const row = this.rows[this.perm[i % n]!]!;
    const pass = Math.floor(i / n);
    let name = pass === 0 ? row.name : `${row.name}-${pass.toString(36)}`;
    while (pass > 0 && this.realNames.has(name)) name += '-';
    const r = mulberry32(i ^ 0x9e3779b9);
    const words: string[] = [];
    let w = -1;
    for (let k = 0; k < row.words; k++) {
      const from = w < 0 ? 0 : this.offsets[w]!;
      const to = w < 0 ? 0 : this.offsets[w + 1]!;
      w = to > from ? this.succ[from + Math.floor(r() * (to - from))]! : this.starts[Math.floor(r() * this.starts.length)]!;
      words.push(this.vocab[w]!);
    }
    return {
      id: name,
      source: { name, version: row.version, downloads: row.downloads, summary: words.join(' '), scope: row.scope, name_words: this.nameWords(name) },
    };
  }

  /** A `_bulk` body of documents `from` .. `from + count - 1` (index actions with their ids). */
  bulkBody(from: number, count: number): string {
    const lines: string[] = [];
    for (let i = from; i < from + count; i++) {
      const d = this.doc(i);
      lines.push(JSON.stringify({ index: { _id: d.id } }), JSON.stringify(d.source));
    }
    return lines.join('\n') + '\n';
  }
}
