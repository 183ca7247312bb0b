/**
 * A replica copy's write path (lib/shard/replica-write.ts): the op-log records a primary wrote,
 * applied in order on another engine, give the same documents with the primary's versions and
 * seq nos (no version checks: the primary decided), survive a reopen of the replica (replayed
 * from its own op log), and a record that does not continue the replica's history is refused
 * with nothing applied. Peer recovery's source, `snapshotStore`, copies the store as it was when
 * called (later writes are not in it) into a store that opens as an equal copy, and the records
 * written after the snapshot then continue its history.
 */
import test from 'ava';
import { EsError } from '../../lib/errors/es-error.js';
import type { ShardOperation } from '../../lib/shard/types.js';
import { openShardStore } from '../../storage/shard-store.js';
import { doc, openTestEngine, openTmp, reparseTestDoc, tmpShardPath } from './helpers.js';

const index = (id: string, title: string, version?: number): ShardOperation => ({ op: 'index', opType: 'index', doc: doc(id, title), ...(version !== undefined ? { version, versionType: 'external' as const } : {}) });

test('records from the primary apply on the replica with the primary seq nos and versions, and survive a reopen', async (t) => {
  const primary = await openTmp();
  const replicaPath = tmpShardPath();
  let replica = await openTestEngine(replicaPath);
  t.teardown(async () => {
    await primary.destroy();
    await replica.destroy();
  });
  const records: Buffer[] = [];
  await primary.bulk([index('1', 'one'), index('2', 'two')], (r) => records.push(r));
  await primary.bulk([index('1', 'one again', 7), { op: 'delete', type: 'doc', id: '2' }], (r) => records.push(r));
  t.is(records.length, 2);
  for (const r of records) await replica.applyReplicated(r, reparseTestDoc);
  t.is(replica.maxSeqNo, primary.maxSeqNo);
  const one = await replica.get('doc', '1');
  t.is(one?.version, 7);
  t.is(one?.source?.toString(), '{"title":"one again"}');
  t.is(await replica.get('doc', '2'), null);
  t.is(replica.stats().indexTotal, 3);
  t.is(replica.stats().deleteTotal, 1);

  // closed and reopened, the replica replays its own op log: the same copy
  await replica.close();
  replica = await openTestEngine(replicaPath);
  t.is(replica.maxSeqNo, 3);
  t.is((await replica.get('doc', '1'))?.version, 7);
  t.is(await replica.get('doc', '2'), null);

  // the next write continues on both; one whose seq nos do not follow is refused, nothing applied
  const next: Buffer[] = [];
  await primary.bulk([index('3', 'three')], (r) => next.push(r));
  await primary.bulk([index('4', 'four')], (r) => next.push(r));
  const gap = await t.throwsAsync(replica.applyReplicated(next[1]!, reparseTestDoc));
  t.true(gap instanceof EsError);
  t.is((gap as EsError).type, 'illegal_state_exception');
  t.is(gap!.message, '[test][0] replica expected operations from seq no [4], the primary sent [5..5]');
  t.is(await replica.get('doc', '4'), null);
  await replica.applyReplicated(next[0]!, reparseTestDoc);
  await replica.applyReplicated(next[1]!, reparseTestDoc);
  t.is((await replica.get('doc', '4'))?.version, 1);
  // the same record twice (an overlap) is refused too
  await t.throwsAsync(replica.applyReplicated(next[1]!, reparseTestDoc), { message: /expected operations from seq no \[6\], the primary sent \[5\.\.5\]/ });
});

test('snapshotStore copies the store as of the snapshot; records written after it continue the copy (peer recovery)', async (t) => {
  const primary = await openTmp();
  const copyPath = tmpShardPath();
  t.teardown(() => primary.destroy());
  await primary.bulk([index('a', 'alpha'), index('b', 'beta')]);
  await primary.flush();
  await primary.bulk([index('c', 'gamma')]); // above the commit: in the op log only
  const scan = primary.snapshotStore();
  // written after the snapshot, while the copy is read: not in it, kept as records instead
  const after: Buffer[] = [];
  await primary.bulk([index('d', 'delta'), index('a', 'alpha again')], (r) => after.push(r));
  await primary.flush();
  const target = await openShardStore('leveldb', copyPath);
  let keys = 0;
  await scan(async (k, v) => {
    keys++;
    await target.write([{ type: 'put', key: k, value: v }]);
  });
  await target.close();
  t.true(keys > 3);
  const copy = await openTestEngine(copyPath);
  t.teardown(() => copy.destroy());
  t.is(copy.maxSeqNo, 2);
  for (const id of ['a', 'b', 'c']) t.is((await copy.get('doc', id))?.version, 1);
  t.is(await copy.get('doc', 'd'), null);
  await copy.refresh();
  const s = copy.searcher();
  try {
    t.is(s.segments.reduce((n, seg) => n + seg.numDocs, 0), 3);
  } finally {
    s.release();
  }
  for (const r of after) await copy.applyReplicated(r, reparseTestDoc);
  t.is(copy.maxSeqNo, primary.maxSeqNo);
  t.is((await copy.get('doc', 'a'))?.version, 2);
  t.is((await copy.get('doc', 'd'))?.source?.toString(), '{"title":"delta"}');
});
