/**
 * A sliced `_reindex` into an index that does not exist yet loses and repeats nothing: the slices
 * partition the source (ES 5.6 `SliceBuilder#toFilter`: a shard per slice, shards shared out among
 * slices, or slices sharing a shard by murmur3 of `_uid`), and their first bulks, all at once,
 * auto-create `dest` and race to add the same new fields to its mapping (one create wins, the
 * others' `index_already_exists_exception` is ignored; each dynamic update merges on the master
 * before its document is written). Every document is created once, counted once, and is in `dest`.
 */
import test from 'ava';
import { seedNumbered } from '../helpers/seed.js';
import { startTestNode } from '../helpers/node.js';

const DOCS = 120;

/** Documents with fields that are new to `dest`: every slice's first batch asks for a mapping update. */
const doc = (i: number): Record<string, unknown> => ({ n: i, [`f${i % 7}`]: `v${i}`, nested: { [`g${i % 3}`]: i } });

for (const { shards, slices } of [
  { shards: 5, slices: 5 },
  { shards: 2, slices: 7 },
  { shards: 5, slices: 2 },
  { shards: 1, slices: 4 },
]) {
  test(`${slices} slices over ${shards} shard(s) into a missing dest: every document created exactly once`, async (t) => {
    const n = await startTestNode();
    try {
      await seedNumbered(n, 'source', DOCS, { settings: { number_of_shards: shards }, doc });
      const res = await n.request('POST', `/_reindex?slices=${slices}&refresh=true`, { source: { index: 'source', size: 7 }, dest: { index: 'dest' } });
      t.is(res.status, 200);
      t.like(res.body, { total: DOCS, created: DOCS, updated: 0, version_conflicts: 0, noops: 0, failures: [] });
      const parts = res.body.slices as Array<{ slice_id: number; total: number; created: number; updated: number }>;
      t.deepEqual(parts.map((s) => s.slice_id), Array.from({ length: slices }, (_, i) => i));
      // each slice wrote what it read, and the slices' reads add up to the source
      t.deepEqual(parts.map((s) => s.created), parts.map((s) => s.total));
      t.is(parts.reduce((a, s) => a + s.total, 0), DOCS);
      t.is((await n.request('GET', '/dest/_count')).body.count, DOCS);
      const versions = await n.request('POST', '/dest/_search', { size: DOCS, version: true, _source: false, query: { match_all: {} } });
      t.deepEqual(
        versions.body.hits.hits.map((h: { _id: string }) => Number(h._id)).sort((a: number, b: number) => a - b),
        Array.from({ length: DOCS }, (_, i) => i + 1),
      );
      t.true(versions.body.hits.hits.every((h: { _version: number }) => h._version === 1));
      const mapping = await n.request('GET', '/dest/_mapping/doc');
      const props = mapping.body.dest.mappings.doc.properties;
      t.deepEqual(Object.keys(props).sort(), ['f0', 'f1', 'f2', 'f3', 'f4', 'f5', 'f6', 'n', 'nested']);
      t.deepEqual(Object.keys(props.nested.properties).sort(), ['g0', 'g1', 'g2']);
    } finally {
      await n.close();
    }
  });
}

test('slices past every source index max_slices_per_scroll: one slice search gives ES error, no child starts, the node stays up', async (t) => {
  const n = await startTestNode();
  try {
    await seedNumbered(n, 'small', 10, { settings: { number_of_shards: 2 } });
    const reason = (slices: number, limit: number): string =>
      `The number of slices [${slices}] is too large. It must be less than [${limit}]. This limit can be set by changing the [index.max_slices_per_scroll] index level setting.`;
    // 2^31-1 slices used to allocate that many child tasks until the heap ran out
    for (const slices of [2147483647, 1025]) {
      const res = await n.request('POST', `/small/_update_by_query?slices=${slices}`, { query: { match_all: {} } });
      t.is(res.status, 500);
      t.like(res.body.error, { type: 'search_phase_execution_exception', reason: 'all shards failed', phase: 'query', grouped: true });
      t.deepEqual(res.body.error.root_cause, [{ type: 'query_phase_execution_exception', reason: reason(slices, 1024) }]);
      t.deepEqual(
        res.body.error.failed_shards.map((f: { index: string; reason: unknown }) => [f.index, f.reason]),
        [['small', { type: 'query_phase_execution_exception', reason: reason(slices, 1024) }]],
      );
    }
    // no by-query task was left behind, and the documents are untouched
    t.deepEqual((await n.request('GET', '/_tasks?actions=*byquery*&detailed')).body.nodes, {});
    t.is((await n.request('GET', '/small/_search?version=true&size=1')).body.hits.hits[0]._version, 1);
    // a missing source is refused as its search refuses it, also with 2^31-1 slices
    const missing = await n.request('POST', '/_reindex?slices=2147483647', { source: { index: 'none' }, dest: { index: 'd' } });
    t.is(missing.status, 404);
    t.is(missing.body.error.type, 'index_not_found_exception');
    // an index that allows more slices runs them: the limit is the largest of the sources'
    t.is((await n.request('PUT', '/small/_settings', { 'index.max_slices_per_scroll': 1100 })).status, 200);
    const ran = await n.request('POST', '/small/_update_by_query?slices=1050&refresh=true', { query: { match_all: {} } });
    t.is(ran.status, 200);
    t.like(ran.body, { total: 10, updated: 10, failures: [] });
    t.is(ran.body.slices.length, 1050);
  } finally {
    await n.close();
  }
});
