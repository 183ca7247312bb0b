/**
 * An index that fails to open as a whole does not stop the node from opening the others
 * (IndicesService.reconcile goes on to the next index), and it is not green: each of its
 * shards is a failed copy (unassigned, ALLOCATION_FAILED), so health is red, as ES reports an
 * index whose shards could not be created.
 */
import test from 'ava';
import { IndicesService } from '../../lib/indices/indices-service.js';
import { MemoryVolume } from '../../storage/store-volume.js';
import { clusterHealth } from '../../lib/cluster/health.js';
import { shardRoutings } from '../../lib/cluster/routing-table.js';
import { emptyState, type IndexMetadata } from '../../lib/cluster/state.js';
import type { ScriptService } from '../../lib/script/script-service.js';
import type { Logger } from '../../lib/indices/index-service.js';

const quiet = { info() {}, warn() {}, error() {}, debug() {} } as unknown as Logger;

function meta(name: string, settings: Record<string, string> = {}): IndexMetadata {
  return { name, uuid: `${name}-uuid`, state: 'open', settings: { 'index.number_of_shards': '2', 'index.number_of_replicas': '0', ...settings }, mappings: {}, aliases: {}, mappingVersion: 1 };
}

test('an index that cannot open is red with its shards failed; the indices after it open', async (t) => {
  const indices = new IndicesService('/mem/indices', quiet, { scripts: {} as ScriptService, updateMapping: async () => undefined, volume: new MemoryVolume() });
  t.teardown(() => indices.closeAll());
  const state = emptyState('u');
  // a stored setting that no longer parses (the shards' refresh schedule cannot be set up)
  state.indices['a-broken'] = meta('a-broken', { 'index.refresh_interval': 'often' });
  state.indices['b-fine'] = meta('b-fine');
  await indices.apply(state);
  t.truthy(indices.get('b-fine'), 'the index after the broken one is open');
  t.is(indices.get('a-broken'), undefined);
  const failed = indices.failedShards('a-broken');
  t.deepEqual([...(failed?.keys() ?? [])], [0, 1]);
  t.regex(failed!.get(0)!.details, /^failed to create index, failure .*often/);
  const h = clusterHealth(state, ['a-broken', 'b-fine'], 1, false, indices);
  t.is(h.status, 'red');
  t.is(h.indices['a-broken']!.status, 'red');
  t.is(h.indices['b-fine']!.status, 'green');
  t.is(h.activePrimaryShards, 2);
  t.is(h.unassignedShards, 2);
  const routing = shardRoutings(state.indices['a-broken']!, 'n', failed);
  t.like(routing[1]![0], { state: 'UNASSIGNED', primary: true, unassigned_info: { reason: 'ALLOCATION_FAILED', failed_attempts: 1 } });

  // deleted: nothing is kept of its failure
  const next = { ...state, version: 1, indices: { 'b-fine': state.indices['b-fine']! } };
  await indices.apply(next);
  t.is(indices.failedShards('a-broken'), undefined);
});

test('an index that gave up opening opens again on retry_failed (its attempts reset)', async (t) => {
  const indices = new IndicesService('/mem/indices', quiet, { scripts: {} as ScriptService, updateMapping: async () => undefined, volume: new MemoryVolume() });
  t.teardown(() => indices.closeAll());
  const broken = emptyState('u');
  broken.indices['a-broken'] = meta('a-broken', { 'index.refresh_interval': 'often' });
  for (let i = 0; i < 6; i++) await indices.apply(broken);
  t.is(indices.failedShards('a-broken')!.get(0)!.attempts, 5, 'five attempts, then it gives up');
  // the same index, now able to open: a later state alone does not try again
  const fixed = { ...broken, version: 1, indices: { 'a-broken': meta('a-broken') } };
  await indices.apply(fixed);
  t.is(indices.get('a-broken'), undefined);
  await indices.retryFailedShards(fixed);
  t.truthy(indices.get('a-broken'));
  t.is(indices.failedShards('a-broken')?.size, 0);
});
