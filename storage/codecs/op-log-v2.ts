/**
 * Reader of operation-log records of format `strata-oplog` v2 (written by builds before v3), kept
 * so that a shard written by such a build replays its unflushed operations when it is opened: a
 * v2 index entry carries the whole analyzed ParsedDocument, so it replays without re-parsing.
 * Nothing writes v2 any more; `openShardEngine` flushes a replayed v2 shard and moves it to v3
 * before its first write (docs/storage.md, "Op-log format").
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
import { ByteReader } from './bytes.js';

/** A v2 entry: an index entry holds the analyzed document itself. */
export type OpLogV2Entry =
  | { op: 'index'; seqNo: number; version: number; parsed: ParsedDocument }
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

function readDoc(r: ByteReader): ParsedDocument {
  const type = r.str();
  const id = r.str();
  const flags = r.byte();
  const d: ParsedDocument = { type, id, parsedSource: Buffer.alloc(0), fields: [] };
  if (flags & D.HAS_ROUTING) d.routing = r.str();
  if (flags & D.HAS_PARENT) d.parent = r.str();
  if (flags & D.HAS_SOURCE) d.source = Buffer.from(r.blob());
  // v2 did not keep the unfiltered source; a replayed v2 document is never logged again.
  d.parsedSource = d.source ?? Buffer.alloc(0);
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

/** Decode one v2 record. */
export function decodeOpLogV2Record(buf: Buffer): OpLogV2Entry[] {
  const r = new ByteReader(buf);
  const n = r.varint();
  const out: OpLogV2Entry[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const op = r.byte();
    const seqNo = r.varint();
    const version = r.varint();
    if (op === 1) out[i] = { op: 'index', seqNo, version, parsed: readDoc(r) };
    else if (op === 2) out[i] = { op: 'delete', seqNo, version, type: r.str(), id: r.str() };
    else throw new Error(`corrupt op-log record: unknown op ${op}`);
  }
  return out;
}
