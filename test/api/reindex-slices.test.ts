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
