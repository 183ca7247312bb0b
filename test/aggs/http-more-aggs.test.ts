/**
 * matrix_stats, scripted_metric, significant_terms, sampler and geo aggregations over HTTP.
 * fixtures/aggs/series (two shards): points (t, v) = (0,2) (1,4) (2,3) (4,8) (5,5) (5,1) (6,9) (7,10)
 * in groups g = x y x y x z y x. Expected figures are worked out by hand from ES 5.6's formulas;
 * where ES computes a double through an online algorithm (matrix_stats moments) the expected value
 * is the closed form and the comparison allows the last bits to differ.
 */
import test from 'ava';
import { startTestNode, fixture, type TestNode } from '../helpers/node.js';

let node: TestNode;

test.before(async () => {
  node = await startTestNode({ shardClientMode: 'json' });
  const r = await node.request('PUT', '/series', await fixture('aggs/series.index.json'));
  if (r.status !== 200) throw new Error(r.text);
  const bulk = await node.request('POST', '/_bulk?refresh=true', await fixture('aggs/series.ndjson'));
  if (bulk.status !== 200 || bulk.body.errors) throw new Error(bulk.text);
});

test.after.always(async () => {
  await node?.close();
});

type Json = Record<string, any>;
const search = (aggs: unknown, qs = '', index = 'series') => node.request('POST', `/${index}/_search${qs}`, { size: 0, aggs });
const close = (actual: number, expected: number): boolean => Math.abs(actual - expected) <= 1e-12 * Math.max(1, Math.abs(expected));

test('matrix_stats: counts, moments, covariance and correlation merged across shards', async (t) => {
  const r = await search({ m: { matrix_stats: { fields: ['v', 't'] } } }, '?typed_keys');
  t.is(r.status, 200, r.text);
  const m = r.body.aggregations['matrix_stats#m'];
  t.is(m.doc_count, 8);
  // ES iterates a java.util.HashMap of the names: "t" (hash 116) before "v" (118)
  t.deepEqual(m.fields.map((f: Json) => f.name), ['t', 'v']);
  const central = (xs: number[], k: number): number => {
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    return xs.reduce((a, x) => a + (x - mean) ** k, 0);
  };
  const T = [0, 1, 2, 4, 5, 5, 6, 7];
  const V = [2, 4, 3, 8, 5, 1, 9, 10];
  for (const [f, xs, mean] of [[m.fields[0], T, 30 / 8], [m.fields[1], V, 42 / 8]] as Array<[Json, number[], number]>) {
    t.is(f.count, 8);
    t.true(close(f.mean, mean), `${f.name} mean ${f.mean}`);
    // sample variance; skewness √n·m3/m2^1.5 and kurtosis n·m4/m2² over central moment sums
    t.true(close(f.variance, central(xs, 2) / 7), `${f.name} variance ${f.variance}`);
    t.true(close(f.skewness, (Math.sqrt(8) * central(xs, 3)) / central(xs, 2) ** 1.5), `${f.name} skewness ${f.skewness}`);
    t.true(close(f.kurtosis, (8 * central(xs, 4)) / central(xs, 2) ** 2), `${f.name} kurtosis ${f.kurtosis}`);
    t.deepEqual(Object.keys(f.covariance), ['t', 'v']);
    t.is(f.correlation[f.name], 1);
  }
  // Σ(t - 3.75)(v - 5.25) = 38.5 over n - 1; t: Σ² 43.5, v: Σ² 79.5
  t.true(close(m.fields[0].covariance.v, 5.5));
  t.true(close(m.fields[1].covariance.t, 5.5));
  t.true(close(m.fields[0].covariance.t, 43.5 / 7));
  t.true(close(m.fields[0].correlation.v, 38.5 / Math.sqrt(43.5 * 79.5)));
});

test('matrix_stats: docs lacking a field are left out unless missing fills it; one doc gives NaN', async (t) => {
  await node.request('PUT', '/sparse', { settings: { number_of_shards: 1 }, mappings: { d: { properties: { a: { type: 'double' }, b: { type: 'long' } } } } });
  await node.request('POST', '/sparse/d/_bulk?refresh=true', '{"index":{}}\n{"a":1,"b":[2,4]}\n{"index":{}}\n{"a":3}\n');
  const r = await search({ m: { matrix_stats: { fields: ['a', 'b'], mode: 'max' } }, n: { matrix_stats: { fields: ['a', 'b'], missing: { b: 0 } } } }, '', 'sparse');
  t.is(r.status, 200, r.text);
  // one doc: n - 1 = 0, so variance, skewness and kurtosis are NaN; Jackson quotes them
  t.deepEqual(r.body.aggregations.m, {
    doc_count: 1,
    fields: [
      { name: 'a', count: 1, mean: 1, variance: 'NaN', skewness: 'NaN', kurtosis: 'NaN', covariance: { a: 'NaN', b: 'NaN' }, correlation: { a: 1, b: 'NaN' } },
      { name: 'b', count: 1, mean: 4, variance: 'NaN', skewness: 'NaN', kurtosis: 'NaN', covariance: { a: 'NaN', b: 'NaN' }, correlation: { a: 'NaN', b: 1 } },
    ],
  });
  // missing b = 0 for the second doc; b takes the avg of [2, 4] = 3: a 1,3 b 3,0
  const n = r.body.aggregations.n;
  t.is(n.doc_count, 2);
  t.deepEqual(n.fields.map((f: Json) => [f.name, f.mean, f.variance]), [['a', 2, 2], ['b', 1.5, 4.5]]);
  t.is(n.fields[0].covariance.b, -3);
  t.is(n.fields[0].correlation.b, -1);
  const bad = await search({ m: { matrix_stats: { fields: ['a'], mode: 'middle' } } }, '', 'sparse');
  t.is(bad.status, 400);
  t.is(bad.body.error.reason, 'Illegal MultiValueMode [middle]');
  const sub = await search({ m: { matrix_stats: { fields: ['a'] }, aggs: { x: { max: { field: 'a' } } } } }, '', 'sparse');
  t.is(sub.body.error.type, 'aggregation_initialization_exception');
});

const profit = {
  init_script: 'params._agg.values = []',
  map_script: "params._agg.values.add(doc['v'].value * params.factor)",
  combine_script: 'double s = 0; for (x in params._agg.values) { s += x } return s',
  reduce_script: { inline: 'double s = params.base; for (a in params._aggs) { s += a } return s', params: { base: 0.5 } },
  params: { _agg: {}, factor: 2 },
};

test('scripted_metric: init/map/combine per shard, reduce over the shard results, per bucket too', async (t) => {
  const r = await search({ sm: { scripted_metric: profit }, g: { terms: { field: 'g' }, aggs: { sm: { scripted_metric: profit } } } }, '?typed_keys');
  t.is(r.status, 200, r.text);
  // 2 × (2+4+3+8+5+1+9+10) + 0.5
  t.deepEqual(r.body.aggregations['scripted_metric#sm'], { value: 84.5 });
  t.deepEqual(
    r.body.aggregations['sterms#g'].buckets.map((b: Json) => [b.key, b['scripted_metric#sm'].value]),
    [['x', 40.5], ['y', 42.5], ['z', 2.5]],
  );
  t.true(r.text.includes('"value":84.5'));
});

test('scripted_metric: without a reduce script the value is the list of shard results; without combine, params._agg', async (t) => {
  const r = await search({
    list: { scripted_metric: { map_script: 'params._agg.n = params._agg.containsKey("n") ? params._agg.n + 1 : 1', combine_script: 'return params._agg.n' } },
    agg: { scripted_metric: { init_script: 'params._agg.seen = 0', map_script: 'params._agg.seen += 1' } },
  });
  t.is(r.status, 200, r.text);
  // two shards, eight docs between them
  const list = r.body.aggregations.list.value as number[];
  t.is(list.length, 2);
  t.is(list[0]! + list[1]!, 8);
  const agg = r.body.aggregations.agg.value as Array<{ seen: number }>;
  t.deepEqual(agg.map((a) => Object.keys(a)), [['seen'], ['seen']]);
  t.is(agg[0]!.seen + agg[1]!.seen, 8);
  const missing = await search({ sm: { scripted_metric: { init_script: 'params._agg.x = 1' } } });
  t.is(missing.status, 400);
  t.is(missing.body.error.reason, '[mapScript] must not be null: [sm]');
  const unknown = await search({ sm: { scripted_metric: { map_script: '1', nope: 1 } } });
  t.is(unknown.body.error.type, 'parsing_exception');
  const broken = await search({ sm: { scripted_metric: { map_script: 'params._agg.x.y = 1' } } });
  t.is(broken.status, 500);
});

/**
 * A one-shard index of 7 docs for significance and sampling (n is the doc number):
 *   class a: 1 [p q], 2 [p], 3 [p r]       class b: 4 [q], 5 [q r], 6 [r], 7 [p]
 * Background (7 docs): p in 4, q in 3, r in 3.
 */
let wordsReady: Promise<void> | undefined;
const words = (): Promise<void> => (wordsReady ??= createWords());
async function createWords(): Promise<void> {
  await node.request('PUT', '/words', { settings: { number_of_shards: 1 }, mappings: { d: { properties: { c: { type: 'keyword' }, w: { type: 'keyword' }, n: { type: 'integer' } } } } });
  const docs = [['a', ['p', 'q']], ['a', ['p']], ['a', ['p', 'r']], ['b', ['q']], ['b', ['q', 'r']], ['b', ['r']], ['b', ['p']]] as const;
  const body = docs.map(([c, w], i) => `{"index":{"_id":"${i + 1}"}}\n${JSON.stringify({ c, w, n: i + 1 })}\n`).join('');
  const r = await node.request('POST', '/words/d/_bulk?refresh=true', body);
  if (r.body.errors) throw new Error(r.text);
}

const sig = (options: Json, query?: Json) =>
  node.request('POST', '/words/_search?typed_keys', { size: 0, ...(query ? { query } : {}), aggs: { c: { terms: { field: 'c' }, aggs: { s: { significant_terms: { field: 'w', min_doc_count: 1, ...options } } } } } });
const sigBuckets = (r: { body: Json }, i: number) => r.body.aggregations['sterms#c'].buckets[i]['sigsterms#s'];

test('significant_terms: JLH by default, with doc_count / bg_count of the foreground and background', async (t) => {
  await words();
  const r = await sig({});
  t.is(r.status, 200, r.text);
  // a (3 docs): p 3 of 3 against 4 of 7: (1 - 4/7) · (1 / (4/7)) = 0.75; q and r are rarer than in the background
  t.deepEqual(sigBuckets(r, 1), { doc_count: 3, bg_count: 7, buckets: [{ key: 'p', doc_count: 3, score: 0.75, bg_count: 4 }] });
  // b (4 docs): q and r 2 of 4 against 3 of 7: (1/2 - 3/7) · (7/6) = 1/12 each
  t.deepEqual(sigBuckets(r, 0), {
    doc_count: 4,
    bg_count: 7,
    buckets: [
      { key: 'q', doc_count: 2, score: (1 / 2 - 3 / 7) * (1 / 2 / (3 / 7)), bg_count: 3 },
      { key: 'r', doc_count: 2, score: (1 / 2 - 3 / 7) * (1 / 2 / (3 / 7)), bg_count: 3 },
    ],
  });
  // min_doc_count (default 3) drops b's terms
  const dflt = await node.request('POST', '/words/_search', { size: 0, aggs: { c: { terms: { field: 'c' }, aggs: { s: { significant_terms: { field: 'w' } } } } } });
  t.deepEqual(dflt.body.aggregations.c.buckets.map((b: Json) => b.s.buckets.map((x: Json) => x.key)), [[], ['p']]);
});

test('significant_terms heuristics: percentage, chi_square, mutual_information, gnd, script_heuristic', async (t) => {
  await words();
  const a = async (h: Json) => sigBuckets(await sig(h), 1).buckets.map((b: Json) => [b.key, b.score]);
  t.deepEqual(await a({ percentage: {} }), [['p', 3 / 4], ['q', 1 / 3], ['r', 1 / 3]]);
  // term p in class a, background is the superset: N11 3, N10 1, N01 0, N00 3; N 7
  t.deepEqual(await a({ chi_square: {} }), [['p', (7 * (3 * 3 - 0 * 1) ** 2) / (3 * 4 * 3 * 4)]]);
  const mi = ((3 / 7) * Math.log((7 * 3) / (3 * 4)) + 0 + (1 / 7) * Math.log((7 * 1) / (4 * 4)) + (3 / 7) * Math.log((7 * 3) / (4 * 3))) / Math.log(2);
  const got = await a({ mutual_information: {} });
  t.is(got.length, 1);
  t.is(got[0][0], 'p');
  t.true(Math.abs(got[0][1] - mi) < 1e-15, String(got[0][1]));
  // GND over fx = 4 docs with p, fy = 3 docs in a, fxy = 3
  const gnd = Math.exp(-(Math.log(4) - Math.log(3)) / (Math.log(7) - Math.log(3)));
  const g = await a({ gnd: {} });
  t.is(g[0][0], 'p');
  t.true(Math.abs(g[0][1] - gnd) < 1e-15);
  t.deepEqual(await a({ script_heuristic: { script: 'params._subset_freq + params._superset_freq' } }), [['p', 7], ['q', 4], ['r', 4]]);
  const bad = await sig({ gnd: { nope: true } });
  t.is(bad.status, 400);
  t.is(bad.body.error.reason, 'failed to parse [gnd] significance heuristic. unknown field [nope]');
});

test('significant_terms background_filter: the background is the filter\'s docs', async (t) => {
  await words();
  const r = await node.request('POST', '/words/_search', {
    size: 0,
    query: { term: { c: 'a' } },
    aggs: { s: { significant_terms: { field: 'w', min_doc_count: 1, background_filter: { terms: { w: ['p', 'q'] } } } } },
  });
  t.is(r.status, 200, r.text);
  // background: docs with p or q (1 2 3 4 5 7); p is in 4 of them: (1 - 4/6) · (6/4) = 0.5
  t.deepEqual(r.body.aggregations.s, { doc_count: 3, bg_count: 6, buckets: [{ key: 'p', doc_count: 3, score: 0.5, bg_count: 4 }] });
});

test('sampler and diversified_sampler: sub-aggregations over the best-scoring docs of the shard', async (t) => {
  await words();
  const r = await node.request('POST', '/words/_search?typed_keys', {
    size: 0,
    query: { function_score: { field_value_factor: { field: 'n' } } },
    aggs: {
      s: { sampler: { shard_size: 3 }, aggs: { lo: { min: { field: 'n' } }, c: { terms: { field: 'c' } } } },
      d: { diversified_sampler: { shard_size: 3, field: 'c' }, aggs: { ns: { terms: { field: 'n' } } } },
      d2: { diversified_sampler: { shard_size: 3, field: 'c', max_docs_per_value: 2 }, aggs: { ns: { terms: { field: 'n', order: { _term: 'asc' } } } } },
    },
  });
  t.is(r.status, 200, r.text);
  const a = r.body.aggregations;
  // scores are n: the sample is docs 7 6 5, all in class b
  t.is(a['sampler#s'].doc_count, 3);
  t.deepEqual(a['sampler#s']['min#lo'], { value: 5 });
  t.deepEqual(a['sampler#s']['sterms#c'].buckets, [{ key: 'b', doc_count: 3 }]);
  // one doc per class: the best of b (7) and of a (3)
  t.is(a['sampler#d'].doc_count, 2);
  t.deepEqual(a['sampler#d']['lterms#ns'].buckets.map((b: Json) => b.key), [3, 7]);
  // two per class, three at most: 7 6 of b, then 3 of a
  t.deepEqual(a['sampler#d2']['lterms#ns'].buckets.map((b: Json) => b.key), [3, 6, 7]);
  const multi = await node.request('POST', '/words/_search', { size: 0, aggs: { d: { diversified_sampler: { field: 'w' } } } });
  t.is(multi.status, 500);
  t.is(multi.body.error.root_cause[0].reason, 'Sample diversifying key must be a single valued-field');
});

test('terms include partitions: each term in exactly one partition (murmur3 of its bytes, mix64 of longs)', async (t) => {
  await words();
  const parts = await Promise.all([0, 1, 2].map((p) => node.request('POST', '/words/_search', { size: 0, aggs: { w: { terms: { field: 'w', include: { partition: p, num_partitions: 3 } } }, n: { terms: { field: 'n', include: { partition: p, num_partitions: 3 } } } } })));
  const keys = (agg: string) => parts.map((r) => r.body.aggregations[agg].buckets.map((b: Json) => b.key));
  t.deepEqual(keys('w').flat().sort(), ['p', 'q', 'r']);
  t.deepEqual(keys('n').flat().sort(), [1, 2, 3, 4, 5, 6, 7]);
  t.true(parts.every((r) => r.status === 200));
  const missing = await node.request('POST', '/words/_search', { size: 0, aggs: { w: { terms: { field: 'w', include: { partition: 1 } } } } });
  t.is(missing.status, 400);
  t.is(missing.body.error.reason, 'Missing [num_partitions] parameter for partition-based include');
  // num_partitions 0 was a division by zero on the shard (a 500); ES refuses it as it builds IncludeExclude
  for (const include of [{ partition: 0, num_partitions: 0 }, { partition: 3, num_partitions: 3 }, { partition: -1, num_partitions: 2 }]) {
    const bad = await node.request('POST', '/words/_search', { size: 0, aggs: { n: { terms: { field: 'n', include } } } });
    t.is(bad.status, 400);
    t.is(bad.body.error.type, 'illegal_argument_exception');
    t.is(bad.body.error.reason, `Partition must be >=0 and < numPartition which is ${include.num_partitions}`);
  }
});

test('murmurhash3_x86_32 as Lucene computes it (published test vectors)', async (t) => {
  const { murmur3x86_32: murmur3x86 } = await import('../../lib/hash/murmur3-x86.js');
  const utf8 = (s: string) => new TextEncoder().encode(s);
  t.is(murmur3x86(utf8(''), 0), 0);
  t.is(murmur3x86(utf8('hello'), 0) >>> 0, 0x248bfa47);
  t.is(murmur3x86(utf8('The quick brown fox jumps over the lazy dog'), 0) >>> 0, 0x2e4ff723);
  t.is(murmur3x86(utf8(''), 1) >>> 0, 0x514e28b7);
});

test('geo_bounds and geo_centroid over quantized geo_point doc values, across the dateline', async (t) => {
  await node.request('PUT', '/places', { settings: { number_of_shards: 1 }, mappings: { d: { properties: { loc: { type: 'geo_point' }, k: { type: 'keyword' } } } } });
  const pts = [[10, 20], [-5, 170], [30, -170]];
  const body = pts.map(([lat, lon]) => `{"index":{}}\n${JSON.stringify({ loc: { lat, lon }, k: 'x' })}\n`).join('') + '{"index":{}}\n{"k":"y"}\n';
  await node.request('POST', '/places/d/_bulk?refresh=true', body);
  // Lucene's 32-bit grid: floor(v / (range / 2^32)) · (range / 2^32)
  const qLat = (v: number) => Math.floor(v / (180 / 2 ** 32)) * (180 / 2 ** 32);
  const qLon = (v: number) => Math.floor(v / (360 / 2 ** 32)) * (360 / 2 ** 32);
  const r = await search({ b: { geo_bounds: { field: 'loc' } }, u: { geo_bounds: { field: 'loc', wrap_longitude: false } }, c: { geo_centroid: { field: 'loc' } }, k: { terms: { field: 'k' }, aggs: { b: { geo_bounds: { field: 'loc' } }, c: { geo_centroid: { field: 'loc' } } } } }, '?typed_keys', 'places');
  t.is(r.status, 200, r.text);
  const a = r.body.aggregations;
  // east of the meridian 20..170, west -170: wrapped across the dateline (170 wide) beats 340
  t.deepEqual(a['geo_bounds#b'], { bounds: { top_left: { lat: qLat(30), lon: qLon(20) }, bottom_right: { lat: qLat(-5), lon: qLon(-170) } } });
  t.deepEqual(a['geo_bounds#u'], { bounds: { top_left: { lat: qLat(30), lon: qLon(-170) }, bottom_right: { lat: qLat(-5), lon: qLon(170) } } });
  // running mean, re-quantized after each doc as ES stores it
  let lat = 0;
  let lon = 0;
  pts.forEach(([la, lo], i) => {
    lat = qLat(lat + (qLat(la as number) - lat) / (i + 1));
    lon = qLon(lon + (qLon(lo as number) - lon) / (i + 1));
  });
  t.deepEqual(a['geo_centroid#c'], { location: { lat, lon } });
  const y = a['sterms#k'].buckets[1];
  t.deepEqual([y.key, y['geo_bounds#b'], y['geo_centroid#c']], ['y', {}, {}]);
  const bad = await search({ b: { geo_bounds: { field: 'k' } } }, '', 'places');
  t.is(bad.status, 400);
  t.is(bad.body.error.root_cause[0].reason, 'Expected geo_point type on field [k], but got [keyword]');
});

test('geohash_grid: cells of the given precision, fullest first, geohash descending on ties', async (t) => {
  await node.request('PUT', '/cells', { settings: { number_of_shards: 1 }, mappings: { d: { properties: { loc: { type: 'geo_point' } } } } });
  // "u0" twice (one doc with two points in it counts once), "s0" once, "s1" once; at precision 1
  // "u" and "s" tie at 2 and the larger geohash comes first
  const docs = [[{ lat: 45.1, lon: 0.1 }, { lat: 45.2, lon: 0.2 }], [{ lat: 45.3, lon: 1 }], [{ lat: 0.1, lon: 0.1 }], [{ lat: 6, lon: 0.1 }]];
  await node.request('POST', '/cells/d/_bulk?refresh=true', docs.map((loc) => `{"index":{}}\n${JSON.stringify({ loc })}\n`).join(''));
  const r = await search({ g: { geohash_grid: { field: 'loc', precision: 2 } } }, '?typed_keys', 'cells');
  t.is(r.status, 200, r.text);
  t.deepEqual(r.body.aggregations['geohash_grid#g'], { buckets: [{ key: 'u0', doc_count: 2 }, { key: 's1', doc_count: 1 }, { key: 's0', doc_count: 1 }] });
  const small = await search({ g: { geohash_grid: { field: 'loc', precision: 1, size: 1 } } }, '', 'cells');
  t.deepEqual(small.body.aggregations.g, { buckets: [{ key: 'u', doc_count: 2 }] });
  const bad = await search({ g: { geohash_grid: { field: 'loc', precision: 13 } } }, '', 'cells');
  t.is(bad.status, 400);
  t.is(bad.body.error.reason, 'Invalid geohash aggregation precision of 13. Must be between 1 and 12.');
});
