/**
 * How each shard copy came up (ES 5.6 `RecoveryState` data), for `_cat/recovery` and the
 * recovery API. On one node every copy is a primary recovered from its own store on this node:
 * `EMPTY_STORE` for a new index, `EXISTING_STORE` when it reopened from disk (restart, open),
 * no files copied, the operation log replayed.
 */
import type { NodeContext } from '../context.js';
import type { ShardRecoveryInfo } from '../../indices/index-service.js';
import { resolveIndices, STRICT_EXPAND_OPEN, type IndicesOptions } from '../resolve-indices.js';

/** One shard copy and how it recovered. */
export interface ShardRecovery extends ShardRecoveryInfo {
  index: string;
  shard: number;
  primary: boolean;
  /** Always `DONE`: a shard is only served once it has opened. */
  stage: 'DONE';
}

export function shardRecoveries(ctx: NodeContext, expression: string | undefined, opts: IndicesOptions = STRICT_EXPAND_OPEN): ShardRecovery[] {
  const out: ShardRecovery[] = [];
  for (const name of resolveIndices(ctx.cluster.state(), expression, opts).sort()) {
    const svc = ctx.indices.get(name);
    if (!svc) continue;
    svc.recoveries.forEach((r, shard) => out.push({ ...r, index: name, shard, primary: true, stage: 'DONE' }));
  }
  return out;
}
