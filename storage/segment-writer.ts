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
import { FLAG_FREQS, FLAG_OFFSETS, FLAG_POSITIONS, writePostingsStream } from './codecs/postings.js';
import { encodeSegmentInfo, segmentName, type FieldInfo, type SegmentInfo } from './codecs/segment-info.js';
import { decodeTermDict, encodeTermDict } from './codecs/term-dict.js';
import { docIdsKey, docValuesKey, normsKey, postingsKey, segInfoKey, segTermsKey, storedKey } from './keyspace.js';
import type { SegmentBuilder } from './segment-builder.js';
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
    const docFreq = new Int32Array(n);
    const totalTermFreq = new Float64Array(n);
    const flags = (fb.freqs ? FLAG_FREQS : 0) | (fb.positions ? FLAG_POSITIONS : 0) | (fb.offsets ? FLAG_OFFSETS : 0);
    let sumDocFreq = 0;
    const blockStart: number[] = n > 0 ? [0] : [];
    for (let i = 0; i < n; i++) {
      const ord = ords[i] as number;
      const docs = fb.termDocs[ord] as number;
      docFreq[i] = docs;
      sumDocFreq += docs;
      totalTermFreq[i] = fb.freqs ? (fb.termFreq[ord] as number) : -1;
      writePostingsStream(chunk.body, fb.data[ord]!, docs, flags);
      chunk.endTerm();
      if (chunk.full || i === n - 1) {
        emit(postingsKey(id, fb.name, blockStart.length - 1), chunk.finish());
        if (i < n - 1) blockStart.push(i + 1);
      }
    }
    const encoded = encodeTermDict({ terms, docFreq, totalTermFreq, blockStart });
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
    if (stored) emit(storedKey(id, d), stored);
  }
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
  return { info, fields, docValues, docIds };
}
