/**
 * `merges` and `flush` of the stats APIs count what the shard did, as ES 5.6's `MergeStats` and
 * `FlushStats` do: a finished merge adds its sources' documents (`maxDoc`, deleted ones included),
 * their bytes and its time; nothing is current once it is done; a flush adds its time. With
 * `?human` every time and size comes with its readable form first, as ES's `timeValueField` and
 * `byteSizeField` write them; `_cat/shards` shows the same figures.
 */
import test from 'ava';
import { startTestNode } from '../helpers/node.js';

test('merges: documents, bytes and time of finished merges; flush: its time; human forms and _cat/shards', async (t) => {
  const n = await startTestNode();
  try {
    await n.request('PUT', '/mf', { settings: { number_of_shards: 1, number_of_replicas: 0 } });
    // three segments of 10, 20 and 30 documents, one of them with a deleted document
    let id = 0;
    for (const size of [10, 20, 30]) {
      const lines: string[] = [];
      for (let i = 0; i < size; i++) lines.push(JSON.stringify({ index: { _id: String(id++) } }), JSON.stringify({ n: id, body: `text ${id}` }));
      t.false((await n.request('POST', '/mf/doc/_bulk?refresh=true', `${lines.join('\n')}\n`)).body.errors);
    }
    await n.request('DELETE', '/mf/doc/5?refresh=true');
    const before = (await n.request('GET', '/mf/_segments')).body.indices.mf.shards['0'][0].segments as Record<string, { num_docs: number; deleted_docs: number; size_in_bytes: number }>;
    const sources = Object.values(before);
    t.is(sources.length, 3);
    const sourceDocs = sources.reduce((s, g) => s + g.num_docs + g.deleted_docs, 0);
    const sourceBytes = sources.reduce((s, g) => s + g.size_in_bytes, 0);
    t.is(sourceDocs, 60);

    t.is((await n.request('POST', '/mf/_forcemerge?max_num_segments=1')).status, 200);
    const stats = (await n.request('GET', '/mf/_stats/merge,flush')).body.indices.mf.primaries;
    t.like(stats.merges, { current: 0, current_docs: 0, current_size_in_bytes: 0, total: 1, total_docs: sourceDocs, total_size_in_bytes: sourceBytes });
    t.true(Number.isInteger(stats.merges.total_time_in_millis) && stats.merges.total_time_in_millis >= 0);

    const flushesBefore = stats.flush.total as number;
    t.is((await n.request('POST', '/mf/_flush')).status, 200);
    const flush = (await n.request('GET', '/mf/_stats/flush')).body.indices.mf.primaries.flush;
    t.is(flush.total, flushesBefore + 1);
    t.true(Number.isInteger(flush.total_time_in_millis) && flush.total_time_in_millis >= 0);

    const human = (await n.request('GET', '/mf/_stats/merge,flush,refresh,indexing,get?human')).body._all.primaries;
    t.deepEqual(Object.keys(human.merges), [
      'current', 'current_docs', 'current_size', 'current_size_in_bytes', 'total', 'total_time', 'total_time_in_millis', 'total_docs',
      'total_size', 'total_size_in_bytes', 'total_stopped_time', 'total_stopped_time_in_millis', 'total_throttled_time',
      'total_throttled_time_in_millis', 'total_auto_throttle', 'total_auto_throttle_in_bytes',
    ]);
    t.like(human.merges, { current_size: '0b', total_stopped_time: '0s', total_auto_throttle: '20mb' });
    t.regex(human.merges.total_time, /^\d+(\.\d+)?(ms|s)$/);
    t.deepEqual(Object.keys(human.flush), ['total', 'total_time', 'total_time_in_millis']);
    // ES 5.6 GetStats names get's readable time `getTime`
    t.deepEqual(Object.keys(human.get), [
      'total', 'getTime', 'time_in_millis', 'exists_total', 'exists_time', 'exists_time_in_millis', 'missing_total', 'missing_time',
      'missing_time_in_millis', 'current',
    ]);
    t.deepEqual(Object.keys(human.refresh), ['total', 'total_time', 'total_time_in_millis', 'listeners']);
    t.deepEqual(Object.keys(human.indexing), [
      'index_total', 'index_time', 'index_time_in_millis', 'index_current', 'index_failed', 'delete_total', 'delete_time',
      'delete_time_in_millis', 'delete_current', 'noop_update_total', 'is_throttled', 'throttle_time', 'throttle_time_in_millis',
    ]);

    const cat = await n.request('GET', '/_cat/shards/mf?h=mc,mcd,mt,mtd,mts,mtt,ft&bytes=b');
    const [mc, mcd, mt, mtd, mts, mtt, ft] = cat.text.trim().split(/\s+/);
    t.deepEqual([mc, mcd, mt, mtd, mts, ft], ['0', '0', '1', String(sourceDocs), String(sourceBytes), String(flushesBefore + 1)]);
    t.regex(mtt!, /^\d+(\.\d+)?(ms|s)$/);
  } finally {
    await n.close();
  }
});
