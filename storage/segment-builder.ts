/**
 * The indexing buffer: an in-memory segment being built from ParsedDocuments, like Lucene's
 * DocumentsWriterPerThread. Documents get consecutive doc numbers (nested documents first,
 * then their root, as Lucene block-joins index them). Postings accumulate per field as one row
 * per token in a few typed arrays (nothing per term but its string and a hash slot, nothing
 * per token but the row): the buffer lives until the next refresh, so everything it allocates
 * survives young-generation collections and is costly to the old-generation GC, and a token that
 * appends to the same arrays as the one before touches no other memory (Lucene for the same
 * reasons writes postings into shared byte-slice pools).
 * storage/segment-writer.ts freezes it into an immutable segment.
 */
import type { IndexableField, NestedDocument, ParsedDocument } from '../lib/mapping/parsed-document.js';
import type { StoredDocument } from './types.js';
import { encodeBm25Norm } from './codecs/small-float.js';
import { encodeStoredDoc } from './codecs/stored-doc.js';
import { dict } from '../lib/dict.js';
import { TermHash } from './term-hash.js';
import { giveInts, takeInts } from './int-pool.js';

/**
 * One inverted field accumulated in the buffer. Terms get ordinals in first-seen order (the
 * order of `terms.terms`); every token appends one row to parallel typed arrays — its term's
 * ordinal, its document, and (fields with positions) its position and (fields with offsets) its
 * start and end offsets — and nothing else: no array or counter per term is touched while
 * indexing. Sealing (storage/segment-writer.ts) sorts the rows by term, stably, which groups
 * each term's occurrences by document in document order, and derives docFreq, freqs and
 * totalTermFreq from them.
 */
export interface FieldBuilder {
  name: string;
  freqs: boolean;
  positions: boolean;
  offsets: boolean;
  norms: boolean;
  /** Term → ordinal (storage/term-hash.ts). */
  terms: TermHash;
  /** Rows (tokens) held. */
  rows: number;
  /** Per row: term ordinal, document, position (empty without positions), start and end offsets (empty without offsets). */
  rowOrd: Int32Array;
  rowDoc: Int32Array;
  rowPos: Int32Array;
  rowStart: Int32Array;
  rowEnd: Int32Array;
  /** Norm byte per doc (grown as needed). */
  normBytes: Uint8Array;
  docCount: number;
  sumTotalTermFreq: number;
  // Per-document state while a document is being inverted.
  curDoc: number;
  curLength: number;
  curOverlap: number;
  curBoost: number;
  curLastPos: number;
}

/** One doc-values field accumulated in the buffer: `values[i]` belongs to doc `docs[i]` (doc order). */
export interface DocValuesBuilder {
  kind: 'numeric' | 'string';
  docs: number[];
  values: Array<number | string>;
}

export class SegmentBuilder {
  maxDoc = 0;
  /**
   * Encoded stored documents by doc number (undefined for nested docs), for realtime get and
   * sealing. The analyzed ParsedDocument itself is not kept: its tokens would only weigh on GC.
   */
  readonly stored: Array<Buffer | undefined> = [];
  /** Type and id per doc (nested docs carry their root's). */
  readonly types: string[] = [];
  readonly ids: string[] = [];
  readonly versions: number[] = [];
  readonly seqNos: number[] = [];
  readonly pathOrd: number[] = [];
  readonly nestedOffset: number[] = [];
  readonly nestedPaths: string[] = [];
  private readonly pathOrds = new Map<string, number>();
  readonly fields = new Map<string, FieldBuilder>();
  readonly docValues = new Map<string, DocValuesBuilder>();
  minSeqNo = -1;
  maxSeqNo = -1;
  /** Rough bytes held, to let the engine refresh early when the buffer grows large. */
  ramBytes = 0;

  /** Add a document (and its nested documents); returns the root's doc number. */
  add(doc: ParsedDocument, version: number, seqNo: number): number {
    if (this.minSeqNo < 0) this.minSeqNo = seqNo;
    this.maxSeqNo = Math.max(this.maxSeqNo, seqNo);
    // ES 5.6 DocumentParser reverses its pre-order list of nested objects, so every nested doc
    // comes after its own nested children and the root comes last: a block join's parent is the
    // next doc of the parent level, and a nested object's descendants sit just before it.
    const nested = doc.nested ?? [];
    for (let i = nested.length - 1; i >= 0; i--) {
      const n = nested[i] as NestedDocument;
      const d = this.newDoc(undefined, version, seqNo, doc);
      let ord = this.pathOrds.get(n.path);
      if (ord === undefined) {
        ord = this.nestedPaths.length;
        this.nestedPaths.push(n.path);
        this.pathOrds.set(n.path, ord);
      }
      this.pathOrd[d] = ord;
      this.nestedOffset[d] = n.offset;
      this.invert(d, n.fields);
    }
    const root = this.newDoc(doc, version, seqNo, doc);
    this.invert(root, doc.fields);
    this.ramBytes += 64;
    return root;
  }

  private newDoc(doc: ParsedDocument | undefined, version: number, seqNo: number, root: ParsedDocument): number {
    const d = this.maxDoc++;
    const stored = doc ? encodeStoredDoc(toStoredDocument(doc, version)) : undefined;
    this.stored.push(stored);
    this.types.push(root.type);
    this.ids.push(root.id);
    if (stored) this.ramBytes += stored.length;
    this.versions.push(version);
    this.seqNos.push(seqNo);
    this.pathOrd.push(-1);
    this.nestedOffset.push(0);
    return d;
  }

  /** The fields `invert` is filling for the current document (reused: one array per buffer, not per document). */
  private readonly touched: FieldBuilder[] = [];

  private invert(doc: number, fields: IndexableField[]): void {
    const touched = this.touched;
    touched.length = 0;
    for (const f of fields) {
      if (f.tokens) {
        let fb = this.fields.get(f.name);
        if (!fb) {
          fb = newFieldBuilder(f);
          this.fields.set(f.name, fb);
        }
        if (fb.curDoc !== doc) {
          fb.curDoc = doc;
          fb.curLength = 0;
          fb.curOverlap = 0;
          fb.curBoost = 1;
          fb.curLastPos = -1;
          touched.push(fb);
        }
        if (f.boost !== undefined) fb.curBoost *= f.boost;
        this.invertTokens(doc, fb, f);
      }
      if (f.docValues && f.docValues.length > 0) {
        let dv = this.docValues.get(f.name);
        if (!dv) {
          const kind = f.docValuesType ?? (typeof f.docValues[0] === 'string' ? 'string' : 'numeric');
          dv = { kind, docs: [], values: [] };
          this.docValues.set(f.name, dv);
        }
        for (const v of f.docValues) {
          dv.docs.push(doc);
          dv.values.push(v);
        }
      }
    }
    for (const fb of touched) this.finishField(doc, fb);
    touched.length = 0;
  }

  private invertTokens(doc: number, fb: FieldBuilder, f: IndexableField): void {
    const tokens = f.tokens ?? [];
    if (fb.rows + tokens.length > fb.rowOrd.length) growRows(fb, fb.rows + tokens.length);
    const { terms, positions, offsets, rowOrd, rowDoc, rowPos, rowStart, rowEnd } = fb;
    let row = fb.rows;
    for (let i = 0; i < tokens.length; i++, row++) {
      const t = tokens[i]!;
      let ord = terms.add(t.term);
      if (ord < 0) {
        ord = -ord - 1;
        this.ramBytes += t.term.length * 2 + 48;
      }
      rowOrd[row] = ord;
      rowDoc[row] = doc;
      if (positions) {
        rowPos[row] = t.position;
        if (offsets) {
          rowStart[row] = t.startOffset;
          rowEnd[row] = t.endOffset;
        }
      }
      // Lucene's FieldInvertState: a token at the same position as the previous one is an
      // overlap, discounted from the BM25 length (discountOverlaps = true).
      if (t.position === fb.curLastPos) fb.curOverlap++;
      fb.curLastPos = t.position;
      fb.curLength++;
      this.ramBytes += 12;
    }
    fb.rows = row;
  }

  /**
   * Give the row arrays back to storage/int-pool.ts once the buffer is sealed and no longer
   * read (the refresh calls it after its commit); the builder must not be used after.
   */
  recycle(): void {
    for (const fb of this.fields.values()) {
      for (const a of [fb.rowOrd, fb.rowDoc, fb.rowPos, fb.rowStart, fb.rowEnd]) giveInts(a);
      fb.rows = 0;
      fb.rowOrd = fb.rowDoc = fb.rowPos = fb.rowStart = fb.rowEnd = new Int32Array(0);
    }
  }

  private finishField(doc: number, fb: FieldBuilder): void {
    if (fb.curLength === 0) return;
    fb.docCount++;
    fb.sumTotalTermFreq += fb.curLength;
    if (fb.norms) {
      if (doc >= fb.normBytes.length) {
        const next = new Uint8Array(Math.max(fb.normBytes.length * 2, doc + 64));
        next.set(fb.normBytes);
        fb.normBytes = next;
      }
      fb.normBytes[doc] = encodeBm25Norm(fb.curLength - fb.curOverlap, fb.curBoost);
    }
  }
}

function newFieldBuilder(f: IndexableField): FieldBuilder {
  const positions = f.positions === true;
  const offsets = positions && f.offsets === true;
  const norms = f.norms === true;
  const rows = 16;
  return {
    name: f.name,
    // The ParsedDocument does not say whether frequencies are indexed. Fields with positions
    // or norms are text fields (IndexOptions.DOCS_AND_FREQS[_AND_POSITIONS]); the others —
    // keyword, numeric, date, boolean, ip, metadata fields — are IndexOptions.DOCS in ES 5.
    freqs: positions || norms,
    positions,
    offsets,
    norms,
    terms: new TermHash(),
    rows: 0,
    rowOrd: new Int32Array(rows),
    rowDoc: new Int32Array(rows),
    rowPos: new Int32Array(positions ? rows : 0),
    rowStart: new Int32Array(offsets ? rows : 0),
    rowEnd: new Int32Array(offsets ? rows : 0),
    normBytes: new Uint8Array(norms ? 64 : 0),
    docCount: 0,
    sumTotalTermFreq: 0,
    curDoc: -1,
    curLength: 0,
    curOverlap: 0,
    curBoost: 1,
    curLastPos: -1,
  };
}

/** Grow the row arrays of `fb` (doubling; recycled through storage/int-pool.ts) to hold at least `need` rows. */
function growRows(fb: FieldBuilder, need: number): void {
  let size = fb.rowOrd.length * 2;
  while (size < need) size *= 2;
  const grow = (a: Int32Array): Int32Array => {
    if (a.length === 0) return a;
    const next = takeInts(size);
    next.set(a);
    giveInts(a);
    return next;
  };
  fb.rowOrd = grow(fb.rowOrd);
  fb.rowDoc = grow(fb.rowDoc);
  fb.rowPos = grow(fb.rowPos);
  fb.rowStart = grow(fb.rowStart);
  fb.rowEnd = grow(fb.rowEnd);
}

/** The StoredDocument view of a ParsedDocument (realtime get from the buffer, sealing). */
export function toStoredDocument(doc: ParsedDocument, version: number): StoredDocument {
  const stored: Record<string, unknown[]> = dict(); // field names are user input (`constructor`, `__proto__`)
  for (const f of doc.fields) {
    if (!f.stored) continue;
    const cur = stored[f.name];
    if (cur) cur.push(...f.stored);
    else stored[f.name] = f.stored.slice();
  }
  const out: StoredDocument = { type: doc.type, id: doc.id, version, stored };
  if (doc.routing !== undefined) out.routing = doc.routing;
  if (doc.parent !== undefined) out.parent = doc.parent;
  if (doc.source !== undefined) out.source = doc.source;
  return out;
}
