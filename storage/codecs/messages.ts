/**
 * protobufjs message types for the record-like values: the stored document and the version
 * (tombstone) entry. Defined with protobufjs's JSON descriptors, no protoc step. Field numbers are
 * part of the on-disk format: only ever add fields.
 * protobufjs (CommonJS) is required, and the types built, when a record is first encoded or
 * decoded, not when storage is imported: the start path of a node opens shards without either
 * (docs/benchmarks.md "Start and footprint"). The types are constants of the format, the same for every node.
 */
import { createRequire } from 'node:module';
import type protobufNs from 'protobufjs';

const descriptor = {
  nested: {
    strata: {
      nested: {
        StoredDoc: {
          fields: {
            type: { type: 'string', id: 1 },
            id: { type: 'string', id: 2 },
            version: { type: 'double', id: 3 },
            routing: { type: 'string', id: 4 },
            parent: { type: 'string', id: 5 },
            source: { type: 'bytes', id: 6 },
            hasSource: { type: 'bool', id: 7 },
            /** JSON of `Record<field, unknown[]>`, empty when no stored fields. */
            storedJson: { type: 'string', id: 8 },
            hasRouting: { type: 'bool', id: 9 },
            hasParent: { type: 'bool', id: 10 },
          },
        },
        VersionEntry: {
          fields: {
            version: { type: 'double', id: 1 },
            seqNo: { type: 'double', id: 2 },
            deleted: { type: 'bool', id: 3 },
          },
        },
      },
    },
  },
};

interface RecordTypes {
  StoredDoc: protobufNs.Type;
  VersionEntry: protobufNs.Type;
}
let types: RecordTypes | undefined;

/** The record types, built on first use (`protobufjs/light`: JSON descriptors need no .proto parser). */
export function recordTypes(): RecordTypes {
  if (types === undefined) {
    const protobuf = createRequire(import.meta.url)('protobufjs/light') as typeof protobufNs;
    const root = protobuf.Root.fromJSON(descriptor);
    types = { StoredDoc: root.lookupType('strata.StoredDoc'), VersionEntry: root.lookupType('strata.VersionEntry') };
  }
  return types;
}
