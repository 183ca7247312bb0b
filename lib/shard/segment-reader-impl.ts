/**
 * SegmentReader over a sealed segment's in-memory core plus one published live-docs snapshot.
 * Postings blocks and stored documents are read from LevelDB through the shared LRU cache.
 */
import type { ShardQueryCache } from '../search/query-cache.js';
import type { DocIds } from '../../storage/codecs/doc-ids.js';
import type { DocValuesColumn } from '../../storage/codecs/doc-values.js';
import { isLiveBit } from '../../storage/codecs/live-docs.js';
import { decodePostings } from '../../storage/codecs/postings.js';
import type { FieldInfo } from '../../storage/codecs/segment-info.js';
import { decodeStoredDoc } from '../../storage/codecs/stored-doc.js';
import { chunkOf } from '../../storage/codecs/term-dict.js';
import { PackedTermList, type TermList } from '../../storage/codecs/term-list.js';
import { chunkBlock } from '../../storage/codecs/postings-chunk.js';
import { postingsKey } from '../../storage/keyspace.js';
import { readStoredDoc, readStoredDocs, scanStoredDocs } from '../../storage/stored-docs.js';
import type { SegmentCore } from '../../storage/segment-core.js';
import type { ShardStore } from '../../storage/shard-store.js';
import type { SegmentLru } from '../search/segment-lru.js';
import type { FieldStats, Postings, ReaderCaches, StoredDocCache, StrataSegmentReader } from './segment-reader.js';
import type { SegmentState } from './segment-state.js';
import type { StoredDocument } from './types.js';

const EMPTY: readonly never[] = Object.freeze([]);
const NO_TERMS: TermList = PackedTermList.EMPTY;
const NO_DOCS = new Int32Array(0);

/** Root docs per type of a segment's doc-id column, built on first use (segments are immutable). */
const typeDocsMemo = new WeakMap<DocIds, Map<string, Int32Array>>();

function docsByType(d: DocIds): Map<string, Int32Array> {
  let m = typeDocsMemo.get(d);
  if (m) return m;
  const counts = new Int32Array(d.types.length);
  for (let doc = 0; doc < d.typeOrd.length; doc++) if ((d.pathOrd[doc] as number) < 0) counts[d.typeOrd[doc] as number]!++;
  const lists = Array.from(counts, (n) => new Int32Array(n));
  const fill = new Int32Array(d.types.length);
  for (let doc = 0; doc < d.typeOrd.length; doc++) {
    if ((d.pathOrd[doc] as number) >= 0) continue;
    const t = d.typeOrd[doc] as number;
    lists[t]![fill[t]!++] = doc;
  }
  m = new Map(d.types.map((t, i) => [t, lists[i]!]));
  typeDocsMemo.set(d, m);
  return m;
}

/** A postings block's key in its segment's part of the cache. */
function cacheKey(field: string, term: string): string {
  return `${field}\u0000${term}`;
}

export class SegmentReaderImpl implements StrataSegmentReader {
  readonly name: string;
  readonly maxDoc: number;
  readonly numDocs: number;
  private readonly core: SegmentCore;
  private readonly cache: SegmentLru<string, Postings>;
  readonly queryCache?: ShardQueryCache;
  readonly storedDocCache?: StoredDocCache;

  constructor(
    readonly state: SegmentState,
    private readonly live: Uint8Array | null,
    delCount: number,
    private readonly db: ShardStore,
    caches: ReaderCaches,
  ) {
    this.cache = caches.postings;
    if (caches.query) this.queryCache = caches.query;
    if (caches.storedDocs) this.storedDocCache = caches.storedDocs;
    if (!state.core) throw new Error(`segment ${state.name} is not sealed`);
    this.core = state.core;
    this.name = state.name;
    this.maxDoc = this.core.info.maxDoc;
    this.numDocs = this.maxDoc - delCount;
  }

  get segmentKey(): object {
    return this.state;
  }

  get deletedDocs(): number {
    return this.maxDoc - this.numDocs;
  }

  get sizeInBytes(): number {
    return this.core.info.sizeInBytes;
  }

  isLive(doc: number): boolean {
    return this.live === null || isLiveBit(this.live, doc);
  }

  fields(): string[] {
    return [...this.core.fields.keys()];
  }

  fieldInfo(field: string): FieldInfo | undefined {
    return this.core.fields.get(field)?.info;
  }

  fieldStats(field: string): FieldStats | undefined {
    const f = this.core.fields.get(field);
    if (!f) return undefined;
    return { docCount: f.info.docCount, sumDocFreq: f.info.sumDocFreq, sumTotalTermFreq: f.info.sumTotalTermFreq };
  }

  docFreq(field: string, term: string): number {
    const f = this.core.fields.get(field);
    if (!f) return 0;
    const i = f.dict.terms.indexOf(term);
    return i < 0 ? 0 : (f.dict.docFreq[i] as number);
  }

  totalTermFreq(field: string, term: string): number {
    const f = this.core.fields.get(field);
    if (!f) return 0;
    const i = f.dict.terms.indexOf(term);
    return i < 0 ? 0 : (f.dict.totalTermFreq?.[i] ?? -1);
  }

  terms(field: string): TermList {
    return this.core.fields.get(field)?.dict.terms ?? NO_TERMS;
  }

  async postings(field: string, term: string): Promise<Postings | null> {
    const [p] = await this.postingsMany(field, [term]);
    return p ?? null;
  }

  async postingsMany(field: string, terms: readonly string[]): Promise<Array<Postings | null>> {
    const out: Array<Postings | null> = new Array(terms.length).fill(null);
    const f = this.core.fields.get(field);
    if (!f) return out;
    // Misses grouped by chunk: one LevelDB value per chunk however many of its terms we need.
    const misses = new Map<number, Array<{ i: number; slot: number }>>();
    for (let i = 0; i < terms.length; i++) {
      const term = terms[i] as string;
      const ti = f.dict.terms.indexOf(term);
      if (ti < 0) continue;
      const cached = this.cache.get(this.state, cacheKey(field, term));
      if (cached) {
        out[i] = cached;
        continue;
      }
      const { chunk, slot } = chunkOf(f.dict.blockStart, ti);
      let list = misses.get(chunk);
      if (!list) misses.set(chunk, (list = []));
      list.push({ i, slot });
    }
    if (misses.size === 0) return out;
    const chunks = [...misses.keys()];
    const vals = await this.db.getMany(chunks.map((c) => postingsKey(this.core.info.id, field, c)));
    chunks.forEach((c, j) => {
      const v = vals[j];
      if (!v) throw new Error(`corrupt shard: postings chunk ${c} of [${field}] missing in segment ${this.name}`);
      for (const { i, slot } of misses.get(c)!) {
        const p = decodePostings(chunkBlock(v, slot));
        this.cache.set(this.state, cacheKey(field, terms[i] as string), p, 64 + p.docs.length * 8 + (p.positions?.length ?? 0) * 4 * (p.startOffsets ? 3 : 1));
        out[i] = p;
      }
    });
    return out;
  }

  norm(field: string, doc: number): number {
    return this.core.fields.get(field)?.norms?.[doc] ?? 0;
  }

  normBytes(field: string): Uint8Array | undefined {
    return this.core.fields.get(field)?.norms;
  }

  hasNorms(field: string): boolean {
    return this.core.fields.get(field)?.norms !== undefined;
  }

  docValuesColumn(field: string): DocValuesColumn | undefined {
    return this.core.docValues.get(field);
  }

  hasDocValues(field: string): boolean {
    return this.core.docValues.has(field);
  }

  numericValues(field: string, doc: number): readonly number[] {
    const c = this.core.docValues.get(field);
    if (!c || c.kind !== 'numeric') return EMPTY;
    const s = c.start[doc] as number;
    const e = c.start[doc + 1] as number;
    if (s === e) return EMPTY;
    return Array.from(c.values.subarray(s, e));
  }

  stringValues(field: string, doc: number): readonly string[] {
    const c = this.core.docValues.get(field);
    if (!c || c.kind !== 'string') return EMPTY;
    const s = c.start[doc] as number;
    const e = c.start[doc + 1] as number;
    if (s === e) return EMPTY;
    const out = new Array<string>(e - s);
    for (let i = s; i < e; i++) out[i - s] = c.terms[c.ords[i] as number] as string;
    return out;
  }

  docType(doc: number): string {
    const d = this.core.docIds;
    return d.types[d.typeOrd[doc] as number] as string;
  }

  docId(doc: number): string {
    return this.core.docIds.ids[doc] as string;
  }

  typeDocs(type: string): Int32Array {
    return docsByType(this.core.docIds).get(type) ?? NO_DOCS;
  }

  docVersion(doc: number): number {
    return this.core.docIds.versions[doc] as number;
  }

  docSeqNo(doc: number): number {
    return this.core.docIds.seqNos[doc] as number;
  }

  nestedPath(doc: number): string | undefined {
    const p = this.core.docIds.pathOrd[doc] as number;
    return p < 0 ? undefined : this.core.docIds.nestedPaths[p];
  }

  nestedOffset(doc: number): number {
    return this.core.docIds.nestedOffset[doc] as number;
  }

  rootDoc(doc: number): number {
    const pathOrd = this.core.docIds.pathOrd;
    let d = doc;
    while (d < this.maxDoc && (pathOrd[d] as number) >= 0) d++;
    return d;
  }

  async document(doc: number): Promise<StoredDocument> {
    const root = this.rootDoc(doc);
    return this.decoded(await readStoredDoc(this.db, this.core, root), root);
  }

  async documents(docs: readonly number[]): Promise<StoredDocument[]> {
    const roots = docs.map((d) => this.rootDoc(d));
    const vals = await readStoredDocs(this.db, this.core, roots);
    return vals.map((v, i) => this.decoded(v, roots[i]!));
  }

  async documentsInRange(docs: readonly number[]): Promise<StoredDocument[]> {
    // only the docs asked for are decoded; the range's others (non-matches) are skipped
    const vals = await scanStoredDocs(this.db, this.core, docs);
    return vals.map((v, i) => this.decoded(v, docs[i]!));
  }

  private decoded(v: Uint8Array | undefined, root: number): StoredDocument {
    if (!v) throw new Error(`corrupt shard: stored document ${root} missing in segment ${this.name}`);
    return decodeStoredDoc(v);
  }
}
