/**
 * The shard keyspace layout: which key each kind of data lives under. Every key starts with a
 * one-byte tag; segment data is grouped under the segment's number so that a whole segment is
 * one contiguous key range (dropped with one `clear` after a merge). docs/storage.md documents
 * every tag with its value codec.
 */
import { key, KeyReader, prefixEnd } from './keys.js';

/** Top-level tags. */
export const TAG = {
  /** Shard metadata: `[0x01][name]` → JSON (formats, segment list, checkpoints). */
  META: 0x01,
  /** Operation log (translog role): `[0x02][seqNo u64]` → op-log entry codec. */
  OPLOG: 0x02,
  /** Delete tombstones: `[0x03][type][id]` → version-entry codec. */
  VERSION: 0x03,
  /** Segment data: `[0x10][segment u32][kind]...`, kinds in SEG. */
  SEGMENT: 0x10,
} as const;

/** Per-segment data kinds (the byte after the segment number). */
export const SEG = {
  INFO: 0x01,
  TERMS: 0x02,
  POSTINGS: 0x03,
  STORED: 0x04,
  DOC_VALUES: 0x05,
  NORMS: 0x06,
  LIVE_DOCS: 0x07,
  DOC_IDS: 0x08,
  /** Stored document chunks (v2; STORED is v1's one key per document). */
  STORED_CHUNK: 0x09,
  /** The first docs of a segment's stored chunks; present in v2 segments only. */
  STORED_INDEX: 0x0a,
} as const;

export const metaKey = (name: string): Buffer => key(TAG.META).str(name).finish();
export const opLogKey = (seqNo: number): Buffer => key(TAG.OPLOG).u64(seqNo).finish();
export const opLogStart = (): Buffer => key(TAG.OPLOG).finish();
export const opLogEnd = (): Buffer => prefixEnd(key(TAG.OPLOG).finish());
export const versionKey = (type: string, id: string): Buffer => key(TAG.VERSION).str(type).str(id).finish();
export const versionStart = (): Buffer => key(TAG.VERSION).finish();
export const versionEnd = (): Buffer => prefixEnd(key(TAG.VERSION).finish());

const seg = (segId: number, kind: number) => key(TAG.SEGMENT).u32(segId).tag(kind);

export const segInfoKey = (segId: number): Buffer => seg(segId, SEG.INFO).finish();
export const segTermsKey = (segId: number, field: string): Buffer => seg(segId, SEG.TERMS).str(field).finish();
export const segTermsStart = (segId: number): Buffer => seg(segId, SEG.TERMS).finish();
/** Postings chunk `chunk` (a run of consecutive terms) of a field. */
export const postingsKey = (segId: number, field: string, chunk: number): Buffer =>
  seg(segId, SEG.POSTINGS).str(field).u32(chunk).finish();
/** All postings keys of one field of a segment. */
export const postingsFieldRange = (segId: number, field: string): { gte: Buffer; lt: Buffer } => {
  const p = seg(segId, SEG.POSTINGS).str(field).finish();
  return { gte: p, lt: prefixEnd(p) };
};
/** v1: the stored document of root doc `doc` (segments written before stored chunks). */
export const storedKey = (segId: number, doc: number): Buffer => seg(segId, SEG.STORED).u32(doc).finish();
/** v2: the stored chunk starting at doc `firstDoc` (storage/codecs/stored-chunk.ts). */
export const storedChunkKey = (segId: number, firstDoc: number): Buffer => seg(segId, SEG.STORED_CHUNK).u32(firstDoc).finish();
export const storedIndexKey = (segId: number): Buffer => seg(segId, SEG.STORED_INDEX).finish();
/** The doc number of a {@link storedKey}, or the first doc of a {@link storedChunkKey}. */
export function storedKeyDoc(k: Buffer): number {
  const r = new KeyReader(k);
  r.tag();
  r.u32();
  r.tag();
  return r.u32();
}
/** The chunk number of a {@link postingsKey}. */
export function postingsKeyChunk(k: Buffer): number {
  const r = new KeyReader(k);
  r.tag();
  r.u32();
  r.tag();
  r.str();
  return r.u32();
}
export const docValuesKey = (segId: number, field: string): Buffer => seg(segId, SEG.DOC_VALUES).str(field).finish();
export const normsKey = (segId: number, field: string): Buffer => seg(segId, SEG.NORMS).str(field).finish();
export const liveDocsKey = (segId: number): Buffer => seg(segId, SEG.LIVE_DOCS).finish();
export const docIdsKey = (segId: number): Buffer => seg(segId, SEG.DOC_IDS).finish();

/** Sub-range of one kind within a segment (e.g. every term dictionary). */
export const segKindRange = (segId: number, kind: number): { gte: Buffer; lt: Buffer } => {
  const p = seg(segId, kind).finish();
  return { gte: p, lt: prefixEnd(p) };
};

/** The whole key range of one segment. */
export const segmentRange = (segId: number): { gte: Buffer; lt: Buffer } => {
  const p = key(TAG.SEGMENT).u32(segId).finish();
  return { gte: p, lt: prefixEnd(p) };
};

/** Every segment key. */
export const allSegmentsRange = (): { gte: Buffer; lt: Buffer } => {
  const p = key(TAG.SEGMENT).finish();
  return { gte: p, lt: prefixEnd(p) };
};
