/**
 * Operation-log entry codec (format `strata-oplog` v1, protobuf message `strata.OpLogEntry`):
 * one value per sequence number, the translog role. An index entry carries the whole analyzed
 * ParsedDocument (terms, positions, offsets, doc values, stored values, `_source`) so replay
 * rebuilds the indexing buffer without mappings or analyzers. Token types and position lengths
 * are not needed by the engine and are not kept (replayed tokens have type `word`).
 */
import type { IndexableField, NestedDocument, ParsedDocument } from '../../lib/mapping/parsed-document.js';
import type { Token } from '../../lib/analysis/types.js';
import { OpLogEntryMessage } from './messages.js';

export const OP_LOG_FORMAT = { id: 'strata-oplog', version: 1 } as const;

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

interface FieldWire {
  name: string;
  flags: number;
  terms: string[];
  positions: number[];
  startOffsets: number[];
  endOffsets: number[];
  boost: number;
  numValues: number[];
  strValues: string[];
  storedJson: string;
  termVector: string;
}

interface DocWire {
  type: string;
  id: string;
  routing: string;
  parent: string;
  source: Uint8Array;
  flags: number;
  fields: FieldWire[];
  nested: Array<{ path: string; offset: number; fields: FieldWire[] }>;
}

interface EntryWire {
  op: number;
  seqNo: number;
  version: number;
  type: string;
  id: string;
  doc?: DocWire;
}

function fieldToWire(f: IndexableField): FieldWire {
  let flags = 0;
  const terms: string[] = [];
  const positions: number[] = [];
  const startOffsets: number[] = [];
  const endOffsets: number[] = [];
  if (f.tokens) {
    flags |= F.HAS_TOKENS;
    for (const t of f.tokens) {
      terms.push(t.term);
      positions.push(t.position);
      startOffsets.push(t.startOffset);
      endOffsets.push(t.endOffset);
    }
  }
  if (f.positions !== undefined) flags |= F.POSITIONS_SET | (f.positions ? F.POSITIONS : 0);
  if (f.offsets !== undefined) flags |= F.OFFSETS_SET | (f.offsets ? F.OFFSETS : 0);
  if (f.norms !== undefined) flags |= F.NORMS_SET | (f.norms ? F.NORMS : 0);
  if (f.boost !== undefined) flags |= F.HAS_BOOST;
  const numValues: number[] = [];
  const strValues: string[] = [];
  if (f.docValues) {
    flags |= F.HAS_DOC_VALUES;
    const isString = f.docValuesType ? f.docValuesType === 'string' : typeof f.docValues[0] === 'string';
    if (isString) flags |= F.DV_STRING;
    if (f.docValuesType) flags |= F.DV_TYPE_SET;
    for (const v of f.docValues) {
      if (isString) strValues.push(String(v));
      else numValues.push(Number(v));
    }
  }
  if (f.stored) flags |= F.HAS_STORED;
  if (f.termVector) flags |= F.HAS_TERM_VECTOR;
  return {
    name: f.name,
    flags,
    terms,
    positions,
    startOffsets,
    endOffsets,
    boost: f.boost ?? 1,
    numValues,
    strValues,
    storedJson: f.stored ? JSON.stringify(f.stored) : '',
    termVector: f.termVector ?? '',
  };
}

function fieldFromWire(w: FieldWire): IndexableField {
  const f: IndexableField = { name: w.name };
  if (w.flags & F.HAS_TOKENS) {
    const tokens: Token[] = new Array(w.terms.length);
    for (let i = 0; i < w.terms.length; i++) {
      tokens[i] = {
        term: w.terms[i] as string,
        position: w.positions[i] ?? 0,
        startOffset: w.startOffsets[i] ?? 0,
        endOffset: w.endOffsets[i] ?? 0,
        type: 'word',
      };
    }
    f.tokens = tokens;
  }
  if (w.flags & F.POSITIONS_SET) f.positions = (w.flags & F.POSITIONS) !== 0;
  if (w.flags & F.OFFSETS_SET) f.offsets = (w.flags & F.OFFSETS) !== 0;
  if (w.flags & F.NORMS_SET) f.norms = (w.flags & F.NORMS) !== 0;
  if (w.flags & F.HAS_BOOST) f.boost = w.boost;
  if (w.flags & F.HAS_DOC_VALUES) {
    const isString = (w.flags & F.DV_STRING) !== 0;
    f.docValues = isString ? [...w.strValues] : [...w.numValues];
    if (w.flags & F.DV_TYPE_SET) f.docValuesType = isString ? 'string' : 'numeric';
  }
  if (w.flags & F.HAS_STORED) f.stored = JSON.parse(w.storedJson) as unknown[];
  if (w.flags & F.HAS_TERM_VECTOR) f.termVector = w.termVector as IndexableField['termVector'];
  return f;
}

function docToWire(d: ParsedDocument): DocWire {
  let flags = 0;
  if (d.source) flags |= D.HAS_SOURCE;
  if (d.routing !== undefined) flags |= D.HAS_ROUTING;
  if (d.parent !== undefined) flags |= D.HAS_PARENT;
  return {
    type: d.type,
    id: d.id,
    routing: d.routing ?? '',
    parent: d.parent ?? '',
    source: d.source ?? Buffer.alloc(0),
    flags,
    fields: d.fields.map(fieldToWire),
    nested: (d.nested ?? []).map((n) => ({ path: n.path, offset: n.offset, fields: n.fields.map(fieldToWire) })),
  };
}

function docFromWire(w: DocWire): ParsedDocument {
  const d: ParsedDocument = { type: w.type, id: w.id, fields: w.fields.map(fieldFromWire) };
  if (w.flags & D.HAS_ROUTING) d.routing = w.routing;
  if (w.flags & D.HAS_PARENT) d.parent = w.parent;
  if (w.flags & D.HAS_SOURCE) d.source = Buffer.from(w.source);
  if (w.nested.length > 0) {
    d.nested = w.nested.map((n): NestedDocument => ({ path: n.path, offset: n.offset, fields: n.fields.map(fieldFromWire) }));
  }
  return d;
}

export function encodeOpLogEntry(e: OpLogEntry): Buffer {
  const wire: EntryWire =
    e.op === 'index'
      ? { op: 1, seqNo: e.seqNo, version: e.version, type: e.doc.type, id: e.doc.id, doc: docToWire(e.doc) }
      : { op: 2, seqNo: e.seqNo, version: e.version, type: e.type, id: e.id };
  const bytes = OpLogEntryMessage.encode(wire).finish();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export function decodeOpLogEntry(buf: Uint8Array): OpLogEntry {
  const w = OpLogEntryMessage.decode(buf) as unknown as EntryWire;
  if (w.op === 1) {
    if (!w.doc) throw new Error('corrupt op-log entry: index without document');
    return { op: 'index', seqNo: w.seqNo, version: w.version, doc: docFromWire(w.doc) };
  }
  return { op: 'delete', seqNo: w.seqNo, version: w.version, type: w.type, id: w.id };
}
