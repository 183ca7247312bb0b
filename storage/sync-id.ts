/**
 * The sync id of a shard copy's last commit (ES 5.6's `sync_id` in the Lucene commit user data):
 * written by a synced flush when the copy holds exactly what the primary held, removed by the
 * first write after it. Two copies with the same sync id hold the same documents, so a returning
 * copy whose sync id matches its primary's keeps its store instead of copying the primary's.
 */
import { metaKey } from './keyspace.js';
import type { ShardStore } from './shard-store.js';

const SYNC_ID = metaKey('sync_id');

/** The store's sync id, or undefined when its last commit has none. */
export async function readSyncId(store: ShardStore): Promise<string | undefined> {
  const v = await store.get(SYNC_ID);
  return v ? v.toString('utf8') : undefined;
}

/**
 * Set (or with undefined remove) the store's sync id, durably (synced). The LevelDB write is issued
 * before this returns its promise, so a write issued after the call is ordered after it.
 */
export function writeSyncId(store: ShardStore, syncId: string | undefined): Promise<void> {
  return syncId === undefined ? store.write([{ type: 'del', key: SYNC_ID }], { sync: true }) : store.put(SYNC_ID, Buffer.from(syncId, 'utf8'), { sync: true });
}
