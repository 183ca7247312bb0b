/**
 * `wait_for_active_shards` as ES 5.6 `ActiveShardCount#parseString` reads it. On one node only
 * primaries are ever active; the value is validated so a bad one gets ES's error instead of
 * being ignored. In cluster mode a write's primary waits for that many active copies
 * (lib/cluster/replication/primary-replication.ts).
 */
import { illegalArgument } from '../errors/errors.js';
import { NumberFormatError, javaParseInt } from '../units/java-parse.js';
import { parseTimeValue, type TimeValue } from '../units/time-value.js';

/** `'all'`, a non-negative count, or undefined when absent (the default). Throws ES's errors. */
export function parseActiveShardCount(raw: string | undefined): 'all' | number | undefined {
  if (raw === undefined) return undefined;
  if (raw === 'all') return 'all';
  let n: number;
  try {
    n = javaParseInt(raw);
  } catch (e) {
    throw illegalArgument(`cannot parse ActiveShardCount[${raw}]`, e instanceof NumberFormatError ? e : undefined);
  }
  if (n < 0) throw illegalArgument('shard count cannot be a negative value');
  return n;
}

/** A write request's `wait_for_active_shards` and `timeout` parameters, as executeBulk takes them. */
export function writeWaitOptions(req: { param(name: string): string | undefined }): { waitForActiveShards?: 'all' | number; timeout?: TimeValue } {
  const w = parseActiveShardCount(req.param('wait_for_active_shards'));
  const t = req.param('timeout');
  return { ...(w !== undefined ? { waitForActiveShards: w } : {}), ...(t !== undefined ? { timeout: parseTimeValue(t, 'timeout') } : {}) };
}
