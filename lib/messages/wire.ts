/**
 * Encoding the shard boundary's plain messages as protobuf (schema.ts) and back: one
 * {@link WireType} per message, converted by proto-codec.ts. `decode(encode(m))` gives `m` back
 * exactly: required fields with their values (also 0, false and ''), optional fields only when
 * they were set; a key the schema does not define, a missing required field or a value of the
 * wrong kind makes `encode` throw a `WireCodecError`.
 */
import { shardSchema } from './schema.js';
import { MessageTypes } from './proto-codec.js';
import { fromValue, toValue } from './proto-value.js';
import type { ShardError } from './shard-error.js';
import type { ClearCachesResult, SegmentSummary, ShardFieldStats, ShardRecoveryInfo } from './shard-maintenance.js';

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
  // the Value tree is the one type whose JavaScript form is not an object of its fields
  const toWire = type === types.value ? (v: unknown) => toValue(v, '$') : (v: unknown) => types.toWire(info, v, '$');
  const fromWire = type === types.value ? fromValue : (m: Record<string, unknown>) => types.fromWire(info, m);
  return {
    name: type.fullName.slice(1),
    encode: (value) => type.encode(toWire(value)).finish(),
    decode: (bytes) => fromWire(type.decode(bytes) as unknown as Record<string, unknown>) as T,
  };
}

export const ShardErrorWire = wireType<ShardError>('ShardError');
export const SegmentSummaryWire = wireType<SegmentSummary>('SegmentSummary');
export const ShardRecoveryInfoWire = wireType<ShardRecoveryInfo>('ShardRecoveryInfo');
export const ClearCachesResultWire = wireType<ClearCachesResult>('ClearCachesResult');
export const ShardFieldStatsWire = wireType<ShardFieldStats>('ShardFieldStats');
