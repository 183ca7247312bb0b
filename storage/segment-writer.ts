/**
 * Freezes an indexing buffer (SegmentBuilder) into an immutable segment: emits every value of
 * the segment through `put` (the caller adds them to one LevelDB batch) and returns the
 * in-memory core so the segment is searchable without reading it back.
 */
import { ChunkBuilder } from './codecs/postings-chunk.js';
import { sortTermsWith } from './sort-terms.js';
import { encodeDocIds, type DocIds } from './codecs/doc-ids.js';
import { buildColumn, encodeDocValues, type DocValuesColumn } from './codecs/doc-values.js';
import { encodeNorms } from './codecs/norms.js';
import { FLAG_FREQS, FLAG_OFFSETS, FLAG_POSITIONS, writePostingsColumns, type OccurrenceColumns } from './codecs/postings.js';
import { encodeSegmentInfo, segmentName, type FieldInfo, type SegmentInfo } from './codecs/segment-info.js';
import { decodeTermDict, encodeTermDict } from './codecs/term-dict.js';
import { docIdsKey, docValuesKey, normsKey, postingsKey, segInfoKey, segTermsKey, storedChunkKey, storedIndexKey } from './keyspace.js';
import { encodeStoredIndex, StoredChunkWriter } from './codecs/stored-chunk.js';
import type { FieldBuilder, SegmentBuilder } from './segment-builder.js';
import { giveInts, poolLength, takeInts } from './int-pool.js';
import type { FieldCore, SegmentCore } from './segment-core.js';

export type PutFn = (key: Buffer, value: Buffer) => void;

/** Seal `b` as segment `id`; every value goes through `put`. */
export function sealSegment(b: SegmentBuilder, id: number, put: PutFn): SegmentCore {
  let size = 0;
  const emit: PutFn = (k, v) => {
    size += k.length + v.length;
    put(k, v);
  };
  const maxDoc = b.maxDoc;
  const fields = new Map<string, FieldCore>();
  const fieldInfos: FieldInfo[] = [];
  const chunk = new ChunkBuilder();
  for (const fb of [...b.fields.values()].sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0))) {
    // The terms come in ordinal order; sorting (a copy) carries each term's ordinal along.
    const terms = fb.terms.terms.slice();
    const n = terms.length;
    const ords = new Int32Array(n);
    for (let i = 0; i < n; i++) ords[i] = i;
    sortTermsWith(terms, ords);
    const { docFreq, totalTermFreq, start, rows, release } = sortRows(fb, ords);
    const flags = (fb.freqs ? FLAG_FREQS : 0) | (fb.positions ? FLAG_POSITIONS : 0) | (fb.offsets ? FLAG_OFFSETS : 0);
    let sumDocFreq = 0;
    const blockStart: number[] = n > 0 ? [0] : [];
    for (let i = 0; i < n; i++) {
      sumDocFreq += docFreq[i] as number;
      writePostingsColumns(chunk.body, rows, start[i] as number, start[i + 1] as number, docFreq[i] as number, flags);
      chunk.endTerm();
      if (chunk.full || i === n - 1) {
        emit(postingsKey(id, fb.name, blockStart.length - 1), chunk.finish());
        if (i < n - 1) blockStart.push(i + 1);
      }
    }
    const encoded = encodeTermDict({ terms, docFreq, totalTermFreq, blockStart });
    release();
    emit(segTermsKey(id, fb.name), encoded);
    // The in-memory dictionary is the one a reopen loads (packed, and holding none of the
    // buffer's term strings: those are slices of the documents' text and would keep it alive).
    const dict = decodeTermDict(encoded);
    const info: FieldInfo = {
      name: fb.name,
      freqs: fb.freqs,
      positions: fb.positions,
      offsets: fb.offsets,
      norms: fb.norms,
      docCount: fb.docCount,
      sumDocFreq,
      sumTotalTermFreq: fb.freqs ? fb.sumTotalTermFreq : -1,
      termCount: n,
    };
    fieldInfos.push(info);
    const core: FieldCore = { info, dict };
    if (fb.norms) {
      const norms = new Uint8Array(maxDoc);
      norms.set(fb.normBytes.subarray(0, Math.min(maxDoc, fb.normBytes.length)));
      emit(normsKey(id, fb.name), encodeNorms(norms));
      core.norms = norms;
    }
    fields.set(fb.name, core);
  }

  const docValues = new Map<string, DocValuesColumn>();
  const dvInfos: SegmentInfo['docValues'] = [];
  for (const [name, dv] of [...b.docValues.entries()].sort((x, y) => (x[0] < y[0] ? -1 : 1))) {
    const col = buildColumn(dv.kind, maxDoc, dv.docs, dv.values);
    emit(docValuesKey(id, name), encodeDocValues(col));
    docValues.set(name, col);
    dvInfos.push({ name, kind: dv.kind });
  }

  const types: string[] = [];
  const typeOrds = new Map<string, number>();
  const typeOrd = new Int32Array(maxDoc);
  const chunks = new StoredChunkWriter();
  for (let d = 0; d < maxDoc; d++) {
    const type = b.types[d] as string;
    let t = typeOrds.get(type);
    if (t === undefined) {
      t = types.length;
      types.push(type);
      typeOrds.set(type, t);
    }
    typeOrd[d] = t;
    const stored = b.stored[d];
    const done = stored ? chunks.add(d, stored) : undefined;
    if (done) emit(storedChunkKey(id, done.firstDoc), done.value);
  }
  const last = chunks.flush();
  if (last) emit(storedChunkKey(id, last.firstDoc), last.value);
  emit(storedIndexKey(id), encodeStoredIndex(chunks.firstDocs));
  const ids = b.ids.slice();
  const docIds: DocIds = {
    maxDoc,
    types,
    typeOrd,
    ids,
    versions: Float64Array.from(b.versions),
    seqNos: Float64Array.from(b.seqNos),
    nestedPaths: b.nestedPaths.slice(),
    pathOrd: Int32Array.from(b.pathOrd),
    nestedOffset: Int32Array.from(b.nestedOffset),
  };
  emit(docIdsKey(id), encodeDocIds(docIds));

  const info: SegmentInfo = {
    id,
    name: segmentName(id),
    maxDoc,
    minSeqNo: b.minSeqNo,
    maxSeqNo: b.maxSeqNo,
    fields: fieldInfos,
    docValues: dvInfos,
    sizeInBytes: 0,
    createdAt: Date.now(),
  };
  info.sizeInBytes = size + 256;
  put(segInfoKey(id), encodeSegmentInfo(info));
  return { info, fields, docValues, docIds, storedChunks: Int32Array.from(chunks.firstDocs) };
}

/**
 * The buffer's rows of one field sorted by term (`ords[i]` is the ordinal of the i-th term in
 * term order), stably, by a counting sort: term i's occurrences are rows `start[i]` to
 * `start[i + 1]` of the result, documents ascending and each document's in stream order, as
 * the postings list them. Per term its document count and (fields with freqs) its occurrences.
 * The arrays are views of storage/int-pool.ts arrays: `release()` hands them back once the
 * field is written.
 */
function sortRows(fb: FieldBuilder, ords: Int32Array): { docFreq: Int32Array; totalTermFreq: Float64Array; start: Int32Array; rows: OccurrenceColumns; release: () => void } {
  const n = ords.length;
  const count = fb.rows;
  const taken: Int32Array[] = [];
  const take = (length: number): Int32Array => {
    const a = takeInts(poolLength(length));
    taken.push(a);
    return a.subarray(0, length);
  };
  const rank = take(n);
  for (let i = 0; i < n; i++) rank[ords[i] as number] = i;
  const { rowOrd, rowDoc, rowPos, rowStart, rowEnd } = fb;
  const start = take(n + 1).fill(0);
  for (let r = 0; r < count; r++) {
    const i = (rank[rowOrd[r] as number] as number) + 1;
    start[i] = (start[i] as number) + 1;
  }
  for (let i = 0; i < n; i++) start[i + 1] = (start[i + 1] as number) + (start[i] as number);
  const next = take(n);
  next.set(start.subarray(0, n));
  const docs = take(count);
  const positions = fb.positions ? take(count) : new Int32Array(0);
  const startOffsets = fb.offsets ? take(count) : new Int32Array(0);
  const endOffsets = fb.offsets ? take(count) : new Int32Array(0);
  const docFreq = take(n).fill(0);
  const lastDoc = take(n).fill(-1);
  for (let r = 0; r < count; r++) {
    const i = rank[rowOrd[r] as number] as number;
    const at = next[i] as number;
    next[i] = at + 1;
    const doc = rowDoc[r] as number;
    docs[at] = doc;
    if (lastDoc[i] !== doc) {
      lastDoc[i] = doc;
      docFreq[i] = (docFreq[i] as number) + 1;
    }
    if (fb.positions) {
      positions[at] = rowPos[r] as number;
      if (fb.offsets) {
        startOffsets[at] = rowStart[r] as number;
        endOffsets[at] = rowEnd[r] as number;
      }
    }
  }
  const totalTermFreq = new Float64Array(n);
  for (let i = 0; i < n; i++) totalTermFreq[i] = fb.freqs ? (start[i + 1] as number) - (start[i] as number) : -1;
  return { docFreq, totalTermFreq, start, rows: { docs, positions, startOffsets, endOffsets }, release: () => taken.forEach(giveInts) };
}
