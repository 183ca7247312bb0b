/**
 * `index.merge.policy.max_merged_segment` (ES 5.6, 5gb, dynamic) over HTTP: the setting is taken,
 * shown by `include_defaults`, refused when it is not a byte size, and reaches the shards'
 * merge policy when it changes (lib/shard/merge.ts; the policy itself: test/shard/merge.test.ts).
 */
import test from 'ava';
import { startTestNode } from '../helpers/node.js';

test('max_merged_segment: default 5gb, a byte size, and a cap the shards follow as it changes', async (t) => {
  const node = await startTestNode();
  t.teardown(() => node.close());
  const segments = async (): Promise<number> => {
    const r = await node.request('GET', '/capped/_segments');
    return Object.keys(r.body.indices.capped.shards['0'][0].segments).length;
  };

  const bad = await node.request('PUT', '/bad', { settings: { 'index.merge.policy.max_merged_segment': 'ten' } });
  t.is(bad.status, 400);
  t.is(bad.body.error.reason, 'failed to parse setting [index.merge.policy.max_merged_segment] with value [ten] as a size in bytes: unit is missing or unrecognized');

  // 1b: every segment is at least half the cap, so the policy merges nothing
  const put = await node.request('PUT', '/capped', { settings: { number_of_shards: 1, number_of_replicas: 0, refresh_interval: -1, 'index.merge.policy.max_merged_segment': '1b' } });
  t.is(put.status, 200);
  const shown = await node.request('GET', '/capped/_settings/index.merge.policy.max_merged_segment?flat_settings=true');
  t.deepEqual(shown.body, { capped: { settings: { 'index.merge.policy.max_merged_segment': '1b' } } });
  for (let i = 0; i < 10; i++) {
    t.is((await node.request('PUT', `/capped/t/${i}?refresh=true`, { n: i })).status, 201);
  }
  // `_forcemerge` without max_num_segments runs the merges the policy asks for
  t.is((await node.request('POST', '/capped/_forcemerge')).status, 200);
  t.is(await segments(), 10);

  // back to the default (a dynamic update): the ten small segments merge into one
  const upd = await node.request('PUT', '/capped/_settings', { 'index.merge.policy.max_merged_segment': null });
  t.is(upd.status, 200);
  const defaults = await node.request('GET', '/capped/_settings/index.merge.policy.max_merged_segment?include_defaults=true&flat_settings=true');
  t.deepEqual(defaults.body, { capped: { settings: {}, defaults: { 'index.merge.policy.max_merged_segment': '5gb' } } });
  t.is((await node.request('POST', '/capped/_forcemerge')).status, 200);
  t.is(await segments(), 1);
  t.is((await node.request('GET', '/capped/_count')).body.count, 10);
});
