/**
 * `POST /_forcemerge`, `/{index}/_forcemerge` (ES 5.6 `ForceMergeRequest`).
 */
import type { NodeContext } from '../context.js';
import { broadcast, type ShardsHeader } from './broadcast.js';

/** `POST /_forcemerge`: merge each shard (ES 5.6 `maybeMerge` when no segment count is given), then flush. */
export async function forceMerge(
  ctx: NodeContext,
  indices: string[],
  o: { maxNumSegments: number; onlyExpungeDeletes: boolean; flush: boolean },
): Promise<{ _shards: ShardsHeader }> {
  const header = await broadcast(ctx, indices, async (client, shard) => {
    await client.forceMerge({ ...shard, ...(o.maxNumSegments > 0 ? { maxNumSegments: o.maxNumSegments } : {}), onlyExpungeDeletes: o.onlyExpungeDeletes });
    if (o.flush) await client.flush(shard);
  });
  return { _shards: header };
}
