/**
 * protobufjs message types for the two record-like values: the stored document and the
 * operation-log entry (which carries a whole analyzed ParsedDocument so replay never needs the
 * mappings). Defined with protobufjs's JSON descriptors, no protoc step. Field numbers are
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
        Field: {
          fields: {
            name: { type: 'string', id: 1 },
            /** Bit flags, see `FIELD_FLAGS` in op-log.ts (presence and value of optional booleans). */
            flags: { type: 'uint32', id: 2 },
            terms: { rule: 'repeated', type: 'string', id: 3 },
            positions: { rule: 'repeated', type: 'sint32', id: 4 },
            startOffsets: { rule: 'repeated', type: 'sint32', id: 5 },
            endOffsets: { rule: 'repeated', type: 'sint32', id: 6 },
            boost: { type: 'double', id: 7 },
            numValues: { rule: 'repeated', type: 'double', id: 8 },
            strValues: { rule: 'repeated', type: 'string', id: 9 },
            storedJson: { type: 'string', id: 10 },
            termVector: { type: 'string', id: 11 },
            tokenTypes: { rule: 'repeated', type: 'string', id: 12 },
            positionLengths: { rule: 'repeated', type: 'uint32', id: 13 },
          },
        },
        Nested: {
          fields: {
            path: { type: 'string', id: 1 },
            offset: { type: 'uint32', id: 2 },
            fields: { rule: 'repeated', type: 'Field', id: 3 },
          },
        },
        Doc: {
          fields: {
            type: { type: 'string', id: 1 },
            id: { type: 'string', id: 2 },
            routing: { type: 'string', id: 3 },
            parent: { type: 'string', id: 4 },
            source: { type: 'bytes', id: 5 },
            flags: { type: 'uint32', id: 6 },
            fields: { rule: 'repeated', type: 'Field', id: 7 },
            nested: { rule: 'repeated', type: 'Nested', id: 8 },
          },
        },
        OpLogEntry: {
          fields: {
            /** 1 = index, 2 = delete. */
            op: { type: 'uint32', id: 1 },
            seqNo: { type: 'double', id: 2 },
            version: { type: 'double', id: 3 },
            type: { type: 'string', id: 4 },
            id: { type: 'string', id: 5 },
            doc: { type: 'Doc', id: 6 },
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
export const OpLogEntryMessage = root.lookupType('strata.OpLogEntry');
export const VersionEntryMessage = root.lookupType('strata.VersionEntry');
