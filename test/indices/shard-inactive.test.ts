/**
 * `indices.memory.shard_inactive_time` (ES 5.6 `IndexingMemoryController` / `IndexShard#checkIdle`,
 * `SyncedFlushService#onShardInactive`): a shard with no write for that long is flushed and its
 * primary runs a synced flush, which on a single node gives the commit a sync id; a write takes it
 * away and the next quiet period writes a new one; a shard never written since it opened is left
 * alone. The setting parses as ES's positive time setting. (The cluster case, where the sync id
 * lets a returning copy keep its store, is test/cluster/inactive-synced-flush.test.ts.)
 */
import test from 'ava';
import { shardInactiveTimeMs } from '../../lib/indices/indexing-memory.js';
import { EsError } from '../../lib/errors/errors.js';
import { startTestNode, type TestNode } from '../helpers/node.js';

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

test('the setting: 5m by default, a time value, never negative', (t) => {
  t.is(shardInactiveTimeMs({}), 5 * 60 * 1000);
  t.is(shardInactiveTimeMs({ 'indices.memory.shard_inactive_time': '1500ms' }), 1500);
  t.is(shardInactiveTimeMs({ 'indices.memory.shard_inactive_time': '0' }), 0);
  const neg = t.throws(() => shardInactiveTimeMs({ 'indices.memory.shard_inactive_time': '-1' }), { instanceOf: EsError }) as EsError;
  t.is(neg.message, 'Failed to parse value [-1] for setting [indices.memory.shard_inactive_time] must be >= 0s');
  const unit = t.throws(() => shardInactiveTimeMs({ 'indices.memory.shard_inactive_time': '10' }), { instanceOf: EsError }) as EsError;
  t.is(unit.type, 'parse_exception');
  t.is(unit.message, 'failed to parse setting [indices.memory.shard_inactive_time] with value [10] as a time value: unit is missing or unrecognized');
});

test('a node refuses a bad value at startup', async (t) => {
  const err = await t.throwsAsync(startTestNode({ settings: { 'indices.memory.shard_inactive_time': '-5s' } }), { instanceOf: EsError });
  t.is(err?.message, 'Failed to parse value [-5s] for setting [indices.memory.shard_inactive_time] must be >= 0s');
});

test('a single node: an inactive shard is synced-flushed (its commit gets a sync id), again after the next write', async (t) => {
  let node: TestNode | undefined = await startTestNode({ settings: { 'indices.memory.shard_inactive_time': '300ms' } });
  const dataPath = node.dataPath;
  t.teardown(async () => node?.close());
  for (const i of ['quiet', 'untouched']) t.is((await node.request('PUT', `/${i}`, { settings: { number_of_shards: 1 } })).status, 200);
  const engine = (i: string) => node!.node.context.indices.get(i)!.shard(0);
  t.is((await node.request('PUT', '/quiet/doc/1', { n: 1 })).status, 201);
  const first = await until('a sync id on the quiet shard', () => engine('quiet').syncId());
  t.is(engine('quiet').stats().translogOperations, 0, 'flushed');
  // a shard that took no write since it opened is not active: nothing to sync
  t.is(engine('untouched').syncId(), undefined);
  // a write removes it; the next quiet period writes a new one
  t.is((await node.request('PUT', '/quiet/doc/2', { n: 2 })).status, 201);
  t.is(engine('quiet').syncId(), undefined);
  const second = await until('a new sync id after the write', () => engine('quiet').syncId());
  t.not(second, first);
  // `_flush/synced` agrees it can sync the copy, and the id is in the store: a restarted node reads it back
  t.is((await node.request('POST', '/quiet/_flush/synced')).body.quiet.successful, 1);
  const synced = engine('quiet').syncId();
  await node.stop();
  node = await startTestNode({ dataPath, settings: { 'indices.memory.shard_inactive_time': '300ms' } });
  t.is((await node.request('GET', '/_cluster/health/quiet?wait_for_status=yellow&timeout=10s')).status, 200);
  t.is(engine('quiet').syncId(), synced);
  t.is((await node.request('GET', '/quiet/_count')).body.count, 2);
});
