/**
 * The node's query cache (lib/search/query-cache.ts): constant-score doc sets cached per segment
 * from a query's second use on segments of 10,000+ documents, within `indices.queries.cache.size`
 * and `indices.queries.cache.count`, with each shard's figures in `query_cache` of the stats APIs
 * as ES 5.6 reports them (evictions = entries added and gone).
 */
import test from 'ava';
import { QueryCache, queryCacheBytes, queryCacheCount } from '../../lib/search/query-cache.js';
import { EsError } from '../../lib/errors/errors.js';
import { seedNumbered } from '../helpers/seed.js';
import { startTestNode, type TestNode } from '../helpers/node.js';

const docs = (n: number): Int32Array => Int32Array.from({ length: n }, (_, i) => i);

test('a doc set is cached from its second use, on segments of 10,000+ documents only', async (t) => {
  const cache = new QueryCache(1 << 20, 100);
  const shard = cache.forShard();
  const big = {};
  const small = {};
  let computed = 0;
  const compute = async (): Promise<Int32Array> => {
    computed++;
    return docs(10);
  };
  for (let i = 0; i < 3; i++) await cache.docSet(small, 9_999, 'q', shard.stats, compute);
  t.is(computed, 3);
  t.like(shard.stats, { hitCount: 0, missCount: 0, cacheSize: 0, cacheCount: 0 });
  t.deepEqual(await cache.docSet(big, 10_000, 'q', shard.stats, compute), docs(10));
  t.like(shard.stats, { hitCount: 0, missCount: 1, cacheSize: 0, cacheCount: 0, memorySizeInBytes: 0 });
  await cache.docSet(big, 10_000, 'q', shard.stats, compute);
  t.like(shard.stats, { hitCount: 0, missCount: 2, cacheSize: 1, cacheCount: 1, memorySizeInBytes: 64 + 40 });
  t.deepEqual(await cache.docSet(big, 10_000, 'q', shard.stats, compute), docs(10));
  t.is(computed, 5);
  t.like(shard.stats, { hitCount: 1, missCount: 2, cacheSize: 1, cacheCount: 1 });
  t.is(cache.memoryBytes, 104);
  t.is(cache.clearSegment(big), 1);
  t.like(shard.stats, { cacheSize: 0, cacheCount: 1, memorySizeInBytes: 0 });
  t.is(cache.size, 0);
});

test('the least recently used leave first, past the byte budget or the entry count; each shard keeps its own figures', async (t) => {
  const cache = new QueryCache(3 * (64 + 400), 10);
  const a = cache.forShard();
  const b = cache.forShard();
  const seg = {};
  const other = {};
  const put = async (s: object, key: string, stats = a.stats): Promise<void> => {
    await cache.docSet(s, 20_000, key, stats, async () => docs(100));
    await cache.docSet(s, 20_000, key, stats, async () => docs(100));
  };
  await put(seg, 'q1');
  await put(seg, 'q2');
  await put(other, 'q3', b.stats);
  // q1 used again: q2 is now the least recently used
  await cache.docSet(seg, 20_000, 'q1', a.stats, async () => t.fail() as never);
  await put(seg, 'q4');
  t.is(cache.size, 3);
  t.like(a.stats, { cacheSize: 2, cacheCount: 3, hitCount: 1 });
  t.like(b.stats, { cacheSize: 1, cacheCount: 1 });
  let recomputed = false;
  await cache.docSet(seg, 20_000, 'q2', a.stats, async () => ((recomputed = true), docs(100)));
  t.true(recomputed);

  const counted = new QueryCache(1 << 20, 2);
  const c = counted.forShard();
  for (const k of ['x', 'y', 'z']) {
    await counted.docSet(seg, 20_000, k, c.stats, async () => docs(1));
    await counted.docSet(seg, 20_000, k, c.stats, async () => docs(1));
  }
  t.like(c.stats, { cacheSize: 2, cacheCount: 3 });
  // a set larger than the whole budget is not cached
  const tiny = new QueryCache(100, 10);
  const d = tiny.forShard();
  await tiny.docSet(seg, 20_000, 'big', d.stats, async () => docs(100));
  await tiny.docSet(seg, 20_000, 'big', d.stats, async () => docs(100));
  t.like(d.stats, { cacheSize: 0, cacheCount: 0, missCount: 2 });
  // a closed shard's entries leave the budget
  cache.clearShard(a.stats);
  t.is(cache.size, 1);
  t.like(a.stats, { cacheSize: 0, memorySizeInBytes: 0 });
});

test('indices.queries.cache.size and .count parse as ES 5.6 parses them', (t) => {
  t.is(queryCacheBytes('512kb'), 512 * 1024);
  t.true(queryCacheBytes() > 0);
  t.is(queryCacheBytes('0%'), 0);
  t.is(queryCacheCount('25'), 25);
  const pct = t.throws(() => queryCacheBytes('150%'), { instanceOf: EsError }) as EsError;
  t.is(pct.message, 'percentage should be in [0-100], got [150]');
  const zero = t.throws(() => queryCacheCount('0'), { instanceOf: EsError }) as EsError;
  t.is(zero.message, 'Failed to parse value [0] for setting [indices.queries.cache.count] must be >= 1');
  const nan = t.throws(() => queryCacheCount('many'), { instanceOf: EsError }) as EsError;
  t.is(nan.type, 'number_format_exception');
});

// size 1: a size-0 search would be answered from the shard request cache after its first run
const prefix = (value: string): unknown => ({ size: 1, query: { constant_score: { filter: { prefix: { 'tag.keyword': value } } } } });

async function oneSegment(n: TestNode, index: string, settings: Record<string, unknown> = {}): Promise<void> {
  await seedNumbered(n, index, 10_000, { settings: { number_of_shards: 1, ...settings } });
  const merged = await n.request('POST', `/${index}/_forcemerge?max_num_segments=1`);
  if (merged.status !== 200) throw new Error(JSON.stringify(merged.body));
}

test('over HTTP: _stats, _nodes/stats and _cat/shards report the shard figures; _cache/clear?query empties them', async (t) => {
  const n = await startTestNode();
  try {
    await oneSegment(n, 'qc');
    for (let i = 0; i < 3; i++) t.is((await n.request('POST', '/qc/_search', prefix('ev'))).body.hits.total, 5000);
    const expected = { memory_size_in_bytes: 64 + 4 * 5000, total_count: 3, hit_count: 1, miss_count: 2, cache_size: 1, cache_count: 1, evictions: 0 };
    const stats = await n.request('GET', '/qc/_stats/query_cache');
    t.deepEqual(stats.body.indices.qc.primaries.query_cache, expected);
    t.deepEqual(stats.body._all.total.query_cache, expected);
    const human = await n.request('GET', '/qc/_stats/query_cache?human');
    t.deepEqual(Object.keys(human.body._all.total.query_cache).slice(0, 2), ['memory_size', 'memory_size_in_bytes']);
    t.is(human.body._all.total.query_cache.memory_size, '19.5kb'); // ES truncates to one decimal
    const node = await n.request('GET', '/_nodes/stats/indices/query_cache');
    const [only] = Object.values(node.body.nodes as Record<string, { indices: { query_cache: unknown } }>);
    t.deepEqual(only!.indices.query_cache, expected);
    const cat = await n.request('GET', '/_cat/shards/qc?h=prirep,qcm,qce&bytes=b');
    // the primary's row; the unassigned replica's has no figures
    t.is(cat.text.split('\n')[0], 'p 20064 0');

    const cleared = await n.request('POST', '/qc/_cache/clear?query=true');
    t.is(cleared.status, 200);
    const after = await n.request('GET', '/qc/_stats/query_cache');
    t.deepEqual(after.body._all.total.query_cache, { ...expected, memory_size_in_bytes: 0, cache_size: 0, evictions: 1 });
    // cached again from its second use after the clear
    await n.request('POST', '/qc/_search', prefix('ev'));
    await n.request('POST', '/qc/_search', prefix('ev'));
    t.like((await n.request('GET', '/qc/_stats/query_cache')).body._all.total.query_cache, { hit_count: 1, miss_count: 4, cache_size: 1, cache_count: 2 });
    // deleting a document publishes a new reader: the old reader's sets leave with it
    await n.request('DELETE', '/qc/doc/2?refresh=true');
    t.like((await n.request('GET', '/qc/_stats/query_cache')).body._all.total.query_cache, { memory_size_in_bytes: 0, cache_size: 0, cache_count: 2 });
    t.is((await n.request('POST', '/qc/_search', prefix('ev'))).body.hits.total, 4999);
  } finally {
    await n.close();
  }
});

test('over HTTP: the node budget evicts; index.queries.cache.enabled false caches nothing', async (t) => {
  const n = await startTestNode({ settings: { 'indices.queries.cache.count': '1' } });
  try {
    await oneSegment(n, 'qa');
    for (const v of ['ev', 'od']) {
      await n.request('POST', '/qa/_search', prefix(v));
      await n.request('POST', '/qa/_search', prefix(v));
    }
    t.like((await n.request('GET', '/qa/_stats/query_cache')).body._all.total.query_cache, { cache_size: 1, cache_count: 2, evictions: 1, memory_size_in_bytes: 64 + 4 * 5000 });

    await oneSegment(n, 'qoff', { 'index.queries.cache.enabled': false });
    for (let i = 0; i < 3; i++) t.is((await n.request('POST', '/qoff/_search', prefix('od'))).body.hits.total, 5000);
    t.deepEqual((await n.request('GET', '/qoff/_stats/query_cache')).body._all.total.query_cache, {
      memory_size_in_bytes: 0, total_count: 0, hit_count: 0, miss_count: 0, cache_size: 0, cache_count: 0, evictions: 0,
    });
    const refused = await n.request('PUT', '/qoff/_settings', { 'index.queries.cache.enabled': true });
    t.is(refused.status, 400);
    t.is(refused.body.error.type, 'illegal_argument_exception');
  } finally {
    await n.close();
  }
});
