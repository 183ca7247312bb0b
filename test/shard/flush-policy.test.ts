/**
 * The op log above the last flush (ES's uncommitted translog): counted for `_stats/translog`,
 * flushed automatically past `index.translog.flush_threshold_size` or after a quiet period, and
 * its bytes (with those of cleared segments) given back to the disk by the flush's compaction.
 */
import test from 'ava';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { openShardEngine } from '../../lib/shard/engine.js';
import type { ShardOperation } from '../../lib/shard/types.js';
import { doc, reparseTestDoc, tmpShardPath } from './helpers.js';

const index = (id: string, title: string): ShardOperation => ({ op: 'index', opType: 'index', doc: doc(id, title) });
const words = (n: number): string => Array.from({ length: n }, (_, i) => `word${i % 97}`).join(' ');

function dirBytes(path: string): number {
  return readdirSync(path).reduce((sum, f) => sum + statSync(join(path, f)).size, 0);
}

async function until(cond: () => boolean, ms = 5000, seen?: () => unknown): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`condition not reached${seen ? ` (last seen ${JSON.stringify(seen())})` : ''}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

test('translog stats count the operations above the last flush, and survive a reopen', async (t) => {
  const path = tmpShardPath();
  let e = await openShardEngine({ path, index: 't', indexUuid: 'u', shardId: 0, refreshIntervalMs: -1, reparse: reparseTestDoc });
  t.teardown(() => e.destroy());
  t.like(e.stats(), { translogOperations: 0, translogSizeInBytes: 0 });
  await e.bulk([index('1', 'a b'), index('2', 'c d')]);
  await e.bulk([{ op: 'delete', type: 'doc', id: '1' }]);
  const s = e.stats();
  t.is(s.translogOperations, 3);
  t.true(s.translogSizeInBytes > 0);
  // A refresh is not a flush: the operations stay in the op log.
  await e.refresh();
  t.is(e.stats().translogOperations, 3);
  await e.flush();
  t.like(e.stats(), { translogOperations: 0, translogSizeInBytes: 0, flushTotal: 1 });
  await e.bulk([index('3', 'e f')]);
  // Reopen without a clean close would replay; a clean close flushes (as ES does).
  await e.close();
  e = await openShardEngine({ path, index: 't', indexUuid: 'u', shardId: 0, refreshIntervalMs: -1, reparse: reparseTestDoc });
  t.like(e.stats(), { translogOperations: 0, docsCount: 2 });
});

test('the op log is flushed automatically once it passes the flush threshold', async (t) => {
  const e = await openShardEngine({ path: tmpShardPath(), index: 't', indexUuid: 'u', shardId: 0, refreshIntervalMs: -1, flushThresholdBytes: 4096, reparse: reparseTestDoc });
  t.teardown(() => e.destroy());
  await e.bulk([index('1', words(50))]);
  t.is(e.stats().flushTotal, 0);
  for (let i = 2; i < 40; i++) await e.bulk([index(String(i), words(50))]);
  await until(() => e.stats().flushTotal > 0);
  // The flush refreshed: what was written before it is searchable.
  t.true(e.stats().docsCount >= 1);
  // Settle: an explicit flush queues behind any background one and leaves an empty op log.
  await e.flush();
  t.is(e.stats().translogOperations, 0);
  e.setFlushThresholdBytes(1024 * 1024 * 1024);
  const flushes = e.stats().flushTotal;
  for (let i = 40; i < 80; i++) await e.bulk([index(String(i), words(50))]);
  t.is(e.stats().flushTotal, flushes);
  t.is(e.stats().translogOperations, 40);
});

test('a shard that takes no writes for the idle period is flushed', async (t) => {
  const e = await openShardEngine({ path: tmpShardPath(), index: 't', indexUuid: 'u', shardId: 0, refreshIntervalMs: -1, idleFlushMs: 50, reparse: reparseTestDoc });
  t.teardown(() => e.destroy());
  await e.bulk([index('1', 'quiet shard')]);
  await until(() => e.stats().flushTotal === 1);
  t.like(e.stats(), { translogOperations: 0, docsCount: 1 });
  // Nothing new: no further flush.
  await new Promise((r) => setTimeout(r, 200));
  t.is(e.stats().flushTotal, 1);
});

test('a shard turns inactive once per quiet period after a write: flushed, and its listener told once (ES onShardInactive)', async (t) => {
  let told = 0;
  const e = await openShardEngine({ path: tmpShardPath(), index: 't', indexUuid: 'u', shardId: 0, refreshIntervalMs: -1, idleFlushMs: 50, reparse: reparseTestDoc, onInactive: () => told++ });
  t.teardown(() => e.destroy());
  // never written since it opened: not active, so never inactive either (ES's active flag starts false)
  await new Promise((r) => setTimeout(r, 250));
  t.is(told, 0);
  await e.bulk([index('1', 'quiet shard')]);
  const seen = (): unknown => ({ told, translog: e.stats().translogOperations, flushes: e.stats().flushTotal });
  await until(() => told === 1 && e.stats().translogOperations === 0, 5000, seen);
  t.true(e.stats().flushTotal >= 1);
  // still quiet: told once only
  await new Promise((r) => setTimeout(r, 250));
  t.is(told, 1);
  // a write makes it active again: one more transition
  await e.bulk([index('2', 'written again')]);
  await until(() => told === 2 && e.stats().translogOperations === 0, 5000, seen);
  t.is(told, 2);
});

test('a flush gives the bytes of the trimmed op log and of merged-away segments back to the disk', async (t) => {
  const path = tmpShardPath();
  const e = await openShardEngine({ path, index: 't', indexUuid: 'u', shardId: 0, refreshIntervalMs: -1, reparse: reparseTestDoc });
  t.teardown(() => e.destroy());
  for (let round = 0; round < 12; round++) {
    const ops: ShardOperation[] = [];
    for (let i = 0; i < 200; i++) ops.push(index(`${round}-${i}`, `${words(40)} round${round}`));
    await e.bulk(ops);
    await e.refresh();
  }
  await e.forceMerge({ maxNumSegments: 1 });
  const before = dirBytes(path);
  await e.flush();
  const after = dirBytes(path);
  t.is(e.stats().docsCount, 2400);
  // The op log held every document once more, and 12 merged-away segments another copy.
  t.true(after < before * 0.6, `store ${before} -> ${after} bytes`);
  t.is((await e.get('doc', '11-199'))?.id, '11-199');
});
