/**
 * `wait_for_active_shards` as ES 5.6 `ActiveShardCount#parseString` reads it. On one node only
 * primaries are ever active; the value is validated so a bad one gets ES's error instead of
 * being ignored.
 */
import { illegalArgument } from '../errors/errors.js';
import { NumberFormatError, javaParseInt } from '../units/java-parse.js';

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
