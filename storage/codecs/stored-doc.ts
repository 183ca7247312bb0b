/**
 * Stored document codec (protobuf message `strata.StoredDoc`): a root doc's `_source`, stored
 * fields and the metadata a get or a search fetch returns. Format `strata-stored` v1 kept one
 * value per (segment, root doc number); v2 packs them into chunks (storage/codecs/stored-chunk.ts),
 * each document encoded as here.
 */
import type { StoredDocument } from '../types.js';
import { ByteWriter } from './bytes.js';
import { recordTypes } from './messages.js';

export const STORED_DOC_FORMAT = { id: 'strata-stored', version: 2 } as const;

interface StoredDocWire {
  type: string;
  id: string;
  version: number;
  routing: string;
  parent: string;
  source: Uint8Array;
  hasSource: boolean;
  storedJson: string;
  hasRouting: boolean;
  hasParent: boolean;
}

/**
 * Encode a stored document. Written by hand in the protobuf wire format, byte for byte what
 * protobufjs writes for `strata.StoredDoc` (every field, in field-number order; tested against
 * it): this runs once per indexed document, and protobufjs' writer allocates an object per
 * field written.
 */
export function encodeStoredDoc(d: StoredDocument): Buffer {
  const stored = hasStoredFields(d.stored) ? JSON.stringify(d.stored) : '';
  const source = d.source;
  const w = new ByteWriter(64 + d.type.length + d.id.length + (source ? source.length : 0) + stored.length * 3);
  w.byte(0x0a); // 1 type: string
  w.str(d.type);
  w.byte(0x12); // 2 id: string
  w.str(d.id);
  w.byte(0x19); // 3 version: double
  w.f64(d.version);
  w.byte(0x22); // 4 routing: string
  w.str(d.routing ?? '');
  w.byte(0x2a); // 5 parent: string
  w.str(d.parent ?? '');
  w.byte(0x32); // 6 source: bytes
  w.blob(source ?? EMPTY);
  w.byte(0x38); // 7 hasSource: bool
  w.byte(source !== undefined ? 1 : 0);
  w.byte(0x42); // 8 storedJson: string
  w.str(stored);
  w.byte(0x48); // 9 hasRouting: bool
  w.byte(d.routing !== undefined ? 1 : 0);
  w.byte(0x50); // 10 hasParent: bool
  w.byte(d.parent !== undefined ? 1 : 0);
  return w.finish();
}

const EMPTY = Buffer.alloc(0);

function hasStoredFields(stored: Record<string, unknown[]>): boolean {
  for (const _ in stored) return true;
  return false;
}

export function decodeStoredDoc(buf: Uint8Array): StoredDocument {
  const m = recordTypes().StoredDoc.decode(buf) as unknown as StoredDocWire;
  const out: StoredDocument = {
    type: m.type,
    id: m.id,
    version: m.version,
    stored: m.storedJson ? (JSON.parse(m.storedJson) as Record<string, unknown[]>) : {},
  };
  if (m.hasRouting) out.routing = m.routing;
  if (m.hasParent) out.parent = m.parent;
  if (m.hasSource) out.source = Buffer.from(m.source);
  return out;
}
