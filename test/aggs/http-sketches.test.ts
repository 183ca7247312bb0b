/**
 * `percentiles`, `percentile_ranks` and `cardinality` over HTTP with ES 5.6's own figures, on
 * fixtures/aggs/sketch.* (a two-shard index, so the coordinator merges shard sketches; the node
 * passes shard results as JSON, so the digest and counter states cross as plain data).
 *
 * Where the expected numbers come from (docs/aggregations.md says the same):
 *  - n = [8, 5, 3, 2, 1, 1, 0]: ES 5.6's TDigestPercentilesAggregatorTests asserts exactly these
 *    percentiles of this set (p100 8.0, p86 5.48, p75 4.0, p50 2.0, p33 1.0, p25 1.0, p20 1.0,
 *    p1 0.06). The others (p5, p95, p99) are t-digest 3.0's `quantile` worked by hand: under 200
 *    points every value is its own centroid and the figure is the interpolation between the two
 *    nearest ranks, in Java's operation order.
 *  - d = [3, 0.2, 10], ranks of [0.1, 0.5, 12]: ES's TDigestPercentileRanksAggregatorTests notes
 *    "~15" and "~59" for 0.1 and 12 (t-digest 3.0's cdf, issue #14851); 3.0's cdf by hand, in
 *    Java's operation order with half-widths l = (3 − 0.2) / 2 and l' = (10 − 3) / 2, gives
 *    ((x − (0.2 − l)) / ((0.2 + l) − (0.2 − l))) / 3 · 100 for 0.1 and 0.5, and
 *    (1 + (12 − (10 − l')) / ((10 + l') − (10 − l'))) / 3 · 100 for 12 (the next-to-last centroid
 *    is skipped, as 3.0 does).
 *  - cardinality below the threshold: HyperLogLog++'s linear counting over 2^25 virtual registers,
 *    round(2^25 · ln(2^25 / (2^25 − n))), which is n for these n.
 */
import test from 'ava';
import { startTestNode, fixture, type TestNode } from '../helpers/node.js';
import { HyperLogLogPlusPlus } from '../../lib/aggs/hll.js';
import { hashLong, murmur3x64, type U64 } from '../../lib/aggs/murmur3-x64.js';

let node: TestNode;

test.before(async () => {
  node = await startTestNode({ shardClientMode: 'json' });
  const r = await node.request('PUT', '/sketch', await fixture('aggs/sketch.index.json'));
  if (r.status !== 200) throw new Error(r.text);
  const bulk = await node.request('POST', '/_bulk?refresh=true', await fixture('aggs/sketch.ndjson'));
  if (bulk.status !== 200 || bulk.body.errors) throw new Error(bulk.text);
});

test.after.always(async () => {
  await node?.close();
});

const search = (body: unknown, qs = '') => node.request('POST', `/sketch/_search${qs}`, body);
const aggs = async (a: unknown, query?: unknown) => {
  const r = await search({ size: 0, ...(query ? { query } : {}), aggs: a });
  if (r.status !== 200) throw new Error(r.text);
  return r.body.aggregations;
};

test('percentiles: default percents, keyed, t-digest 3.0 figures', async (t) => {
  const a = await aggs({ p: { percentiles: { field: 'n' } } });
  t.deepEqual(a.p, {
    values: { '1.0': 0.06, '5.0': 0.30000000000000004, '25.0': 1.0, '50.0': 2.0, '75.0': 4.0, '95.0': 7.099999999999998, '99.0': 7.8199999999999985 },
  });
});

test('percentiles: ES 5.6 aggregator test figures, sorted percents, non-keyed', async (t) => {
  const a = await aggs({ p: { percentiles: { field: 'n', percents: [100, 86, 75, 50, 33, 25, 20, 1], keyed: false } } });
  t.deepEqual(a.p.values, [
    { key: 1.0, value: 0.06 },
    { key: 20.0, value: 1.0 },
    { key: 25.0, value: 1.0 },
    { key: 33.0, value: 1.0 },
    { key: 50.0, value: 2.0 },
    { key: 75.0, value: 4.0 },
    { key: 86.0, value: 5.48 },
    { key: 100.0, value: 8.0 },
  ]);
});

test('percentiles: a date field gives value_as_string; typed_keys names tdigest_percentiles', async (t) => {
  const r = await search({ size: 0, aggs: { p: { percentiles: { field: 't', percents: [50] } } } }, '?typed_keys=true');
  t.is(r.status, 200, r.text);
  // Jan 1..4: the median lies halfway between Jan 2 and Jan 3
  t.deepEqual(r.body.aggregations['tdigest_percentiles#p'], { values: { '50.0': 1483358400000, '50.0_as_string': '2017-01-02T12:00:00.000Z' } });
});

test('percentiles: no values renders "NaN" as ES 5.6 (Jackson) does', async (t) => {
  const a = await aggs({ p: { percentiles: { field: 'n', percents: [50] } } }, { term: { k: 'nothing' } });
  t.deepEqual(a.p, { values: { '50.0': 'NaN' } });
});

test('percentiles: missing, script, and per bucket under terms', async (t) => {
  // d with missing 1: 0.2, 1, 1, 1, 1, 1, 3, 10 -> the median index 3.5 lies between two 1s
  const a = await aggs({
    m: { percentiles: { field: 'd', missing: 1, percents: [50] } },
    s: { percentiles: { script: { inline: "doc['n'].value * 2", lang: 'painless' }, percents: [50] } },
  }, { exists: { field: 'n' } });
  t.deepEqual(a.m, { values: { '50.0': 1.0 } });
  t.deepEqual(a.s, { values: { '50.0': 4.0 } });
  const b = await aggs({ k: { terms: { field: 'k' }, aggs: { p: { percentiles: { field: 'n', percents: [50] } } } } });
  const byKey = Object.fromEntries(b.k.buckets.map((x: any) => [x.key, x.p.values['50.0']]));
  // one: n 8, 2, 1 -> 2; two: 5, 1 -> 3; three: 3; four: 1; five: no n
  t.deepEqual(byKey, { one: 2.0, two: 3.0, three: 3.0, four: 1.0, five: 'NaN' });
});

test('hdr: HdrHistogram 2.1.9 DoubleHistogram figures, ranks, typed_keys, digits bound', async (t) => {
  const r = await search({
    size: 0,
    aggs: {
      p: { percentiles: { field: 'n', hdr: { number_of_significant_value_digits: 3 } } },
      r: { percentile_ranks: { field: 'd', values: [0.1, 0.5, 12], hdr: {} } },
    },
  }, '?typed_keys=true');
  t.is(r.status, 200, r.text);
  // 3 digits: 1.0 is tracked as the integer 1024 (sub-bucket half count), so 0 and 1 are exact and
  // 2, 3, 8 report the highest value of their equivalence range (2, 2 and 8 integer units wide):
  // 2049 / 1024, 3073 / 1024, 8199 / 1024 (getValueAtPercentile returns highestEquivalentValue)
  t.deepEqual(r.body.aggregations['hdr_percentiles#p'], {
    values: { '1.0': 0.0, '5.0': 0.0, '25.0': 1.0, '50.0': 2.0009765625, '75.0': 3.0009765625, '95.0': 8.0068359375, '99.0': 8.0068359375 },
  });
  // ES 5.6's HDRPercentileRanksAggregatorTests: 0 below every value, 100 above all; 0.5 has 1 of 3 at or below
  t.deepEqual(r.body.aggregations['hdr_percentile_ranks#r'], { values: { '0.1': 0.0, '0.5': 33.333333333333336, '12.0': 100.0 } });
  const bad = await search({ size: 0, aggs: { p: { percentiles: { field: 'n', hdr: { number_of_significant_value_digits: 6 } } } } });
  t.is(bad.status, 400, bad.text);
  t.is(bad.body.error.caused_by.reason, '[numberOfSignificantValueDigits] must be between 0 and 5: [p]');
});

test('percentile_ranks: t-digest 3.0 cdf (ES 5.6 figures), typed_keys', async (t) => {
  const r = await search({ size: 0, aggs: { r: { percentile_ranks: { field: 'd', values: [12, 0.1, 0.5] } } } }, '?typed_keys=true');
  t.is(r.status, 200, r.text);
  t.deepEqual(r.body.aggregations['tdigest_percentile_ranks#r'], {
    values: { '0.1': 15.47619047619048, '0.5': 20.23809523809524, '12.0': 59.523809523809526 },
  });
});

test('percentiles errors: ES 5.6 types and reasons', async (t) => {
  const bad = async (body: unknown) => {
    const r = await search({ size: 0, aggs: { p: body } });
    t.is(r.status, 400, r.text);
    return r.body.error;
  };
  let e = await bad({ percentiles: { field: 'n', tdigest: { compression: -1 } } });
  t.is(e.type, 'parsing_exception');
  t.is(e.reason, '[percentiles] failed to parse field [tdigest]');
  t.is(e.caused_by.reason, '[compression] must be greater than or equal to 0. Found [-1.0] in [p]');
  e = await bad({ percentiles: { field: 'n', tdigest: {}, hdr: {} } });
  t.is(e.reason, '[percentiles] failed to parse field [hdr]');
  t.like(e.caused_by, { type: 'illegal_state_exception', reason: 'Only one percentiles method should be declared.' });
  e = await bad({ percentiles: { field: 'n', percents: [] } });
  t.is(e.caused_by.reason, '[percents] must not be empty: [p]');
  e = await bad({ percentile_ranks: { field: 'n' } });
  t.like(e, { type: 'illegal_argument_exception', reason: '[values] must not be null: [p]' });
  e = await bad({ percentiles: { field: 'n', percents: [101] } });
  t.like(e, { type: 'illegal_argument_exception', reason: 'q should be in [0,1], got 1.01' });
  e = await bad({ percentiles: { field: 'n', foo: 1 } });
  t.like(e, { type: 'illegal_argument_exception', reason: '[percentiles] unknown field [foo], parser not found' });
  const sub = await search({ size: 0, aggs: { p: { percentiles: { field: 'n' }, aggs: { x: { max: { field: 'n' } } } } } });
  t.like(sub.body.error, { type: 'aggregation_initialization_exception', reason: 'Aggregator [p] of type [percentiles] cannot accept sub-aggregations' });
});

test('cardinality below the threshold: linear counting, exact for keyword, long, double, ip', async (t) => {
  const a = await aggs({
    k: { cardinality: { field: 'k' } },
    n: { cardinality: { field: 'n' } },
    d: { cardinality: { field: 'd' } },
    ip: { cardinality: { field: 'ip' } },
    km: { cardinality: { field: 'k', missing: 'zzz' } },
    u: { cardinality: { field: 'unmapped' } },
    low: { cardinality: { field: 'k', precision_threshold: 0 } },
  });
  t.deepEqual(
    Object.fromEntries(Object.entries(a).map(([k, v]) => [k, (v as { value: number }).value])),
    { k: 5, n: 6, d: 3, ip: 3, km: 6, u: 0, low: 5 },
  );
  const b = await aggs({ k: { terms: { field: 'k' }, aggs: { c: { cardinality: { field: 'n' } } } } });
  t.deepEqual(Object.fromEntries(b.k.buckets.map((x: any) => [x.key, x.c.value])), { one: 3, two: 2, three: 1, four: 1, five: 0 });
});

test('cardinality errors: negative precision_threshold', async (t) => {
  const r = await search({ size: 0, aggs: { c: { cardinality: { field: 'k', precision_threshold: -1 } } } });
  t.is(r.status, 400, r.text);
  t.is(r.body.error.reason, '[cardinality] failed to parse field [precision_threshold]');
  t.is(r.body.error.caused_by.reason, '[precisionThreshold] must be greater than or equal to 0. Found [-1] in [c]');
});

test('cardinality far above the threshold: the HyperLogLog++ estimate of the merged shard counters', async (t) => {
  const lines: string[] = [];
  for (let i = 0; i < 5000; i++) {
    lines.push(JSON.stringify({ index: { _index: 'many', _type: 'doc', _id: String(i) } }), JSON.stringify({ u: `u${i}`, v: i }));
  }
  const created = await node.request('PUT', '/many', { settings: { number_of_shards: 3, number_of_replicas: 0 }, mappings: { doc: { properties: { u: { type: 'keyword' }, v: { type: 'long' } } } } });
  t.is(created.status, 200, created.text);
  const bulk = await node.request('POST', '/_bulk?refresh=true', lines.join('\n') + '\n');
  t.false(bulk.body.errors);
  const r = await node.request('POST', '/many/_search', {
    size: 0,
    aggs: { u: { cardinality: { field: 'u' } }, v: { cardinality: { field: 'v' } }, u100: { cardinality: { field: 'u', precision_threshold: 100 } } },
  });
  t.is(r.status, 200, r.text);
  // the same hashes counted by one counter: HLL registers are a max, so shards merge losslessly
  const expected = (p: number, hash: (i: number) => U64): number => {
    const c = new HyperLogLogPlusPlus(p);
    for (let i = 0; i < 5000; i++) c.collect(hash(i));
    return c.cardinality();
  };
  const u = expected(14, (i) => murmur3x64(Buffer.from(`u${i}`)));
  const v = expected(14, (i) => hashLong(i));
  const u100 = expected(10, (i) => murmur3x64(Buffer.from(`u${i}`)));
  t.deepEqual({ u: r.body.aggregations.u.value, v: r.body.aggregations.v.value, u100: r.body.aggregations.u100.value }, { u, v, u100 });
  for (const x of [u, v, u100]) t.true(Math.abs(x - 5000) < 5000 * 0.1, String(x));
});
