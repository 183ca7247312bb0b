/**
 * Encoding the shard boundary's plain messages as protobuf (schema.ts) and back. One
 * {@link WireType} per message; where the TypeScript shape differs from the schema (JSON-valued
 * fields) an adapter converts. `decode(encode(m))` gives `m` back exactly: required fields with
 * their values (also 0, false and ''), optional fields only when they were set.
 */
import type protobuf from 'protobufjs';
import { shardSchema } from './schema.js';
import type { ShardError } from './shard-error.js';
import type { ClearCachesRequest, ClearCachesResult, SegmentSummary, ShardFieldStats, ShardRecoveryInfo } from './shard-maintenance.js';

/** A message type on the wire. */
export interface WireType<T> {
  readonly name: string;
  encode(value: T): Uint8Array;
  decode(bytes: Uint8Array): T;
}

const TO_OBJECT: protobuf.IConversionOptions = { defaults: true, arrays: true, longs: Number, enums: String };

/** A wire type whose JavaScript shape is the schema's, or converted by `toWire` / `fromWire`. */
function wireType<T, W extends object = T & object>(name: string, toWire?: (v: T) => W, fromWire?: (w: W) => T): WireType<T> {
  const type = shardSchema.lookupType(name);
  return {
    name,
    encode(value) {
      const plain = toWire ? toWire(value) : (value as unknown as W);
      return type.encode(type.fromObject(plain as Record<string, unknown>)).finish();
    },
    decode(bytes) {
      const plain = type.toObject(type.decode(bytes), TO_OBJECT) as W;
      return fromWire ? fromWire(plain) : (plain as unknown as T);
    },
  };
}

interface ShardErrorWire {
  type: string;
  status: number;
  reason: string;
  nullReason?: boolean;
  metadataJson?: string;
  causedBy?: ShardErrorWire;
}

function errorToWire(e: ShardError): ShardErrorWire {
  return {
    type: e.type,
    status: e.status,
    reason: e.reason,
    ...(e.nullReason !== undefined ? { nullReason: e.nullReason } : {}),
    ...(e.metadata !== undefined ? { metadataJson: JSON.stringify(e.metadata) } : {}),
    ...(e.causedBy !== undefined ? { causedBy: errorToWire(e.causedBy) } : {}),
  };
}

function errorFromWire(w: ShardErrorWire): ShardError {
  return {
    type: w.type,
    status: w.status,
    reason: w.reason,
    ...(w.nullReason !== undefined ? { nullReason: w.nullReason } : {}),
    ...(w.metadataJson !== undefined ? { metadata: JSON.parse(w.metadataJson) as Record<string, unknown> } : {}),
    ...(w.causedBy !== undefined ? { causedBy: errorFromWire(w.causedBy) } : {}),
  };
}

export const ShardErrorWire = wireType<ShardError, ShardErrorWire>('strata.shard.ShardError', errorToWire, errorFromWire);
export const SegmentSummaryWire = wireType<SegmentSummary>('strata.shard.SegmentSummary');
export const ShardRecoveryInfoWire = wireType<ShardRecoveryInfo>('strata.shard.ShardRecoveryInfo');
export const ClearCachesRequestWire = wireType<ClearCachesRequest>('strata.shard.ClearCachesRequest');
export const ClearCachesResultWire = wireType<ClearCachesResult>('strata.shard.ClearCachesResult');
export const ShardFieldStatsWire = wireType<ShardFieldStats>('strata.shard.ShardFieldStats');
