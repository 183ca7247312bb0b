/**
 * Stored document codec (format `strata-stored` v1, protobuf message `strata.StoredDoc`): one
 * value per (segment, root doc number) with `_source`, the stored fields and the metadata a get
 * or a search fetch returns.
 */
import type { StoredDocument } from '../../lib/shard/types.js';
import { StoredDocMessage } from './messages.js';

export const STORED_DOC_FORMAT = { id: 'strata-stored', version: 1 } as const;

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

export function encodeStoredDoc(d: StoredDocument): Buffer {
  const stored = Object.keys(d.stored).length > 0 ? JSON.stringify(d.stored) : '';
  const msg: StoredDocWire = {
    type: d.type,
    id: d.id,
    version: d.version,
    routing: d.routing ?? '',
    parent: d.parent ?? '',
    source: d.source ?? Buffer.alloc(0),
    hasSource: d.source !== undefined,
    storedJson: stored,
    hasRouting: d.routing !== undefined,
    hasParent: d.parent !== undefined,
  };
  const bytes = StoredDocMessage.encode(msg).finish();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export function decodeStoredDoc(buf: Uint8Array): StoredDocument {
  const m = StoredDocMessage.decode(buf) as unknown as StoredDocWire;
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
