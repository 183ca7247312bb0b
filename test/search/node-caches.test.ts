/**
 * Decoded postings blocks and fetched stored documents live in ONE cache each per node, shared by
 * every shard (postings were 32 MiB per shard; stored documents were module state shared by every
 * node of a process): searches on two indices fill the same caches, and a segment merged away, a
 * shard closed or `_cache/clear` takes its entries out at once; a reader replaced (a delete) keeps
 * its segment's stored documents.
 */
import test from 'ava';
import { seedNumbered } from '../helpers/seed.js';
import { startTestNode } from '../helpers/node.js';

test('one postings cache and one stored documents cache per node: shared by the shards of every index, emptied per segment and per shard', async (t) => {
  const n = await startTestNode();
  try {
    const cache = n.node.context.indices.postingsCache;
    const stored = n.node.context.indices.storedDocCache;
    await seedNumbered(n, 'pa', 200, { settings: { number_of_shards: 2 } });
    await seedNumbered(n, 'pb', 200, { settings: { number_of_shards: 1 } });
    t.is(cache.size, 0);
    const match = (index: string, text: string) => n.request('POST', `/${index}/_search`, { query: { match: { tag: text } } });
    t.is((await match('pa', 'even')).body.hits.total, 100);
    const afterA = cache.size;
    // one block per shard's segment that holds the term
    t.is(afterA, 2);
    // the ten hits' documents
    t.is(stored.size, 10);
    t.is((await match('pb', 'odd')).body.hits.total, 100);
    t.is(cache.size, afterA + 1);
    t.is(stored.size, 20);
    // the same term again comes from the cache
    await match('pb', 'odd');
    t.is(cache.size, afterA + 1);

    // a merge replaces pb's segments: the merged-away ones' blocks go when they are dropped
    // (documents 1-10 written again: pb's first reader is replaced, but its segment is not, and
    // its cached documents stay; the five of them still live are hits again and come from the
    // cache, and the five next odd ones are read)
    await seedNumbered(n, 'pb', 10);
    t.is(stored.size, 20);
    const again = await match('pb', 'odd');
    t.is(again.body.hits.hits.map((h: { _id: string }) => h._id).join(','), '11,13,15,17,19,21,23,25,27,29');
    t.is(cache.size, afterA + 2);
    t.is(stored.size, 25);
    const merged = await n.request('POST', '/pb/_forcemerge?max_num_segments=1');
    t.is(merged.status, 200);
    t.is(cache.size, afterA);
    t.is(stored.size, 10);

    // _cache/clear with no flag empties a shard's blocks; closing an index takes its blocks
    await match('pb', 'odd');
    t.is(cache.size, afterA + 1);
    t.is(stored.size, 20);
    t.is((await n.request('POST', '/pb/_cache/clear')).status, 200);
    t.is(cache.size, afterA);
    t.is(stored.size, 10);
    t.is((await n.request('POST', '/pa/_close')).status, 200);
    t.is(cache.size, 0);
    t.is(cache.bytes, 0);
    t.is(stored.size, 0);
  } finally {
    await n.close();
  }
});
