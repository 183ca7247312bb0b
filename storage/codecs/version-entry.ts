/**
 * Version entry codec (format `strata-version` v1, protobuf message `strata.VersionEntry`):
 * the delete tombstone of a (type, id), so a later re-index continues from the deleted
 * version (ES keeps deleted versions for `index.gc_deletes`; Strata keeps them until the id is
 * indexed again). Live documents need no entry: their version is in the segment's doc-ids
 * column or in the operation log.
 */
import { recordTypes } from './messages.js';

export const VERSION_ENTRY_FORMAT = { id: 'strata-version', version: 1 } as const;

export interface VersionEntry {
  version: number;
  seqNo: number;
  deleted: boolean;
}

export function encodeVersionEntry(e: VersionEntry): Buffer {
  const bytes = recordTypes().VersionEntry.encode(e).finish();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export function decodeVersionEntry(buf: Uint8Array): VersionEntry {
  const m = recordTypes().VersionEntry.decode(buf) as unknown as VersionEntry;
  return { version: m.version, seqNo: m.seqNo, deleted: m.deleted };
}
