/**
 * Operation-log record codec (format `strata-oplog` v2): one value per bulk request (keyed by
 * its first seq no), holding every operation the primary decided for it — the translog role.
 * An index entry carries the whole analyzed ParsedDocument (terms, positions, offsets, doc
 * values, stored values, `_source`) so replay rebuilds the indexing buffer without mappings or
 * analyzers. Hand-rolled on ByteWriter: this is on the hot path of every write, and a direct
 * encoding is several times faster than building protobuf message objects for each token.
 * Token types and position lengths are not needed by the engine and not kept (replayed tokens
 * have type `word`).
 *
 * Record: varint entry count, then entries. Entry: byte op (1 index, 2 delete), varint seqNo,
 * varint version, then for a delete: string type, string id; for an index: the document.
 * Document: string type, string id, byte flags (1 source, 2 routing, 4 parent), [string
 * routing], [string parent], [blob source], varint field count, fields, varint nested count,
 * nested docs (string path, varint offset, varint field count, fields).
 * Field: string name, varint flags (see F), then when present: tokens (varint n, per token
 * string term, zig-zag position delta, zig-zag start-offset delta, zig-zag end - start), f64
 * boost, doc values (varint n, per value f64 or string), string stored JSON, string term vector.
 */
import type { Token } from '../../lib/analysis/types.js';
import type { IndexableField, ParsedDocument } from '../../lib/mapping/parsed-document.js';
import { ByteReader, ByteWriter } from './bytes.js';

export const OP_LOG_FORMAT = { id: 'strata-oplog', version: 2 } as const;

/** One logged operation with the outcome the primary decided (version, seq no). */
export type OpLogEntry =
  | { op: 'index'; seqNo: number; version: number; doc: ParsedDocument }
  | { op: 'delete'; seqNo: number; version: number; type: string; id: string };

const F = {
  HAS_TOKENS: 1,
  POSITIONS_SET: 2,
  POSITIONS: 4,
  OFFSETS_SET: 8,
  OFFSETS: 16,
  NORMS_SET: 32,
  NORMS: 64,
  HAS_BOOST: 128,
  HAS_DOC_VALUES: 256,
  DV_STRING: 512,
  DV_TYPE_SET: 1024,
  HAS_STORED: 2048,
  HAS_TERM_VECTOR: 4096,
} as const;

const D = { HAS_SOURCE: 1, HAS_ROUTING: 2, HAS_PARENT: 4 } as const;

function writeField(w: ByteWriter, f: IndexableField): void {
  let flags = 0;
  if (f.tokens) flags |= F.HAS_TOKENS;
  if (f.positions !== undefined) flags |= F.POSITIONS_SET | (f.positions ? F.POSITIONS : 0);
  if (f.offsets !== undefined) flags |= F.OFFSETS_SET | (f.offsets ? F.OFFSETS : 0);
  if (f.norms !== undefined) flags |= F.NORMS_SET | (f.norms ? F.NORMS : 0);
  if (f.boost !== undefined) flags |= F.HAS_BOOST;
  const dv = f.docValues;
  const dvString = dv ? (f.docValuesType ? f.docValuesType === 'string' : typeof dv[0] === 'string') : false;
  if (dv) flags |= F.HAS_DOC_VALUES | (dvString ? F.DV_STRING : 0) | (f.docValuesType ? F.DV_TYPE_SET : 0);
  if (f.stored) flags |= F.HAS_STORED;
  if (f.termVector) flags |= F.HAS_TERM_VECTOR;
  w.str(f.name);
  w.varint(flags);
  if (f.tokens) {
    const tokens = f.tokens;
    w.varint(tokens.length);
    let pos = 0;
    let start = 0;
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      w.str(t.term);
      w.svarint(t.position - pos);
      w.svarint(t.startOffset - start);
      w.svarint(t.endOffset - t.startOffset);
      pos = t.position;
      start = t.startOffset;
    }
  }
  if (f.boost !== undefined) w.f64(f.boost);
  if (dv) {
    w.varint(dv.length);
    for (const v of dv) {
      if (dvString) w.str(String(v));
      else w.f64(Number(v));
    }
  }
  if (f.stored) w.str(JSON.stringify(f.stored));
  if (f.termVector) w.str(f.termVector);
}

function readField(r: ByteReader): IndexableField {
  const f: IndexableField = { name: r.str() };
  const flags = r.varint();
  if (flags & F.HAS_TOKENS) {
    const n = r.varint();
    const tokens: Token[] = new Array(n);
    let pos = 0;
    let start = 0;
    for (let i = 0; i < n; i++) {
      const term = r.str();
      pos += r.svarint();
      start += r.svarint();
      tokens[i] = { term, position: pos, startOffset: start, endOffset: start + r.svarint(), type: 'word' };
    }
    f.tokens = tokens;
  }
  if (flags & F.POSITIONS_SET) f.positions = (flags & F.POSITIONS) !== 0;
  if (flags & F.OFFSETS_SET) f.offsets = (flags & F.OFFSETS) !== 0;
  if (flags & F.NORMS_SET) f.norms = (flags & F.NORMS) !== 0;
  if (flags & F.HAS_BOOST) f.boost = r.f64();
  if (flags & F.HAS_DOC_VALUES) {
    const isString = (flags & F.DV_STRING) !== 0;
    const n = r.varint();
    const values: Array<number | string> = new Array(n);
    for (let i = 0; i < n; i++) values[i] = isString ? r.str() : r.f64();
    f.docValues = values;
    if (flags & F.DV_TYPE_SET) f.docValuesType = isString ? 'string' : 'numeric';
  }
  if (flags & F.HAS_STORED) f.stored = JSON.parse(r.str()) as unknown[];
  if (flags & F.HAS_TERM_VECTOR) f.termVector = r.str() as IndexableField['termVector'];
  return f;
}

function writeDoc(w: ByteWriter, d: ParsedDocument): void {
  w.str(d.type);
  w.str(d.id);
  w.byte((d.source ? D.HAS_SOURCE : 0) | (d.routing !== undefined ? D.HAS_ROUTING : 0) | (d.parent !== undefined ? D.HAS_PARENT : 0));
  if (d.routing !== undefined) w.str(d.routing);
  if (d.parent !== undefined) w.str(d.parent);
  if (d.source) w.blob(d.source);
  w.varint(d.fields.length);
  for (const f of d.fields) writeField(w, f);
  const nested = d.nested ?? [];
  w.varint(nested.length);
  for (const n of nested) {
    w.str(n.path);
    w.varint(n.offset);
    w.varint(n.fields.length);
    for (const f of n.fields) writeField(w, f);
  }
}

function readDoc(r: ByteReader): ParsedDocument {
  const type = r.str();
  const id = r.str();
  const flags = r.byte();
  const d: ParsedDocument = { type, id, fields: [] };
  if (flags & D.HAS_ROUTING) d.routing = r.str();
  if (flags & D.HAS_PARENT) d.parent = r.str();
  if (flags & D.HAS_SOURCE) d.source = Buffer.from(r.blob());
  for (let n = r.varint(); n > 0; n--) d.fields.push(readField(r));
  const nn = r.varint();
  if (nn > 0) {
    d.nested = [];
    for (let i = 0; i < nn; i++) {
      const path = r.str();
      const offset = r.varint();
      const fields: IndexableField[] = [];
      for (let n = r.varint(); n > 0; n--) fields.push(readField(r));
      d.nested.push({ path, offset, fields });
    }
  }
  return d;
}

/** Append one entry to a record being built (the caller writes the count first). */
export function writeOpLogEntry(w: ByteWriter, e: OpLogEntry): void {
  w.byte(e.op === 'index' ? 1 : 2);
  w.varint(e.seqNo);
  w.varint(e.version);
  if (e.op === 'index') writeDoc(w, e.doc);
  else {
    w.str(e.type);
    w.str(e.id);
  }
}

/** Encode a record of entries. */
export function encodeOpLogRecord(entries: readonly OpLogEntry[]): Buffer {
  const w = new ByteWriter(1024);
  w.varint(entries.length);
  for (const e of entries) writeOpLogEntry(w, e);
  return w.finish();
}

export function decodeOpLogRecord(buf: Buffer): OpLogEntry[] {
  const r = new ByteReader(buf);
  const n = r.varint();
  const out: OpLogEntry[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const op = r.byte();
    const seqNo = r.varint();
    const version = r.varint();
    if (op === 1) out[i] = { op: 'index', seqNo, version, doc: readDoc(r) };
    else if (op === 2) out[i] = { op: 'delete', seqNo, version, type: r.str(), id: r.str() };
    else throw new Error(`corrupt op-log record: unknown op ${op}`);
  }
  return out;
}
