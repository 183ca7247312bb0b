/**
 * Shard failures and the `search_phase_execution_exception` ES raises when every shard failed
 * (`grouped` failures: one per distinct index + cause).
 */
import { EsError, toEsError } from '../../errors/errors.js';
import { isElasticsearchExceptionType } from '../../errors/java-exceptions.js';
import { exceptionToJson } from '../../errors/exception-json.js';

export interface ShardFailure {
  shard: number;
  index: string;
  node: string;
  error: EsError;
}

/** `_shards.failures[]` entry. */
export function shardFailureJson(f: ShardFailure): Record<string, unknown> {
  return { shard: f.shard, index: f.index, node: f.node, reason: errorJson(f.error) };
}

/** Group failures as ES's `ExceptionsHelper.groupBy` (same index, type and reason). */
export function groupFailures(failures: readonly ShardFailure[]): ShardFailure[] {
  const seen = new Set<string>();
  const out: ShardFailure[] = [];
  for (const f of failures) {
    const key = `${f.index}\u0000${f.error.type}\u0000${f.error.reason}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(f);
  }
  return out;
}

/** The error when all shards failed in `phase`. */
export function allShardsFailed(phase: string, failures: readonly ShardFailure[]): EsError {
  const grouped = groupFailures(failures);
  const first = grouped[0];
  const status = first ? first.error.status : 503;
  const err = new EsError('search_phase_execution_exception', status, 'all shards failed', {
    metadata: { phase, grouped: true, failed_shards: grouped.map(shardFailureJson) },
  });
  (err as EsError & { rootCauses?: EsError[] }).rootCauses = grouped.flatMap((f) => guessRootCauses(f.error));
  return err;
}

/** A shard failure from anything thrown. */
export function toShardFailure(index: string, shard: number, node: string, e: unknown): ShardFailure {
  return { index, shard, node, error: toEsError(e) };
}

/** ES `guessRootCauses`: the deepest Elasticsearch exception of the chain (a JDK exception stops the walk). */
export function guessRootCauses(e: EsError): EsError[] {
  if (!isElasticsearchExceptionType(e.type)) return [e];
  let cur = e;
  while (cur.causedBy && isElasticsearchExceptionType(cur.causedBy.type)) cur = cur.causedBy;
  return [cur];
}

/** `{type, reason, ...metadata, caused_by}` as ES renders an exception (lib/errors/exception-json.ts). */
export function errorJson(e: EsError): Record<string, unknown> {
  return exceptionToJson(e, { withCause: true, stackTrace: false });
}
