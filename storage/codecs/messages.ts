/**
 * protobufjs message types for the record-like values: the stored document and the version
 * (tombstone) entry. Defined with protobufjs's JSON descriptors, no protoc step. Field numbers are
 * part of the on-disk format: only ever add fields.
 */
import protobuf from 'protobufjs';

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

const root = protobuf.Root.fromJSON(descriptor);

export const StoredDocMessage = root.lookupType('strata.StoredDoc');
export const VersionEntryMessage = root.lookupType('strata.VersionEntry');
