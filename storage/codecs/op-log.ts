/**
 * Operation-log record codec (format `strata-oplog` v3): one value per bulk request (keyed by
 * its first seq no), holding every operation the primary decided for it — the translog role.
 *
 * Like Elasticsearch's translog `Index` operation, an index entry records what the document was
 * indexed FROM, not what it was indexed INTO: type, id, routing, parent and the source bytes
 * that were parsed (after ingest pipelines, before `_source` includes/excludes), plus the
 * version and seq no the primary assigned. Replay re-parses them against the index's mappings
 * (`openShardEngine`'s `reparse` hook). That is everything the document parser reads: it has
 * no clock, no randomness and no other input (Strata has no `_timestamp`/`_ttl`), and nested
 * documents, `_all`, `copy_to`, multi-fields, `_field_names` and the metadata fields are all
 * derived from these. The v2 format logged the analyzed document instead (all tokens of every
 * field): ~3.7x the source size per document, and encoding it was ~8% of indexing CPU.
 *
 * Record: entries back to back up to the end of the value. Entry: byte op (1 index, 2 delete),
 * varint seqNo, varint version, string type, string id; an index entry then has byte flags
 * (1 routing, 2 parent), [string routing], [string parent], blob source.
 */
import type { ParsedDocument } from '../../lib/mapping/parsed-document.js';
import { ByteReader, ByteWriter } from './bytes.js';

export const OP_LOG_FORMAT = { id: 'strata-oplog', version: 3 } as const;

/** What an index entry records: the inputs of the document parser (ES's translog `Index` op). */
export interface LoggedSource {
  type: string;
  id: string;
  routing?: string;
  parent?: string;
  /** The source bytes that were parsed (ParsedDocument.parsedSource). */
  source: Buffer;
}

/** One logged operation with the outcome the primary decided (version, seq no). */
export type OpLogEntry =
  | { op: 'index'; seqNo: number; version: number; doc: LoggedSource }
  | { op: 'delete'; seqNo: number; version: number; type: string; id: string };

const OP_INDEX = 1;
const OP_DELETE = 2;
const HAS_ROUTING = 1;
const HAS_PARENT = 2;

/**
 * Appends entries to one record. The write path logs each operation as it decides it, straight
 * from the ParsedDocument, so no per-operation entry object is built on the hot path.
 */
export class OpLogRecordWriter {
  private readonly w = new ByteWriter(4096);
  /** Entries written so far. */
  count = 0;

  /** Log an index operation of `doc` with the version and seq no it was given. */
  index(doc: ParsedDocument | LoggedSource, version: number, seqNo: number): void {
    const w = this.w;
    w.byte(OP_INDEX);
    w.varint(seqNo);
    w.varint(version);
    w.str(doc.type);
    w.str(doc.id);
    w.byte((doc.routing !== undefined ? HAS_ROUTING : 0) | (doc.parent !== undefined ? HAS_PARENT : 0));
    if (doc.routing !== undefined) w.str(doc.routing);
    if (doc.parent !== undefined) w.str(doc.parent);
    w.blob('parsedSource' in doc ? doc.parsedSource : doc.source);
    this.count++;
  }

  /** Log a delete of (type, id). */
  delete(type: string, id: string, version: number, seqNo: number): void {
    const w = this.w;
    w.byte(OP_DELETE);
    w.varint(seqNo);
    w.varint(version);
    w.str(type);
    w.str(id);
    this.count++;
  }

  /** The encoded record. */
  finish(): Buffer {
    return this.w.finish();
  }
}

/** Encode a record of entries. */
export function encodeOpLogRecord(entries: readonly OpLogEntry[]): Buffer {
  const w = new OpLogRecordWriter();
  for (const e of entries) {
    if (e.op === 'index') w.index(e.doc, e.version, e.seqNo);
    else w.delete(e.type, e.id, e.version, e.seqNo);
  }
  return w.finish();
}

/** Decode one record. */
export function decodeOpLogRecord(buf: Buffer): OpLogEntry[] {
  const r = new ByteReader(buf);
  const out: OpLogEntry[] = [];
  while (!r.done) {
    const op = r.byte();
    const seqNo = r.varint();
    const version = r.varint();
    const type = r.str();
    const id = r.str();
    if (op === OP_DELETE) {
      out.push({ op: 'delete', seqNo, version, type, id });
      continue;
    }
    if (op !== OP_INDEX) throw new Error(`corrupt op-log record: unknown op ${op}`);
    const flags = r.byte();
    const doc: LoggedSource = { type, id, source: Buffer.alloc(0) };
    if (flags & HAS_ROUTING) doc.routing = r.str();
    if (flags & HAS_PARENT) doc.parent = r.str();
    // A copy: the record buffer is not kept once replay has re-parsed it.
    doc.source = Buffer.from(r.blob());
    out.push({ op: 'index', seqNo, version, doc });
  }
  return out;
}
