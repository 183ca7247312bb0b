/**
 * Encoding the shard boundary's plain messages as protobuf (schema.ts) and back: one
 * {@link WireType} per message, converted by proto-codec.ts. `decode(encode(m))` gives `m` back
 * exactly: required fields with their values (also 0, false and ''), optional fields only when
 * they were set; a key the schema does not define, a missing required field or a value of the
 * wrong kind makes `encode` throw a `WireCodecError`.
 */
import { shardSchema } from './schema.js';
import { MessageTypes } from './proto-codec.js';
import type { ShardError } from './shard-error.js';
import type { ClearCachesRequest, ClearCachesResult, SegmentSummary, ShardFieldStats, ShardRecoveryInfo } from './shard-maintenance.js';

export { WireCodecError } from './proto-value.js';

/** A message type on the wire. */
export interface WireType<T> {
  readonly name: string;
  encode(value: T): Uint8Array;
  decode(bytes: Uint8Array): T;
}

const PACKAGE = 'strata.shard';
const types = new MessageTypes(shardSchema, PACKAGE);

/** The wire type of the schema's message `name` (without the package). */
export function wireType<T>(name: string): WireType<T> {
  const type = shardSchema.lookupType(`${PACKAGE}.${name}`);
  const info = types.info(type);
  return {
    name: type.fullName.slice(1),
    encode: (value) => type.encode(types.toWire(info, value, '$')).finish(),
    decode: (bytes) => types.fromWire(info, type.decode(bytes) as unknown as Record<string, unknown>) as T,
  };
}

export const ShardErrorWire = wireType<ShardError>('ShardError');
export const SegmentSummaryWire = wireType<SegmentSummary>('SegmentSummary');
export const ShardRecoveryInfoWire = wireType<ShardRecoveryInfo>('ShardRecoveryInfo');
export const ClearCachesRequestWire = wireType<ClearCachesRequest>('ClearCachesRequest');
export const ClearCachesResultWire = wireType<ClearCachesResult>('ClearCachesResult');
export const ShardFieldStatsWire = wireType<ShardFieldStats>('ShardFieldStats');
