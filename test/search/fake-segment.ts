/**
 * An in-memory SegmentReader for unit tests of query execution: documents given as field →
 * text (whitespace tokenized, lowercased) or field → keyword/number terms, with Lucene 6 BM25
 * norms, positions, doc values and stored sources.
 */
import { encodeBm25Norm } from '../../storage/codecs/small-float.js';
import type { FieldStats, Postings, SegmentReader, TermList } from '../../lib/shard/segment-reader.js';
import { termListOf } from '../../storage/codecs/term-list.js';
import type { StoredDocument } from '../../lib/shard/types.js';

export interface FakeDoc {
  type?: string;
  id: string;
  /** analyzed text fields */
  text?: Record<string, string>;
  /** untokenized terms (keyword-like, no norms) */
  terms?: Record<string, string[]>;
  numbers?: Record<string, number[]>;
  source?: Record<string, unknown>;
}

interface FieldData {
  postings: Map<string, { docs: number[]; freqs: number[]; positions: number[][] }>;
  norms?: Uint8Array;
  stats: FieldStats;
}

export class FakeSegment implements SegmentReader {
  readonly name: string;
  readonly maxDoc: number;
  readonly numDocs: number;
  private readonly data = new Map<string, FieldData>();
  private readonly sortedTerms = new Map<string, string[]>();
  private readonly numericDv = new Map<string, Map<number, number[]>>();
  private readonly deleted = new Set<number>();

  constructor(
    private readonly docs: FakeDoc[],
    name = '_0',
    deleted: number[] = [],
  ) {
    this.name = name;
    this.maxDoc = docs.length;
    for (const d of deleted) this.deleted.add(d);
    this.numDocs = docs.length - this.deleted.size;
    docs.forEach((doc, d) => {
      for (const [field, text] of Object.entries(doc.text ?? {})) {
        const toks = text.toLowerCase().split(/\s+/).filter(Boolean);
        const fd = this.field(field, true);
        toks.forEach((t, pos) => this.add(fd, t, d, pos));
        (fd.norms as Uint8Array)[d] = encodeBm25Norm(toks.length);
        fd.stats.docCount++;
        fd.stats.sumTotalTermFreq += toks.length;
      }
      for (const [field, terms] of Object.entries(doc.terms ?? {})) {
        const fd = this.field(field, false);
        terms.forEach((t, pos) => this.add(fd, t, d, pos));
        fd.stats.docCount++;
        fd.stats.sumTotalTermFreq += terms.length;
      }
      for (const [field, nums] of Object.entries(doc.numbers ?? {})) {
        let m = this.numericDv.get(field);
        if (!m) this.numericDv.set(field, (m = new Map()));
        m.set(d, [...nums].sort((a, b) => a - b));
      }
    });
    for (const [f, fd] of this.data) {
      this.sortedTerms.set(f, [...fd.postings.keys()].sort());
      for (const p of fd.postings.values()) fd.stats.sumDocFreq += p.docs.length;
    }
  }

  private field(name: string, norms: boolean): FieldData {
    let fd = this.data.get(name);
    if (!fd) {
      fd = { postings: new Map(), stats: { docCount: 0, sumDocFreq: 0, sumTotalTermFreq: 0 }, ...(norms ? { norms: new Uint8Array(this.docs.length) } : {}) };
      this.data.set(name, fd);
    }
    return fd;
  }

  private add(fd: FieldData, term: string, doc: number, pos: number): void {
    let p = fd.postings.get(term);
    if (!p) fd.postings.set(term, (p = { docs: [], freqs: [], positions: [] }));
    if (p.docs[p.docs.length - 1] !== doc) {
      p.docs.push(doc);
      p.freqs.push(0);
      p.positions.push([]);
    }
    p.freqs[p.freqs.length - 1]!++;
    p.positions[p.positions.length - 1]!.push(pos);
  }

  isLive(doc: number): boolean {
    return !this.deleted.has(doc);
  }
  fields(): string[] {
    return [...this.data.keys()];
  }
  fieldStats(field: string): FieldStats | undefined {
    return this.data.get(field)?.stats;
  }
  docFreq(field: string, term: string): number {
    return this.data.get(field)?.postings.get(term)?.docs.length ?? 0;
  }
  totalTermFreq(field: string, term: string): number {
    return this.data.get(field)?.postings.get(term)?.freqs.reduce((a, b) => a + b, 0) ?? 0;
  }
  terms(field: string): TermList {
    return termListOf(this.sortedTerms.get(field) ?? []);
  }
  async postings(field: string, term: string): Promise<Postings | null> {
    const p = this.data.get(field)?.postings.get(term);
    if (!p) return null;
    const posStart = new Int32Array(p.docs.length + 1);
    const flat: number[] = [];
    p.positions.forEach((ps, i) => {
      posStart[i] = flat.length;
      flat.push(...ps);
    });
    posStart[p.docs.length] = flat.length;
    return { docs: Int32Array.from(p.docs), freqs: Int32Array.from(p.freqs), positions: Int32Array.from(flat), posStart };
  }
  norm(field: string, doc: number): number {
    return this.data.get(field)?.norms?.[doc] ?? 0;
  }
  hasNorms(field: string): boolean {
    return this.data.get(field)?.norms !== undefined;
  }
  numericValues(field: string, doc: number): readonly number[] {
    return this.numericDv.get(field)?.get(doc) ?? [];
  }
  stringValues(field: string, doc: number): readonly string[] {
    const d = this.docs[doc];
    return [...new Set(d?.terms?.[field] ?? [])].sort();
  }
  hasDocValues(field: string): boolean {
    return this.numericDv.has(field);
  }
  docType(doc: number): string {
    return this.docs[doc]?.type ?? 'doc';
  }
  docId(doc: number): string {
    return this.docs[doc]?.id ?? '';
  }
  async document(doc: number): Promise<StoredDocument> {
    const d = this.docs[doc] as FakeDoc;
    return { type: d.type ?? 'doc', id: d.id, version: 1, source: Buffer.from(JSON.stringify(d.source ?? {})), stored: {} };
  }
}
