/**
 * `wait_for_active_shards` of a by-scroll run's bulks (ES 5.6 `ReplicationOperation#checkActiveShardCount`
 * through `TransportReplicationAction`'s retry until `timeout`): on one node only the primary of
 * a shard is ever active, so a count above one (or `all` with replicas) can never be met; after
 * the timeout each write to such a shard fails with `unavailable_shards_exception` (503).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { NodeContext } from '../context.js';
import type { BulkItemRequest, BulkItemResult } from '../bulk/types.js';
import { numberOfReplicas } from '../../cluster/state.js';
import { EsError } from '../../errors/errors.js';
import { TimeValue } from '../../units/time-value.js';
import { resolveWriteIndex, shardOf } from '../bulk/resolve-write-index.js';

/** The active copies a shard of `index` needs, or undefined when one (the primary) is enough. */
function shortfall(ctx: NodeContext, index: string, wanted: 'all' | number): number | undefined {
  const meta = ctx.cluster.state().indices[index];
  const needed = wanted === 'all' ? 1 + (meta ? numberOfReplicas(meta) : 0) : wanted;
  return needed > 1 ? needed : undefined;
}

/**
 * The items that cannot be written because their shard lacks active copies, failed after
 * waiting `timeoutMs` (ES retries until the timeout, then fails). Returns the failures by slot.
 */
export async function unavailableItems(ctx: NodeContext, items: readonly BulkItemRequest[], wanted: 'all' | number | undefined, timeoutMs: number): Promise<Map<number, BulkItemResult>> {
  const out = new Map<number, BulkItemResult>();
  if (wanted === undefined) return out;
  const state = ctx.cluster.state();
  const byShard = new Map<string, number[]>();
  items.forEach((it, slot) => {
    const target = resolveWriteIndex(state, it.index, it.routing, it.parent);
    if (!target || !state.indices[target.index]) return;
    if (shortfall(ctx, target.index, wanted) === undefined) return;
    const key = `[${target.index}][${shardOf(state, target.index, it.id ?? '', target.routing)}]`;
    let l = byShard.get(key);
    if (!l) byShard.set(key, (l = []));
    l.push(slot);
  });
  if (byShard.size === 0) return out;
  await sleep(Math.max(0, timeoutMs));
  for (const [key, slots] of byShard) {
    for (const slot of slots) {
      const it = items[slot]!;
      const index = key.slice(1, key.indexOf(']'));
      const needed = shortfall(ctx, index, wanted) ?? 1;
      const reason = `${key} Not enough active copies to meet shard count of [${wanted === 'all' ? 'ALL' : needed}] (have 1, needed ${needed}). Timeout: [${new TimeValue(timeoutMs).toString()}], request: [BulkShardRequest to [${index}] containing [${slots.length}] requests]`;
      out.set(slot, { opType: it.opType, index, type: it.type, id: it.id ?? '', status: 503, error: new EsError('unavailable_shards_exception', 503, reason, { metadata: { shard: key.slice(key.lastIndexOf('[') + 1, -1), index } }) });
    }
  }
  return out;
}
