/**
 * `segments` of the stats APIs reports what the shard's published segments hold in memory (ES
 * `SegmentsStats`): term dictionaries, per-document ids (`stored_fields`), norms and doc values,
 * their sum as `memory_in_bytes` — the same bytes `_segments` lists per segment — with the human
 * forms under `human`, in `_stats`, `_nodes/stats` and `_cat/shards`.
 */
import test from 'ava';
import { seedNumbered } from '../helpers/seed.js';
import { startTestNode } from '../helpers/node.js';

test('segment memory by kind: summed over the segments, equal to _segments, in _stats, _nodes/stats and _cat/shards', async (t) => {
  const n = await startTestNode();
  try {
    // no scheduled refresh: the write below must still be in the buffer when `_cat/shards` is read
    await seedNumbered(n, 'sm', 300, { settings: { number_of_shards: 2, number_of_replicas: 0, refresh_interval: '-1' }, doc: (i) => ({ n: i, tag: i % 2 === 0 ? 'even' : 'odd', body: `text number ${i}` }) });
    const stats = (await n.request('GET', '/sm/_stats/segments')).body.indices.sm.primaries.segments;
    for (const k of ['terms_memory_in_bytes', 'stored_fields_memory_in_bytes', 'norms_memory_in_bytes', 'doc_values_memory_in_bytes']) t.true(stats[k] > 0, k);
    t.is(stats.memory_in_bytes, stats.terms_memory_in_bytes + stats.stored_fields_memory_in_bytes + stats.norms_memory_in_bytes + stats.doc_values_memory_in_bytes);
    t.like(stats, { term_vectors_memory_in_bytes: 0, points_memory_in_bytes: 0, fixed_bit_set_memory_in_bytes: 0 });

    // the same bytes as the segments' own figures
    const segs = (await n.request('GET', '/sm/_segments')).body.indices.sm.shards as Record<string, Array<{ segments: Record<string, { memory_in_bytes: number }> }>>;
    let perSegment = 0;
    for (const copies of Object.values(segs)) for (const copy of copies) for (const s of Object.values(copy.segments)) perSegment += s.memory_in_bytes;
    t.is(stats.memory_in_bytes, perSegment);

    const human = (await n.request('GET', '/sm/_stats/segments?human')).body._all.total.segments;
    t.deepEqual(Object.keys(human), [
      'count', 'memory', 'memory_in_bytes', 'terms_memory', 'terms_memory_in_bytes', 'stored_fields_memory', 'stored_fields_memory_in_bytes',
      'term_vectors_memory', 'term_vectors_memory_in_bytes', 'norms_memory', 'norms_memory_in_bytes', 'points_memory', 'points_memory_in_bytes',
      'doc_values_memory', 'doc_values_memory_in_bytes', 'index_writer_memory', 'index_writer_memory_in_bytes', 'version_map_memory',
      'version_map_memory_in_bytes', 'fixed_bit_set', 'fixed_bit_set_memory_in_bytes', 'max_unsafe_auto_id_timestamp', 'file_sizes',
    ]);
    t.is(human.fixed_bit_set, '0b');

    const node = (await n.request('GET', '/_nodes/stats/indices/segments')).body.nodes;
    const [only] = Object.values(node as Record<string, { indices: { segments: { memory_in_bytes: number } } }>);
    t.is(only!.indices.segments.memory_in_bytes, stats.memory_in_bytes);

    const cat = await n.request('GET', '/_cat/shards/sm?h=shard,sm&bytes=b&s=shard');
    const rows = cat.text.trim().split('\n').map((l: string) => l.trim().split(/\s+/).map(Number));
    t.is(rows.length, 2);
    t.is(rows[0]![1]! + rows[1]![1]!, stats.memory_in_bytes);
    // writes since the last refresh are held by the version map and the indexing buffer
    await n.request('PUT', '/sm/doc/new', { n: -1 });
    const pending = await n.request('GET', '/_cat/shards/sm?h=siwm,svmm&bytes=b');
    t.true(pending.text.trim().split('\n').some((l: string) => l.trim().split(/\s+/).every((v) => Number(v) > 0)), pending.text);
  } finally {
    await n.close();
  }
});
