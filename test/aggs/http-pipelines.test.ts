/**
 * Pipeline aggregations over HTTP on fixtures/aggs/series (two shards, eight points):
 *   t: 0  1  2  3  4  5    6  7        (histogram interval 1 on t; t=3 has no document)
 *   v: 2  4  3  -  8  5+1  9  10       sum per bucket: 2 4 3 [gap] 8 6 9 10
 *   g: x  y  x  -  y  x,z  y  x        per g: x sum 20 (4 docs), y 21 (3), z 1 (1)
 * ES 5.6's BucketHelpers makes every value of an empty bucket (t=3) a gap (its `_count` is 0,
 * not a gap). Expected figures are worked out by hand below from ES 5.6's formulas.
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
const search = (aggs: unknown, qs = '') => node.request('POST', `/series/_search${qs}`, { size: 0, aggs });

/** A histogram over t with a sum `s` and the given pipelines; its buckets. */
async function series(pipelines: Json, histogram: Json = {}): Promise<Json[]> {
  const r = await search({ h: { histogram: { field: 't', interval: 1, ...histogram }, aggs: { s: { sum: { field: 'v' } }, ...pipelines } } });
  if (r.status !== 200) throw new Error(r.text);
  return r.body.aggregations.h.buckets;
}

const valuesOf = (buckets: Json[], name: string): Array<number | null | undefined> => buckets.map((b) => (b[name] === undefined ? undefined : b[name].value));

test('serial_diff: lag 1 and 2, gaps skipped or inserted as zeros', async (t) => {
  const b = await series({
    d1: { serial_diff: { buckets_path: 's' } },
    d2: { serial_diff: { buckets_path: 's', lag: 2 } },
    z: { serial_diff: { buckets_path: 's', gap_policy: 'insert_zeros' } },
  });
  // a value needs the one `lag` buckets before it to exist: the gap at t=3 hides t=3 and t=4 (lag 1)
  t.deepEqual(valuesOf(b, 'd1'), [undefined, 2, -1, undefined, undefined, -2, 3, 1]);
  t.deepEqual(valuesOf(b, 'd2'), [undefined, undefined, 1, undefined, 5, undefined, 1, 4]);
  t.deepEqual(valuesOf(b, 'z'), [undefined, 2, -1, -3, 8, -2, 3, 1]);
  t.deepEqual(b[3], { key: 3, doc_count: 0, s: { value: 0 }, z: { value: -3 } });
});

test('moving_avg: simple, linear, ewma, holt and holt_winters as ES 5.6 computes them', async (t) => {
  const b = await series({
    simple: { moving_avg: { buckets_path: 's', window: 3 } },
    linear: { moving_avg: { buckets_path: 's', window: 3, model: 'linear' } },
    ewma: { moving_avg: { buckets_path: 's', window: 3, model: 'ewma', settings: { alpha: 0.5 } } },
    holt: { moving_avg: { buckets_path: 's', window: 3, model: 'holt', settings: { alpha: 0.5, beta: 0.5 } } },
    hw: { moving_avg: { buckets_path: 's', window: 4, model: 'holt_winters', minimize: false, settings: { alpha: 0.5, beta: 0.5, gamma: 0.5, period: 2 } } },
  });
  // windows of the non-gap values 2 4 3 8 6 9 10 (t=3 has none and gets none)
  t.deepEqual(valuesOf(b, 'simple'), [undefined, 2, 3, undefined, 3, 5, 17 / 3, 23 / 3]);
  // linear: Σ v·i / (1 + Σ i), ES's total weight starting at 1: [2] → 2/2, [2,4] → 10/4, [2,4,3] → 19/7
  t.deepEqual(valuesOf(b, 'linear'), [undefined, 1, 2.5, undefined, 19 / 7, (4 + 6 + 24) / 7, (3 + 16 + 18) / 7, (8 + 12 + 27) / 7]);
  // ewma α 0.5: [2,4] → 3; [2,4,3] → 3; [4,3,8] → 5.75; [3,8,6] → 5.75; [8,6,9] → 8
  t.deepEqual(valuesOf(b, 'ewma'), [undefined, 2, 3, undefined, 3, 5.75, 5.75, 8]);
  // holt α β 0.5: the first value gives s = α·v, the second restarts s = v with trend 0
  t.deepEqual(valuesOf(b, 'holt'), [undefined, 1, 4, undefined, 3.5, 5.5, 7, 7.5]);
  // holt_winters needs 2·period values; window [2,4,3,8]: s 3, b 1.25, seasonals 2/3, 4/3, then
  // s 8/3, b -1/6, seasonal 1/3; s 55/12, b 7/8, seasonal 13/4 → 55/12 + 7/8 + 1/3 = 139/24
  const hw = valuesOf(b, 'hw');
  t.deepEqual(hw.slice(0, 5), [undefined, undefined, undefined, undefined, undefined]);
  t.true(Math.abs((hw[5] as number) - 139 / 24) < 1e-12, String(hw[5]));
  t.true(Math.abs((hw[6] as number) - 9.022321428571429) < 1e-12, String(hw[6]));
  t.true(Math.abs((hw[7] as number) - 7.536931818181818) < 1e-12, String(hw[7]));
});

test('moving_avg predict: predictions in new buckets after the last value, keys by the interval', async (t) => {
  const b = await series({ p: { moving_avg: { buckets_path: 's', window: 3, predict: 2 } } });
  t.is(b.length, 10);
  // simple repeats its last value (the mean of 6 9 10)
  t.deepEqual(b.slice(8), [
    { key: 8, doc_count: 0, p: { value: 25 / 3 } },
    { key: 9, doc_count: 0, p: { value: 25 / 3 } },
  ]);
  // holt extrapolates s + i·b from i = 0 over the last window 6 9 10 (s 9.5, b 0.25)
  const three = await series({ h: { moving_avg: { buckets_path: 's', window: 3, model: 'holt', predict: 3, settings: { alpha: 0.5, beta: 0.5 } } } });
  t.deepEqual(three.slice(8), [
    { key: 8, doc_count: 0, h: { value: 9.5 } },
    { key: 9, doc_count: 0, h: { value: 9.75 } },
    { key: 10, doc_count: 0, h: { value: 10 } },
  ]);
});

test('moving_avg minimize: fits ewma/holt/holt_winters reproducibly; too little data keeps the settings', async (t) => {
  const req = { m: { moving_avg: { buckets_path: 's', window: 3, model: 'holt', minimize: true, predict: 1 } } };
  const one = await series(req);
  const two = await series(req);
  t.deepEqual(one, two);
  // 7 values ≥ 2 windows of 3: the fitted model differs from the defaults (α 0.3, β 0.1)
  const plain = await series({ m: { moving_avg: { buckets_path: 's', window: 3, model: 'holt', predict: 1 } } });
  t.notDeepEqual(valuesOf(one, 'm'), valuesOf(plain, 'm'));
  // window 4 needs 8 values: only 7, so minimizing leaves the model as given
  const few = await series({ m: { moving_avg: { buckets_path: 's', window: 4, model: 'ewma', minimize: true } } });
  const asGiven = await series({ m: { moving_avg: { buckets_path: 's', window: 4, model: 'ewma' } } });
  t.deepEqual(valuesOf(few, 'm'), valuesOf(asGiven, 'm'));
});

test('stats_bucket, extended_stats_bucket, percentiles_bucket over the histogram', async (t) => {
  const r = await search(
    {
      h: { histogram: { field: 't', interval: 1 }, aggs: { s: { sum: { field: 'v' } } } },
      st: { stats_bucket: { buckets_path: 'h>s' } },
      ex: { extended_stats_bucket: { buckets_path: 'h>s', sigma: 1 } },
      pc: { percentiles_bucket: { buckets_path: 'h>s' } },
      pz: { percentiles_bucket: { buckets_path: 'h>s', percents: [0, 50, 100], gap_policy: 'insert_zeros' } },
      cnt: { stats_bucket: { buckets_path: 'h>_count' } },
    },
    '?typed_keys',
  );
  t.is(r.status, 200, r.text);
  const a = r.body.aggregations;
  // values 2 4 3 8 6 9 10 (the empty bucket is a gap): sum 42, squares 310
  t.deepEqual(a['stats_bucket#st'], { count: 7, min: 2, max: 10, avg: 6, sum: 42 });
  const variance = (310 - (42 * 42) / 7) / 7; // InternalExtendedStats.getVariance
  const std = Math.sqrt(variance);
  t.deepEqual(a['extended_stats_bucket#ex'], {
    count: 7, min: 2, max: 10, avg: 6, sum: 42, sum_of_squares: 310, variance, std_deviation: std,
    std_deviation_bounds: { upper: 6 + std, lower: 6 - std },
  });
  // sorted 2 3 4 6 8 9 10; the value at round(p/100 · 6)
  t.deepEqual(a['percentiles_bucket#pc'], { values: { '1.0': 2, '5.0': 2, '25.0': 4, '50.0': 6, '75.0': 9, '95.0': 10, '99.0': 10 } });
  // insert_zeros adds the 0 of t=3: 0 2 3 4 6 8 9 10, round(0.5 · 7) = 4 → 6
  t.deepEqual(a['percentiles_bucket#pz'], { values: { '0.0': 0, '50.0': 6, '100.0': 10 } });
  // _count is never a gap: eight buckets with 1 1 1 0 1 2 1 1
  t.deepEqual(a['stats_bucket#cnt'], { count: 8, min: 0, max: 2, avg: 1, sum: 8 });
});

test('bucket_script: params bound per buckets_path, painless and expressions, format, gaps', async (t) => {
  const r = await search({
    g: {
      terms: { field: 'g' },
      aggs: {
        s: { sum: { field: 'v' } },
        st: { stats: { field: 'v' } },
        h: { histogram: { field: 't', interval: 1 } },
        mean: { bucket_script: { buckets_path: { total: 's', n: '_count' }, script: 'params.total / params.n' } },
        twice: { bucket_script: { buckets_path: { m: 'st.max' }, script: { lang: 'expression', inline: 'm * k', params: { k: 2 } } } },
        brk: { bucket_script: { buckets_path: { m: 'st[min]', b: 'h>_bucket_count' }, script: 'params.m + params.b', format: '0.00' } },
        arr: { bucket_script: { buckets_path: ['s', '_count'], script: 'params._value0 - params._value1' } },
      },
    },
  });
  t.is(r.status, 200, r.text);
  const b = r.body.aggregations.g.buckets.map((x: Json) => ({ key: x.key, mean: x.mean, twice: x.twice, brk: x.brk, arr: x.arr }));
  // y: 4 8 9 at t 1 4 6 (6 histogram buckets); x: 2 3 5 10 at t 0 2 5 7 (8); z: 1 at t 5 (1)
  t.deepEqual(b, [
    { key: 'x', mean: { value: 5 }, twice: { value: 20 }, brk: { value: 10, value_as_string: '10.00' }, arr: { value: 16 } },
    { key: 'y', mean: { value: 7 }, twice: { value: 18 }, brk: { value: 10, value_as_string: '10.00' }, arr: { value: 18 } },
    { key: 'z', mean: { value: 1 }, twice: { value: 2 }, brk: { value: 2, value_as_string: '2.00' }, arr: { value: 0 } },
  ]);
});

test('bucket_script in a histogram: skip leaves gap buckets alone, insert_zeros computes them', async (t) => {
  const b = await series({
    skip: { bucket_script: { buckets_path: { s: 's' }, script: 'params.s * 10' } },
    zero: { bucket_script: { buckets_path: { s: 's' }, script: 'params.s + 1', gap_policy: 'insert_zeros' } },
  });
  t.deepEqual(valuesOf(b, 'skip'), [20, 40, 30, undefined, 80, 60, 90, 100]);
  t.deepEqual(valuesOf(b, 'zero'), [3, 5, 4, 1, 9, 7, 10, 11]);
});

test('bucket_selector: keeps the buckets whose script is true (painless boolean, expression 1.0)', async (t) => {
  const r = await search({
    g: {
      terms: { field: 'g' },
      aggs: { s: { sum: { field: 'v' } }, keep: { bucket_selector: { buckets_path: { s: 's' }, script: 'params.s > 5' } } },
    },
    e: { terms: { field: 'g' }, aggs: { keep: { bucket_selector: { buckets_path: { n: '_count' }, script: { lang: 'expression', inline: 'n >= 3' } } } } },
  });
  t.is(r.status, 200, r.text);
  t.deepEqual(r.body.aggregations.g.buckets, [
    { key: 'x', doc_count: 4, s: { value: 20 } },
    { key: 'y', doc_count: 3, s: { value: 21 } },
  ]);
  t.deepEqual(r.body.aggregations.e.buckets, [
    { key: 'x', doc_count: 4 },
    { key: 'y', doc_count: 3 },
  ]);
  const b = await series({ keep: { bucket_selector: { buckets_path: { c: '_count' }, script: 'params.c == 2' } } });
  t.deepEqual(b, [{ key: 5, doc_count: 2, s: { value: 6 } }]);
});

test('pipeline errors: models, settings, paths and values as ES 5.6 reports them', async (t) => {
  const hist = (p: Json, h: Json = {}) => search({ h: { histogram: { field: 't', interval: 1, ...h }, aggs: { s: { sum: { field: 'v' } }, st: { stats: { field: 'v' } }, p } } });
  const model = await hist({ moving_avg: { buckets_path: 's', model: 'nope' } });
  t.is(model.status, 400);
  t.is(model.body.error.type, 'parsing_exception');
  const alpha = await hist({ moving_avg: { buckets_path: 's', model: 'ewma', settings: { alpha: 2 } } });
  t.is(alpha.status, 400);
  t.is(alpha.body.error.reason, 'Could not parse settings for model [ewma].');
  t.deepEqual(alpha.body.error.caused_by, { type: 'parse_exception', reason: 'Parameter [alpha] must be between 0-1 inclusive.  Provided value was [2.0]' });
  const extra = await hist({ moving_avg: { buckets_path: 's', model: 'simple', settings: { alpha: 0.5 } } });
  t.is(extra.body.error.caused_by.reason, 'Unrecognized parameter(s): [[alpha]]');
  const period = await hist({ moving_avg: { buckets_path: 's', model: 'holt_winters', window: 3, settings: { period: 2 } } });
  t.is(period.body.error.caused_by.reason, 'Field [window] must be at least twice as large as the period when using Holt-Winters.  Value provided was [3], which is less than (2*period) == 4');
  const min = await hist({ moving_avg: { buckets_path: 's', minimize: true } });
  t.is(min.body.error.type, 'illegal_state_exception');
  t.is(min.body.error.reason, 'The [simple] model cannot be minimized for aggregation [p]');
  const mdc = await hist({ moving_avg: { buckets_path: 's' } }, { min_doc_count: 1 });
  t.is(mdc.body.error.reason, 'parent histogram of moving average aggregation [p] must have min_doc_count of 0');
  const lag = await hist({ serial_diff: { buckets_path: 's', lag: 0 } });
  t.is(lag.status, 400);
  t.is(lag.body.error.type, 'parsing_exception');
  const gap = await hist({ serial_diff: { buckets_path: 's', gap_policy: 'sometimes' } });
  t.is(gap.body.error.reason, 'Invalid gap policy: [sometimes], accepted values: [skip, insert_zeros]');
  // a multi-value metric without a value name is no number
  const multi = await hist({ serial_diff: { buckets_path: 'st' } });
  t.is(multi.status, 500);
  t.is(multi.body.error.type, 'aggregation_execution_exception');
  t.is(multi.body.error.reason, 'buckets_path must reference either a number value or a single value numeric metric aggregation, got: org.elasticsearch.search.aggregations.metrics.stats.InternalStats');
  const element = await hist({ serial_diff: { buckets_path: 'st[' } });
  t.is(element.body.error.reason, 'Invalid path element [st[] in path [st[]');
  const noScript = await search({ g: { terms: { field: 'g' }, aggs: { p: { bucket_script: { buckets_path: { a: '_count' } } } } } });
  t.is(noScript.status, 400);
  t.is(noScript.body.error.reason, 'Missing required field [script] for series_arithmetic aggregation [p]');
  const notNumber = await search({ g: { terms: { field: 'g' }, aggs: { p: { bucket_script: { buckets_path: { a: '_count' }, script: "'text'" } } } } });
  t.is(notNumber.status, 500);
  t.is(notNumber.body.error.reason, 'series_arithmetic script for reducer [p] must return a Number');
  const percents = await search({ h: { histogram: { field: 't', interval: 1 } }, p: { percentiles_bucket: { buckets_path: 'h>_count', percents: [101] } } });
  t.is(percents.body.error.reason, 'percents must only contain non-null doubles from 0.0-100.0 inclusive');
  const sigma = await search({ h: { histogram: { field: 't', interval: 1 } }, p: { extended_stats_bucket: { buckets_path: 'h>_count', sigma: -1 } } });
  t.is(sigma.body.error.reason, '[sigma] must be greater than or equal to 0. Found [-1.0] in [p]');
});

test('bucket_script and bucket_selector at the top level: aggregation_execution_exception, as ES 5.6 AggregationPhase refuses them', async (t) => {
  for (const type of ['bucket_script', 'bucket_selector']) {
    const r = await search({ top: { [type]: { buckets_path: { a: '_count' }, script: 'params.a > 0' } } });
    t.is(r.status, 500);
    t.is(r.body.error.root_cause[0].type, 'aggregation_execution_exception');
    t.is(r.body.error.root_cause[0].reason, `Invalid pipeline aggregation named [top] of type [${type}]. Only sibling pipeline aggregations are allowed at the top level`);
  }
});
