/**
 * A shard copy's sync id (ES 5.6 synced flush): written into the commit by `syncFlush` when the
 * copy holds exactly the expected operations, kept across a reopen, and removed — durably, before
 * the write itself — by the first write after it.
 */
import test from 'ava';
import { openShardEngine } from '../../lib/shard/engine.js';
import type { ShardOperation } from '../../lib/shard/types.js';
import { doc, reparseTestDoc, tmpShardPath } from './helpers.js';

const index = (id: string, title: string): ShardOperation => ({ op: 'index', opType: 'index', doc: doc(id, title) });
const open = (path: string) => openShardEngine({ path, index: 't', indexUuid: 'u', shardId: 0, refreshIntervalMs: -1, reparse: reparseTestDoc });

test('syncFlush writes the sync id when the copy holds the expected operations; a reopen keeps it', async (t) => {
  const path = tmpShardPath();
  let e = await open(path);
  t.teardown(() => e.destroy());
  await e.bulk([index('1', 'a'), index('2', 'b')]);
  t.is(e.syncId(), undefined);
  // the primary expects more operations than this copy holds: not synced
  t.is(await e.syncFlush('other', e.maxSeqNo + 1), 'commit has changed');
  t.is(e.syncId(), undefined);
  t.is(await e.syncFlush('sync-1', e.maxSeqNo), undefined);
  t.is(e.syncId(), 'sync-1');
  await e.close();
  e = await open(path);
  t.is(e.syncId(), 'sync-1');
});

test('the first write after a synced flush removes the sync id, also after a reopen', async (t) => {
  const path = tmpShardPath();
  let e = await open(path);
  t.teardown(() => e.destroy());
  await e.bulk([index('1', 'a')]);
  t.is(await e.syncFlush('sync-2', e.maxSeqNo), undefined);
  await e.bulk([index('2', 'b')]);
  t.is(e.syncId(), undefined);
  await e.close();
  e = await open(path);
  t.is(e.syncId(), undefined);
  // a delete counts as a write too
  t.is(await e.syncFlush('sync-3', e.maxSeqNo), undefined);
  await e.bulk([{ op: 'delete', type: 'doc', id: '1' }]);
  t.is(e.syncId(), undefined);
});
