/**
 * A shard's failure as a plain, serialisable message. Nothing thrown on the shard side crosses
 * the shard boundary as an object: the shard turns it into a {@link ShardError} and the
 * coordinator (lib/action) turns that back into the `EsError` it renders. ES serialises an
 * exception over its transport by class, and the class fixes the HTTP status; Strata's error
 * types are not one-to-one with Java classes (`general_script_exception` is 400 or 500 in
 * ES 5.6, by the class that carries the name), so the status travels with the type.
 * An unexpected error (a bug) crosses as `exception` with the internal-error reason; its
 * JavaScript message and stack stay in the shard side's log.
 */
import { EsError, toEsError } from '../errors/es-error.js';

/** One error of a chain: ES's `{type, reason, ...metadata, caused_by}`. */
export interface ShardError {
  type: string;
  status: number;
  reason: string;
  /** Java exception without a message: rendered as `"reason": null`. */
  nullReason?: boolean;
  /** Fields ES renders beside type and reason (index, shard, index_uuid, ...), JSON values only. */
  metadata?: Record<string, unknown>;
  causedBy?: ShardError;
}

/** The message form of anything thrown on the shard side. */
export function shardErrorOf(thrown: unknown): ShardError {
  const e = toEsError(thrown);
  const out: ShardError = { type: e.type, status: e.status, reason: e.reason };
  if (e.nullReason) out.nullReason = true;
  if (Object.keys(e.metadata).length > 0) out.metadata = e.metadata;
  if (e.causedBy) out.causedBy = shardErrorOf(e.causedBy);
  return out;
}

/** The coordinator's error for a shard's failure message. */
export function esErrorOf(m: ShardError): EsError {
  return new EsError(m.type, m.status, m.reason, {
    ...(m.metadata ? { metadata: m.metadata } : {}),
    ...(m.causedBy ? { causedBy: esErrorOf(m.causedBy) } : {}),
    ...(m.nullReason ? { nullReason: true } : {}),
  });
}

/**
 * The type of a read's failure on a shard with no started copy (ES `NoShardAvailableActionException`,
 * 503; writes get `unavailable_shards_exception`): a search counts such a shard as failed and goes on.
 */
export const NO_SHARD_AVAILABLE = 'no_shard_available_action_exception';
