/**
 * `indices.memory.index_buffer_size`: the node-wide budget of the indexing buffers (ES 5.6
 * `IndexingMemoryController`), its parsing (heap share or byte size, min/max only for a share),
 * the controller writing the largest buffers first, and, over HTTP, a node with a small budget
 * writing segments on its own with automatic refresh off, reporting the buffer in
 * `_nodes/stats` / `_stats` as `index_writer_memory_in_bytes`.
 */
import test from 'ava';
import { getHeapStatistics } from 'node:v8';
import { IndexingMemoryController, indexBufferBudget, type BufferedShard } from '../../lib/indices/indexing-memory.js';
import { heapRatioOrBytes } from '../../lib/units/byte-size-value.js';
import { EsError } from '../../lib/errors/errors.js';
import { ndjson, startTestNode } from '../helpers/node.js';

const MB = 1024 * 1024;

test('the budget: 10% of the heap limit by default, clamped to min/max only when a share is given', (t) => {
  const heap = getHeapStatistics().heap_size_limit;
  t.is(indexBufferBudget({}), Math.max(Math.floor(0.1 * heap), 48 * MB));
  t.is(indexBufferBudget({ 'indices.memory.index_buffer_size': '20mb' }), 20 * MB); // absolute: no 48mb floor
  t.is(indexBufferBudget({ 'indices.memory.index_buffer_size': '0.0001%' }), 48 * MB); // share: the floor
  t.is(indexBufferBudget({ 'indices.memory.index_buffer_size': '0.0001%', 'indices.memory.min_index_buffer_size': '1kb' }), Math.max(Math.floor(0.000001 * heap), 1024));
  t.is(indexBufferBudget({ 'indices.memory.index_buffer_size': '50%', 'indices.memory.max_index_buffer_size': '100mb' }), 100 * MB);
  t.is(heapRatioOrBytes('5%', 'x'), Math.floor(0.05 * heap));
});

test('bad values fail as ES parses them', (t) => {
  const pct = t.throws(() => heapRatioOrBytes('101%', 'indices.memory.index_buffer_size'), { instanceOf: EsError }) as EsError;
  t.is(pct.message, 'percentage should be in [0-100], got [101]');
  const dbl = t.throws(() => heapRatioOrBytes('ten%', 'indices.memory.index_buffer_size'), { instanceOf: EsError }) as EsError;
  t.is(dbl.message, 'failed to parse [ten] as a double');
  const unit = t.throws(() => indexBufferBudget({ 'indices.memory.index_buffer_size': '10 parsecs' }), { instanceOf: EsError }) as EsError;
  t.regex(unit.message, /indices\.memory\.index_buffer_size/);
});

/** A shard whose buffer is a number; writing it empties it (after a turn, as a refresh would). */
function fakeShard(bytes: number): BufferedShard & { bytes: number; writes: number } {
  const s = {
    bytes,
    writes: 0,
    indexBufferBytes: () => s.bytes,
    writeIndexingBuffer: async () => {
      s.writes++;
      await new Promise((r) => setImmediate(r));
      s.bytes = 0;
    },
  };
  return s;
}

test('over the budget, the largest buffers are written until the rest fits; a buffer being written is not asked again', async (t) => {
  const c = new IndexingMemoryController(100);
  const [a, b, d] = [fakeShard(60), fakeShard(30), fakeShard(20)];
  const untrack = [a, b, d].map((s) => c.track(s));
  t.is(c.usedBytes(), 110);
  c.afterWrite();
  t.deepEqual([a.writes, b.writes, d.writes], [1, 0, 0]); // 110 - 60 = 50 fits
  c.afterWrite(); // a is still being written: not asked twice, and 50 of the rest fits
  t.deepEqual([a.writes, b.writes, d.writes], [1, 0, 0]);
  await new Promise((r) => setImmediate(r));
  await new Promise((r) => setImmediate(r));
  b.bytes = 90;
  c.afterWrite(); // 0 + 90 + 20 = 110: the largest (b) goes
  t.deepEqual([a.writes, b.writes, d.writes], [1, 1, 0]);
  untrack[1]!();
  t.is(c.usedBytes(), 20);
  c.afterWrite();
  t.is(c.writes, 2);
});

test('over HTTP: a small budget writes segments with automatic refresh off, and stats report the buffer', async (t) => {
  const node = await startTestNode({ settings: { 'indices.memory.index_buffer_size': '256kb' } });
  t.teardown(() => node.close());
  const put = await node.request('PUT', '/buf', { settings: { number_of_shards: 1, refresh_interval: -1 }, mappings: { t: { properties: { body: { type: 'text' } } } } });
  t.is(put.status, 200);
  const bulk = (from: number, n: number): string =>
    ndjson(Array.from({ length: n }, (_, i) => [{ index: { _id: String(from + i) } }, { body: `document ${from + i} with some words of text to invert, repeated ${'lorem ipsum dolor '.repeat(8)}` }]).flat());
  const small = await node.request('POST', '/buf/t/_bulk', bulk(0, 10));
  t.false(small.body.errors);
  const held = await node.request('GET', '/_nodes/_local/stats/indices/segments');
  const seg = (Object.values(held.body.nodes)[0] as any).indices.segments;
  t.true(seg.index_writer_memory_in_bytes > 0, JSON.stringify(seg));
  t.is(seg.count, 0); // nothing refreshed yet
  const idx = await node.request('GET', '/buf/_stats/segments');
  t.is(idx.body._all.primaries.segments.index_writer_memory_in_bytes, seg.index_writer_memory_in_bytes);
  // ~2000 documents of ~250 bytes: several times the budget, so segments are written on their own
  for (let i = 0; i < 4; i++) t.false((await node.request('POST', '/buf/t/_bulk', bulk(10 + i * 500, 500))).body.errors);
  let count = 0;
  for (let i = 0; i < 100 && count === 0; i++) {
    const s = await node.request('GET', '/buf/_stats/segments,refresh');
    count = s.body._all.primaries.segments.count;
    if (count === 0) await new Promise((r) => setTimeout(r, 20));
  }
  t.true(count >= 1, `segments ${count}`);
  const after = await node.request('GET', '/buf/_stats/segments');
  t.true(after.body._all.primaries.segments.index_writer_memory_in_bytes <= 256 * 1024, JSON.stringify(after.body._all.primaries.segments));
  // what was written is searchable without a refresh having been asked
  const search = await node.request('GET', '/buf/_search?size=0');
  t.true(search.body.hits.total > 0);
});
