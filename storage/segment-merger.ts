/**
 * Merges sealed segments into one new segment holding only their live documents (nested
 * blocks stay together), like Lucene's SegmentMerger: postings are decoded, renumbered and
 * re-encoded term by term, norms / doc values / doc ids are remapped, stored documents are
 * copied as bytes into new chunks. Values are written in unsynced chunks under the new segment's number;
 * the segment only becomes part of the shard when the caller commits a segment list naming it
 * (an interrupted merge leaves an orphan range that the next open clears).
 */
import { type DocIds } from './codecs/doc-ids.js';
import { encodeDocIds } from './codecs/doc-ids.js';
import { encodeDocValues, type DocValuesColumn } from './codecs/doc-values.js';
import { isLiveBit } from './codecs/live-docs.js';
import { encodeNorms } from './codecs/norms.js';
import { ChunkBuilder, chunkBlocks } from './codecs/postings-chunk.js';
import { decodePostings, FLAG_FREQS, FLAG_OFFSETS, FLAG_POSITIONS, writePostings } from './codecs/postings.js';
import { isShift, writeShifted } from './codecs/postings-shift.js';
import { encodeSegmentInfo, segmentName, type FieldInfo, type SegmentInfo } from './codecs/segment-info.js';
import { decodeTermDict, encodeTermDict } from './codecs/term-dict.js';
import { docIdsKey, docValuesKey, normsKey, postingsFieldRange, postingsKey, postingsKeyChunk, segInfoKey, segTermsKey, storedChunkKey, storedIndexKey } from './keyspace.js';
import { encodeStoredIndex, StoredChunkWriter } from './codecs/stored-chunk.js';
import { eachStoredDoc } from './stored-docs.js';
import type { FieldCore, SegmentCore } from './segment-core.js';
import type { ShardStore } from './shard-store.js';
import { WorkSlice } from '../lib/loop/turns.js';

export interface MergeSource {
  core: SegmentCore;
  /** Live docs snapshot the merge keeps (null = all live). */
  live: Uint8Array | null;
}

export interface MergeResult {
  core: SegmentCore;
  /** Per source: old doc number → new doc number, -1 for dropped docs. */
  docMaps: Int32Array[];
}

/** A batch of the merged segment's values is written once it holds this many values or bytes. */
const CHUNK = 4000;
const CHUNK_BYTES = 2 * 1024 * 1024;
/**
 * Continuous merge work between two turns of the event loop (ms). A merge is background work on
 * the request thread: a field of many terms merged in one go held the loop for hundreds of ms.
 */
const MERGE_SLICE_MS = 5;
/** Terms merged between two clock reads. */
const TERMS_PER_READ = 64;

class ChunkedWriter {
  private ops: Array<{ type: 'put'; key: Buffer; value: Buffer }> = [];
  private pendingBytes = 0;
  size = 0;
  constructor(private readonly db: ShardStore) {}
  /** Queue a put; returns the write of a full chunk to await, or undefined when none was due. */
  put(key: Buffer, value: Buffer): Promise<void> | undefined {
    const bytes = key.length + value.length;
    this.size += bytes;
    this.pendingBytes += bytes;
    this.ops.push({ type: 'put', key, value });
    return this.ops.length >= CHUNK || this.pendingBytes >= CHUNK_BYTES ? this.flush() : undefined;
  }
  async flush(): Promise<void> {
    if (this.ops.length === 0) return;
    const ops = this.ops;
    this.ops = [];
    this.pendingBytes = 0;
    await this.db.write(ops);
  }
}

/** A source segment's position in one field's terms during a merge. */
interface TermCursor {
  dict: FieldCore['dict'];
  /** The field's postings chunks by chunk number. */
  chunks: Buffer[];
  map: Int32Array;
  /** What the source's doc numbers shift by when the merge keeps all its documents, else -1. */
  base: number;
  /** Index of the next term. */
  t: number;
  /** The next term (decoded once from the packed dictionary), undefined past the last. */
  term: string | undefined;
  /** Chunk whose blocks are in `blocks` (-1 before the first). */
  chunk: number;
  blocks: Buffer[];
}

/** Every postings chunk of `field` in segment `seg`, by chunk number. */
async function readChunks(db: ShardStore, seg: number, field: string): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  await db.scan(postingsFieldRange(seg, field), (k, v) => {
    chunks[postingsKeyChunk(k)] = v;
  });
  return chunks;
}

/** The postings block of the cursor's current term; moves the cursor to the next term. */
function nextBlock(c: TermCursor): Buffer {
  const starts = c.dict.blockStart;
  let chunk = c.chunk;
  while (chunk + 1 < starts.length && (starts[chunk + 1] as number) <= c.t) chunk++;
  if (chunk !== c.chunk) {
    const v = c.chunks[chunk];
    if (!v) throw new Error(`corrupt segment: postings chunk ${chunk} of [${c.term}] missing`);
    c.blocks = chunkBlocks(v);
    c.chunk = chunk;
  }
  const b = c.blocks[c.t - (starts[chunk] as number)];
  if (!b) throw new Error(`corrupt segment: no postings block for [${c.term}]`);
  c.t++;
  c.term = c.t < c.dict.terms.length ? c.dict.terms.at(c.t) : undefined;
  return b;
}

/** Merge `sources` into segment `id`. `abort()` is polled between steps. */
export async function mergeSegments(db: ShardStore, sources: MergeSource[], id: number, abort: () => boolean): Promise<MergeResult> {
  const docMaps: Int32Array[] = [];
  let maxDoc = 0;
  for (const s of sources) {
    const n = s.core.info.maxDoc;
    const map = new Int32Array(n).fill(-1);
    for (let d = 0; d < n; d++) if (s.live === null || isLiveBit(s.live, d)) map[d] = maxDoc++;
    docMaps.push(map);
  }
  const out = new ChunkedWriter(db);
  const fields = new Map<string, FieldCore>();
  const fieldInfos: FieldInfo[] = [];
  const names = [...new Set(sources.flatMap((s) => [...s.core.fields.keys()]))].sort();
  const chunk = new ChunkBuilder();
  const slice = new WorkSlice(MERGE_SLICE_MS);
  for (const name of names) {
    if (abort()) throw new Error('merge aborted');
    const with_ = sources.map((s) => s.core.fields.get(name));
    const present = with_.filter((f): f is FieldCore => f !== undefined);
    const freqs = present.every((f) => f.info.freqs);
    const positions = present.every((f) => f.info.positions);
    const offsets = present.every((f) => f.info.offsets);
    const norms = present.some((f) => f.info.norms);
    const flags = (freqs ? FLAG_FREQS : 0) | (positions ? FLAG_POSITIONS : 0) | (offsets ? FLAG_OFFSETS : 0);
    // Each source's terms are sorted: walk them together (a k-way merge, as Lucene's
    // MultiTermsEnum does) with one cursor per source over its postings chunks, instead of
    // collecting, deduplicating and re-sorting every term and keying every block by term.
    const cursors: TermCursor[] = [];
    for (let i = 0; i < sources.length; i++) {
      const f = with_[i];
      if (!f || f.dict.terms.length === 0) continue;
      const map = docMaps[i]!;
      cursors.push({ dict: f.dict, chunks: await readChunks(db, sources[i]!.core.info.id, name), map, base: isShift(map) ? (map[0] ?? 0) : -1, t: 0, term: f.dict.terms.at(0), chunk: -1, blocks: [] });
    }
    // No document of the field dropped: blocks are copied with their doc numbers shifted
    // (storage/codecs/postings-shift.ts) instead of decoded and re-encoded, and the field's
    // doc count is the sources' sum.
    const shifted = cursors.every((c) => c.base >= 0);
    const terms: string[] = [];
    const blockStart: number[] = [];
    // At most every source term: filled in place and trimmed at the end, not pushed and copied.
    const maxTerms = cursors.reduce((sum, c) => sum + c.dict.terms.length, 0);
    const docFreq = new Int32Array(maxTerms);
    const totalTermFreq = new Float64Array(maxTerms);
    const seen = new Uint8Array(maxDoc);
    let docCount = 0;
    let sumDocFreq = 0;
    let sumTtf = 0;
    // Reused for every term: the arrays only carry one term's postings to writePostings.
    const docs: number[] = [];
    const fq: number[] = [];
    const pos: number[] = [];
    const so: number[] = [];
    const eo: number[] = [];
    const input = { docs, freqs: fq, ...(positions ? { positions: pos } : {}), ...(offsets ? { startOffsets: so, endOffsets: eo } : {}) };
    // The current term's blocks and their sources.
    const blocks: Buffer[] = [];
    const bases: number[] = [];
    const from: TermCursor[] = [];
    for (let n = 1; ; n++) {
      if (n % TERMS_PER_READ === 0) await slice.pause();
      let term: string | undefined;
      for (const c of cursors) {
        const t = c.term;
        if (t !== undefined && (term === undefined || t < term)) term = t;
      }
      if (term === undefined) break;
      blocks.length = 0;
      bases.length = 0;
      from.length = 0;
      for (const c of cursors) {
        if (c.term !== term) continue;
        blocks.push(nextBlock(c));
        bases.push(c.base);
        from.push(c);
      }
      if (chunk.count === 0) blockStart.push(terms.length);
      const fast = shifted ? writeShifted(chunk.body, blocks, bases, flags) : undefined;
      if (fast !== undefined) {
        docFreq[terms.length] = fast.docs;
        totalTermFreq[terms.length] = freqs ? fast.ttf : -1;
        terms.push(term);
        sumDocFreq += fast.docs;
        sumTtf += fast.ttf;
        chunk.endTerm();
        if (chunk.full) await out.put(postingsKey(id, name, blockStart.length - 1), chunk.finish());
        continue;
      }
      docs.length = 0;
      fq.length = 0;
      pos.length = 0;
      so.length = 0;
      eo.length = 0;
      for (let b = 0; b < blocks.length; b++) {
        const p = decodePostings(blocks[b]!);
        const map = from[b]!.map;
        for (let j = 0; j < p.docs.length; j++) {
          const nd = map[p.docs[j] as number] as number;
          if (nd < 0) continue;
          docs.push(nd);
          fq.push(p.freqs[j] as number);
          if (!seen[nd]) {
            seen[nd] = 1;
            docCount++;
          }
          if (positions && p.positions && p.posStart) {
            for (let k = p.posStart[j] as number; k < (p.posStart[j + 1] as number); k++) {
              pos.push(p.positions[k] as number);
              if (offsets && p.startOffsets && p.endOffsets) {
                so.push(p.startOffsets[k] as number);
                eo.push(p.endOffsets[k] as number);
              }
            }
          }
        }
      }
      if (docs.length === 0) {
        if (chunk.count === 0) blockStart.pop();
        continue;
      }
      let ttf = 0;
      for (const f of fq) ttf += f;
      docFreq[terms.length] = docs.length;
      totalTermFreq[terms.length] = freqs ? ttf : -1;
      terms.push(term);
      sumDocFreq += docs.length;
      sumTtf += ttf;
      writePostings(chunk.body, input, flags);
      chunk.endTerm();
      if (chunk.full) await out.put(postingsKey(id, name, blockStart.length - 1), chunk.finish());
    }
    if (chunk.count > 0) await out.put(postingsKey(id, name, blockStart.length - 1), chunk.finish());
    if (terms.length === 0) continue;
    if (shifted) docCount = present.reduce((sum, f) => sum + f.info.docCount, 0);
    const termCount = terms.length;
    // Views of the filled part: the in-memory dictionary is decoded from the encoded bytes.
    const encoded = encodeTermDict({ terms, docFreq: docFreq.subarray(0, termCount), totalTermFreq: totalTermFreq.subarray(0, termCount), blockStart });
    await out.put(segTermsKey(id, name), encoded);
    const dict = decodeTermDict(encoded);
    const info: FieldInfo = { name, freqs, positions, offsets, norms, docCount, sumDocFreq, sumTotalTermFreq: freqs ? sumTtf : -1, termCount: terms.length };
    const core: FieldCore = { info, dict };
    if (norms) {
      const nb = new Uint8Array(maxDoc);
      sources.forEach((s, i) => {
        const src = with_[i]?.norms;
        if (!src) return;
        const map = docMaps[i]!;
        for (let d = 0; d < map.length; d++) if ((map[d] as number) >= 0) nb[map[d] as number] = src[d] as number;
      });
      await out.put(normsKey(id, name), encodeNorms(nb));
      core.norms = nb;
    }
    fieldInfos.push(info);
    fields.set(name, core);
  }

  const docValues = new Map<string, DocValuesColumn>();
  const dvInfos: SegmentInfo['docValues'] = [];
  const dvNames = [...new Set(sources.flatMap((s) => [...s.core.docValues.keys()]))].sort();
  for (const name of dvNames) {
    await slice.pause();
    const col = mergeColumn(sources.map((s) => s.core.docValues.get(name)), docMaps, maxDoc);
    if (!col) continue;
    await out.put(docValuesKey(id, name), encodeDocValues(col));
    docValues.set(name, col);
    dvInfos.push({ name, kind: col.kind });
  }

  // Stored documents move into new chunks as bytes, never decoded (from either layout: a source
  // of an older build has a key per document); a document costs no await unless a write is due
  // or the slice is spent.
  const chunks = new StoredChunkWriter();
  for (let i = 0; i < sources.length; i++) {
    if (abort()) throw new Error('merge aborted');
    const map = docMaps[i]!;
    await eachStoredDoc(db, sources[i]!.core, (doc, encoded) => {
      const nd = map[doc] as number;
      const done = nd >= 0 ? chunks.add(nd, encoded) : undefined;
      const written = done ? out.put(storedChunkKey(id, done.firstDoc), done.value) : undefined;
      if (written === undefined && !slice.spent()) return undefined;
      return written === undefined ? slice.pause() : written.then(() => slice.pause());
    });
  }
  const lastChunk = chunks.flush();
  if (lastChunk) await out.put(storedChunkKey(id, lastChunk.firstDoc), lastChunk.value);
  await out.put(storedIndexKey(id), encodeStoredIndex(chunks.firstDocs));

  const docIds = mergeDocIds(sources.map((s) => s.core.docIds), docMaps, maxDoc);
  await out.put(docIdsKey(id), encodeDocIds(docIds));
  const info: SegmentInfo = {
    id,
    name: segmentName(id),
    maxDoc,
    minSeqNo: Math.min(...sources.map((s) => s.core.info.minSeqNo)),
    maxSeqNo: Math.max(...sources.map((s) => s.core.info.maxSeqNo)),
    fields: fieldInfos,
    docValues: dvInfos,
    sizeInBytes: 0,
    createdAt: Date.now(),
  };
  info.sizeInBytes = out.size + 256;
  await out.put(segInfoKey(id), encodeSegmentInfo(info));
  await out.flush();
  return { core: { info, fields, docValues, docIds, storedChunks: Int32Array.from(chunks.firstDocs) }, docMaps };
}

function mergeColumn(cols: Array<DocValuesColumn | undefined>, docMaps: Int32Array[], maxDoc: number): DocValuesColumn | null {
  const kind = cols.find((c) => c)?.kind;
  if (!kind) return null;
  const start = new Int32Array(maxDoc + 1);
  const counts = new Int32Array(maxDoc);
  cols.forEach((c, i) => {
    if (!c || c.kind !== kind) return;
    const map = docMaps[i]!;
    for (let d = 0; d < map.length; d++) {
      const nd = map[d] as number;
      if (nd >= 0) counts[nd] = (c.start[d + 1] as number) - (c.start[d] as number);
    }
  });
  for (let d = 0; d < maxDoc; d++) start[d + 1] = (start[d] as number) + (counts[d] as number);
  const total = start[maxDoc] as number;
  if (kind === 'numeric') {
    const values = new Float64Array(total);
    cols.forEach((c, i) => {
      if (!c || c.kind !== 'numeric') return;
      const map = docMaps[i]!;
      for (let d = 0; d < map.length; d++) {
        const nd = map[d] as number;
        if (nd >= 0) values.set(c.values.subarray(c.start[d] as number, c.start[d + 1] as number), start[nd] as number);
      }
    });
    return { kind, start, values };
  }
  // Each source's dictionary is sorted: walk them together into the sorted union, noting every
  // source ordinal's new ordinal on the way (no set, re-sort or map of all the terms).
  const strs = cols.map((c) => (c && c.kind === 'string' ? c : undefined));
  const at = new Int32Array(strs.length);
  const remaps = strs.map((c) => (c ? new Int32Array(c.terms.length) : undefined));
  const terms: string[] = [];
  for (;;) {
    let min: string | undefined;
    for (let i = 0; i < strs.length; i++) {
      const t = strs[i]?.terms[at[i] as number];
      if (t !== undefined && (min === undefined || t < min)) min = t;
    }
    if (min === undefined) break;
    const ord = terms.length;
    terms.push(min);
    for (let i = 0; i < strs.length; i++) {
      const c = strs[i];
      if (c === undefined || c.terms[at[i] as number] !== min) continue;
      remaps[i]![at[i] as number] = ord;
      at[i] = (at[i] as number) + 1;
    }
  }
  const ords = new Int32Array(total);
  strs.forEach((c, i) => {
    if (!c) return;
    const remap = remaps[i]!;
    const map = docMaps[i]!;
    for (let d = 0; d < map.length; d++) {
      const nd = map[d] as number;
      if (nd < 0) continue;
      let k = start[nd] as number;
      // Remapping keeps the per-doc order: both dictionaries are sorted the same way.
      for (let j = c.start[d] as number; j < (c.start[d + 1] as number); j++) ords[k++] = remap[c.ords[j] as number] as number;
    }
  });
  return { kind, terms, start, ords };
}

function mergeDocIds(srcs: DocIds[], docMaps: Int32Array[], maxDoc: number): DocIds {
  const types: string[] = [];
  const typeOrds = new Map<string, number>();
  const paths: string[] = [];
  const pathOrds = new Map<string, number>();
  const out: DocIds = {
    maxDoc,
    types,
    typeOrd: new Int32Array(maxDoc),
    ids: new Array<string>(maxDoc),
    versions: new Float64Array(maxDoc),
    seqNos: new Float64Array(maxDoc),
    nestedPaths: paths,
    pathOrd: new Int32Array(maxDoc),
    nestedOffset: new Int32Array(maxDoc),
  };
  srcs.forEach((s, i) => {
    const map = docMaps[i]!;
    for (let d = 0; d < map.length; d++) {
      const nd = map[d] as number;
      if (nd < 0) continue;
      const type = s.types[s.typeOrd[d] as number] as string;
      let t = typeOrds.get(type);
      if (t === undefined) {
        t = types.length;
        types.push(type);
        typeOrds.set(type, t);
      }
      out.typeOrd[nd] = t;
      out.ids[nd] = s.ids[d] as string;
      out.versions[nd] = s.versions[d] as number;
      out.seqNos[nd] = s.seqNos[d] as number;
      const po = s.pathOrd[d] as number;
      if (po < 0) out.pathOrd[nd] = -1;
      else {
        const path = s.nestedPaths[po] as string;
        let p = pathOrds.get(path);
        if (p === undefined) {
          p = paths.length;
          paths.push(path);
          pathOrds.set(path, p);
        }
        out.pathOrd[nd] = p;
      }
      out.nestedOffset[nd] = s.nestedOffset[d] as number;
    }
  });
  return out;
}
