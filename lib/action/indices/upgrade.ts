/**
 * `GET /_upgrade` (status) and `POST /_upgrade` (ES 5.6 `UpgradeStatusResponse`, `UpgradeResponse`).
 */
import type { NodeContext } from '../context.js';
import { byteSizeField } from '../../units/human-fields.js';
import { broadcast } from './broadcast.js';
import { LUCENE_VERSION, shardSegments } from './segments.js';

/** ES version Strata answers as (`upgrade_version`). */
const ES_VERSION = '5.6.16';

async function sizeOf(ctx: NodeContext, index: string): Promise<number> {
  let n = 0;
  for (const s of (await shardSegments(ctx, [index])).shards) for (const seg of s.segments) n += seg.sizeInBytes;
  return n;
}

/**
 * `GET /_upgrade`: bytes of segments written by an older version. Every Strata segment is of the
 * current format, so nothing needs upgrading.
 */
export async function upgradeStatus(ctx: NodeContext, indices: string[], human: boolean): Promise<Record<string, unknown>> {
  const header = await broadcast(ctx, indices, async () => undefined);
  const sizes = (target: Record<string, unknown>, bytes: number): Record<string, unknown> => {
    byteSizeField(target, 'size_in_bytes', 'size', bytes, human);
    byteSizeField(target, 'size_to_upgrade_in_bytes', 'size_to_upgrade', 0, human);
    byteSizeField(target, 'size_to_upgrade_ancient_in_bytes', 'size_to_upgrade_ancient', 0, human);
    return target;
  };
  const perIndex = Object.create(null) as Record<string, unknown>;
  let total = 0;
  for (const name of indices) {
    const bytes = await sizeOf(ctx, name);
    total += bytes;
    perIndex[name] = sizes({}, bytes);
  }
  return { _shards: header, ...sizes({}, total), indices: perIndex };
}

/**
 * `POST /_upgrade`: rewrite old-format segments. There are none, so no shard merges; like ES,
 * every index whose primaries all answered is listed with the version it is now at.
 */
export async function upgrade(ctx: NodeContext, indices: string[]): Promise<Record<string, unknown>> {
  const header = await broadcast(ctx, indices, async () => undefined);
  const upgraded = Object.create(null) as Record<string, unknown>;
  for (const name of indices) upgraded[name] = { upgrade_version: ES_VERSION, oldest_lucene_segment_version: LUCENE_VERSION };
  return { _shards: header, upgraded_indices: upgraded };
}
