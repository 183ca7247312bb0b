/**
 * Reading a key range of a shard's keyspace: in batches with `nextv` (one native call per
 * thousand entries instead of one per entry), and always closing the iterator, also when the
 * callback throws.
 */
import type { ShardDb } from './segment-loader.js';

/** Call `each` for every entry of `range`, in key order; awaits `each` when it returns a promise. */
export async function scanRange(
  db: ShardDb,
  range: { gte?: Buffer; gt?: Buffer; lt?: Buffer; lte?: Buffer },
  each: (key: Buffer, value: Buffer) => void | Promise<void>,
): Promise<void> {
  const it = db.iterator(range);
  try {
    for (;;) {
      const entries = await it.nextv(1000);
      if (entries.length === 0) return;
      for (const [k, v] of entries) await each(k, v);
    }
  } finally {
    await it.close();
  }
}
