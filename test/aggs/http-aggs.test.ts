/**
 * Aggregations over HTTP on two one-shard indices (fixtures/aggs/sales.*), so the coordinator
 * reduces two shard results whose contents are known exactly:
 *   sales-1: product a×5, b×4, c×3, d×1     sales-2: a×2, c×4, d×3, e×2
 * With `shard_size: 2` (ES 5.6 InternalTerms.doReduce): shard 1 returns a5 b4 (error 4, other 4),
 * shard 2 returns c4 d3 (error 3, other 4); merged a5 b4 c4 d3, size 2 keeps a5 b4, so
 * doc_count_error_upper_bound = 4 + 3 = 7, sum_other_doc_count = 4 + 4 + 4 + 3 = 15, and each
 * bucket's error is the other shard's error (a: 3, b: 3).
 * Metric expectations are recomputed here from the fixture documents.
 */
import test from 'ava';
import { startTestNode, fixture, type TestNode } from '../helpers/node.js';

let node: TestNode;
interface Sale {
  product: string;
  price?: number;
  qty: number;
  sold: string;
  paid: boolean;
  ip: string;
  tags?: string[];
}
let docs: Sale[] = [];

test.before(async () => {
  node = await startTestNode();
  const mapping = await fixture('aggs/sales.index.json');
  for (const idx of ['sales-1', 'sales-2']) {
    const r = await node.request('PUT', `/${idx}`, mapping);
    if (r.status !== 200) throw new Error(r.text);
  }
  const text: string = await fixture('aggs/sales.ndjson');
  const bulk = await node.request('POST', '/_bulk?refresh=true', text);
  if (bulk.status !== 200 || bulk.body.errors) throw new Error(bulk.text);
  docs = text
    .trim()
    .split('\n')
    .filter((_, i) => i % 2 === 1)
    .map((l) => JSON.parse(l) as Sale);
});

test.after.always(async () => {
  await node?.close();
});

const search = (body: unknown, qs = '') => node.request('POST', `/sales-*/_search${qs}`, body);

test('terms across shards: counts, order, errors as ES reduces them', async (t) => {
  const r = await search({ size: 0, aggs: { p: { terms: { field: 'product' } } } });
  t.is(r.status, 200, r.text);
  t.deepEqual(r.body.aggregations, {
    p: {
      doc_count_error_upper_bound: 0,
      sum_other_doc_count: 0,
      buckets: [
        { key: 'a', doc_count: 7 },
        { key: 'c', doc_count: 7 },
        { key: 'b', doc_count: 4 },
        { key: 'd', doc_count: 4 },
        { key: 'e', doc_count: 2 },
      ],
    },
  });
  t.is(r.body.hits.total, docs.length);
});

test('terms shard_size below the term count: doc_count_error_upper_bound and sum_other_doc_count', async (t) => {
  const r = await search({ size: 0, aggs: { p: { terms: { field: 'product', size: 2, shard_size: 2, show_term_doc_count_error: true } } } });
  t.deepEqual(r.body.aggregations.p, {
    doc_count_error_upper_bound: 7,
    sum_other_doc_count: 15,
    buckets: [
      { key: 'a', doc_count: 5, doc_count_error_upper_bound: 3 },
      { key: 'b', doc_count: 4, doc_count_error_upper_bound: 3 },
    ],
  });
});

test('terms order by _term, min_doc_count, include/exclude, missing', async (t) => {
  const r = await search({
    size: 0,
    aggs: {
      byKey: { terms: { field: 'product', order: { _term: 'desc' }, min_doc_count: 4 } },
      inc: { terms: { field: 'product', include: 'a|b|e', exclude: ['b'] } },
      tags: { terms: { field: 'tags', missing: 'none' } },
    },
  });
  t.deepEqual(r.body.aggregations.byKey.buckets, [
    { key: 'd', doc_count: 4 },
    { key: 'c', doc_count: 7 },
    { key: 'b', doc_count: 4 },
    { key: 'a', doc_count: 7 },
  ]);
  t.deepEqual(r.body.aggregations.inc.buckets, [
    { key: 'a', doc_count: 7 },
    { key: 'e', doc_count: 2 },
  ]);
  const count = (f: (d: Sale) => boolean): number => docs.filter(f).length;
  const expected = [
    { key: 'x', doc_count: count((d) => d.tags?.includes('x') === true) },
    { key: 'none', doc_count: count((d) => !d.tags) },
    { key: 'y', doc_count: count((d) => d.tags?.includes('y') === true) },
  ].sort((a, b) => b.doc_count - a.doc_count || (a.key < b.key ? -1 : 1));
  t.deepEqual(r.body.aggregations.tags.buckets, expected);
});

test('numeric, boolean, ip and date terms render keys as ES does (typed_keys)', async (t) => {
  const r = await search({ size: 0, aggs: { q: { terms: { field: 'qty', size: 1 } }, paid: { terms: { field: 'paid' } }, ip: { terms: { field: 'ip', size: 1, order: { _term: 'asc' } } }, pr: { terms: { field: 'price', size: 1, order: { _term: 'asc' } } } } }, '?typed_keys=true');
  const aggs = r.body.aggregations;
  t.deepEqual(Object.keys(aggs).sort(), ['dterms#pr', 'lterms#paid', 'lterms#q', 'sterms#ip']);
  const paidTrue = docs.filter((d) => d.paid).length;
  const paidFalse = docs.length - paidTrue;
  const first = paidTrue > paidFalse ? { key: 1, key_as_string: 'true', doc_count: paidTrue } : { key: 0, key_as_string: 'false', doc_count: paidFalse };
  t.deepEqual(aggs['lterms#paid'].buckets[0], first);
  t.deepEqual(aggs['sterms#ip'].buckets, [{ key: '10.0.0.0', doc_count: docs.filter((d) => d.ip === '10.0.0.0').length }]);
  t.true(r.text.includes('"dterms#pr":{"doc_count_error_upper_bound":0,"sum_other_doc_count":22,"buckets":[{"key":1.5,"doc_count":1}]}'), r.text);
});

test('metrics: min, max, sum, avg, value_count, stats, extended_stats, cardinality', async (t) => {
  const prices = docs.flatMap((d) => (d.price === undefined ? [] : [d.price]));
  const sum = prices.reduce((a, b) => a + b, 0);
  const avg = sum / prices.length;
  const r = await search({
    size: 0,
    aggs: {
      min: { min: { field: 'price' } },
      max: { max: { field: 'price' } },
      sum: { sum: { field: 'price' } },
      avg: { avg: { field: 'price' } },
      n: { value_count: { field: 'price' } },
      st: { stats: { field: 'price' } },
      ex: { extended_stats: { field: 'qty' } },
      card: { cardinality: { field: 'ip' } },
      sold: { max: { field: 'sold' } },
    },
  });
  const a = r.body.aggregations;
  t.deepEqual(a.min, { value: Math.min(...prices) });
  t.deepEqual(a.max, { value: Math.max(...prices) });
  t.is(a.sum.value, sum);
  t.is(a.avg.value, avg);
  t.deepEqual(a.n, { value: prices.length });
  t.deepEqual(a.st, { count: prices.length, min: Math.min(...prices), max: Math.max(...prices), avg, sum });
  const qty = docs.map((d) => d.qty);
  const qs = qty.reduce((x, y) => x + y, 0);
  const qsq = qty.reduce((x, y) => x + y * y, 0);
  const variance = (qsq - (qs * qs) / qty.length) / qty.length;
  const qavg = qs / qty.length;
  t.deepEqual(a.ex, {
    count: qty.length,
    min: Math.min(...qty),
    max: Math.max(...qty),
    avg: qavg,
    sum: qs,
    sum_of_squares: qsq,
    variance,
    std_deviation: Math.sqrt(variance),
    std_deviation_bounds: { upper: qavg + 2 * Math.sqrt(variance), lower: qavg - 2 * Math.sqrt(variance) },
  });
  t.deepEqual(a.card, { value: new Set(docs.map((d) => d.ip)).size });
  const maxSold = Math.max(...docs.map((d) => Date.parse(d.sold)));
  t.deepEqual(a.sold, { value: maxSold, value_as_string: new Date(maxSold).toISOString() });
  // doubles render as Java prints them
  t.true(r.text.includes(`"min":{"value":1.5}`) && r.text.includes(`"n":{"value":${prices.length}}`), r.text);
});

test('unmapped fields are real empty results', async (t) => {
  const r = await search({ size: 0, aggs: { t: { terms: { field: 'nope' } }, m: { avg: { field: 'nope' } }, s: { sum: { field: 'nope' } }, miss: { terms: { field: 'nope', missing: 'N/A' } } } }, '?typed_keys');
  t.is(r.status, 200, r.text);
  t.deepEqual(r.body.aggregations['sterms#t'], { doc_count_error_upper_bound: 0, sum_other_doc_count: 0, buckets: [] });
  t.deepEqual(r.body.aggregations['avg#m'], { value: null });
  t.true(r.text.includes('"sum#s":{"value":0.0}'), r.text);
  t.deepEqual(r.body.aggregations['sterms#miss'].buckets, [{ key: 'N/A', doc_count: docs.length }]);
});

test('sub-aggregations nest; order by a sub-metric; post_filter leaves aggregations alone', async (t) => {
  const r = await search({
    size: 0,
    query: { term: { paid: true } },
    post_filter: { term: { product: 'zzz' } },
    aggs: { p: { terms: { field: 'product', order: { top: 'desc' } }, aggs: { top: { max: { field: 'qty' } }, f: { filter: { term: { tags: 'y' } } } } } },
  });
  const paid = docs.filter((d) => d.paid);
  const products = [...new Set(paid.map((d) => d.product))];
  const expected = products
    .map((p) => {
      const ds = paid.filter((d) => d.product === p);
      return { key: p, doc_count: ds.length, top: { value: Math.max(...ds.map((d) => d.qty)) }, f: { doc_count: ds.filter((d) => d.tags?.includes('y')).length } };
    })
    .sort((a, b) => b.top.value - a.top.value || (a.key < b.key ? -1 : 1));
  t.is(r.body.hits.total, 0);
  t.deepEqual(r.body.aggregations.p.buckets, expected);
});

test('filter, filters (keyed, anonymous, other bucket), global, missing', async (t) => {
  const r = await search({
    size: 0,
    query: { term: { product: 'a' } },
    aggs: {
      f: { filter: { term: { paid: true } } },
      k: { filters: { filters: { yes: { term: { paid: true } }, no: { term: { paid: false } } } } },
      anon: { filters: { filters: [{ term: { tags: 'y' } }], other_bucket: true } },
      g: { global: {}, aggs: { n: { value_count: { field: 'qty' } } } },
      m: { missing: { field: 'tags' } },
    },
  });
  const a = docs.filter((d) => d.product === 'a');
  const ag = r.body.aggregations;
  t.deepEqual(ag.f, { doc_count: a.filter((d) => d.paid).length });
  t.deepEqual(ag.k, { buckets: { no: { doc_count: a.filter((d) => !d.paid).length }, yes: { doc_count: a.filter((d) => d.paid).length } } });
  const y = a.filter((d) => d.tags?.includes('y')).length;
  t.deepEqual(ag.anon, { buckets: [{ doc_count: y }, { doc_count: a.length - y }] });
  t.deepEqual(ag.g, { doc_count: docs.length, n: { value: docs.length } });
  t.deepEqual(ag.m, { doc_count: a.filter((d) => !d.tags).length });
});

test('range, histogram and date_histogram', async (t) => {
  const r = await search({
    size: 0,
    aggs: {
      r: { range: { field: 'qty', ranges: [{ to: 2 }, { from: 2, to: 3 }, { key: 'big', from: 3 }] } },
      h: { histogram: { field: 'qty', interval: 2, extended_bounds: { min: 0, max: 6 } } },
      d: { date_histogram: { field: 'sold', interval: 'month' } },
    },
  });
  const ag = r.body.aggregations;
  const qty = docs.map((d) => d.qty);
  const cnt = (f: (q: number) => boolean): number => qty.filter(f).length;
  t.deepEqual(ag.r.buckets, [
    { key: '*-2.0', to: 2, doc_count: cnt((q) => q < 2) },
    { key: '2.0-3.0', from: 2, to: 3, doc_count: cnt((q) => q >= 2 && q < 3) },
    { key: 'big', from: 3, doc_count: cnt((q) => q >= 3) },
  ]);
  t.deepEqual(ag.h.buckets, [
    { key: 0, doc_count: cnt((q) => q < 2) },
    { key: 2, doc_count: cnt((q) => q >= 2 && q < 4) },
    { key: 4, doc_count: 0 },
    { key: 6, doc_count: 0 },
  ]);
  t.true(r.text.includes('"h":{"buckets":[{"key":0.0,'), r.text);
  const months = [1, 2, 3].map((m) => ({
    key_as_string: `2017-0${m}-01T00:00:00.000Z`,
    key: Date.UTC(2017, m - 1, 1),
    doc_count: docs.filter((d) => d.sold.startsWith(`2017-0${m}`)).length,
  }));
  t.deepEqual(ag.d.buckets, months);
});

test('errors: unknown type, unsupported type, bad names, text fields', async (t) => {
  const unknown = await search({ aggs: { x: { nosuch: { field: 'a' } } } });
  t.is(unknown.status, 400);
  t.is(unknown.body.error.root_cause[0].type, 'unknown_named_object_exception');
  t.is(unknown.body.error.root_cause[0].reason, 'Unknown BaseAggregationBuilder [nosuch]');
  const name = await search({ aggs: { 'a[b]': { terms: { field: 'product' } } } });
  t.is(name.status, 400);
  t.is(name.body.error.type, 'parsing_exception');
  const two = await search({ aggs: { x: { terms: { field: 'product' }, max: { field: 'qty' } } } });
  t.is(two.body.error.reason, 'Found two aggregation type definitions in [x]: [terms] and [max]');
  const bad = await search({ aggs: { x: { terms: { field: 'product', bogus: 1 } } } });
  t.is(bad.status, 400);
  t.is(bad.body.error.reason, '[terms] unknown field [bogus], parser not found');
  const text = await search({ aggs: { x: { terms: { field: 'note' } } } });
  t.is(text.status, 400);
  t.is(text.body.error.type, 'search_phase_execution_exception');
  t.regex(text.body.error.root_cause[0].reason, /^Fielddata is disabled on text fields by default/);
  const numeric = await search({ aggs: { x: { avg: { field: 'product' } } } });
  t.is(numeric.status, 400);
  t.is(numeric.body.error.root_cause[0].reason, 'Expected numeric type on field [product], but got [keyword]');
});

test('top_hits per bucket: sorted across shards, paged, rendered as hits', async (t) => {
  const r = await search({
    size: 0,
    aggs: { p: { terms: { field: 'product', size: 1 }, aggs: { best: { top_hits: { size: 2, from: 1, sort: [{ price: 'desc' }], _source: ['price'] } } } } },
  });
  t.is(r.status, 200, r.text);
  // product a (7 docs, both indices), by price desc; the doc without a price sorts last
  const ids = docs.map((d, i) => ({ d, id: String(i + 1) })).filter((x) => x.d.product === 'a');
  const ranked = ids.filter((x) => x.d.price !== undefined).sort((x, y) => (y.d.price as number) - (x.d.price as number));
  const best = r.body.aggregations.p.buckets[0].best.hits;
  t.is(best.total, ids.length);
  t.is(best.max_score, null);
  t.deepEqual(
    best.hits.map((h: { _id: string; _source: unknown; sort: unknown; _score: unknown }) => [h._id, h._source, h.sort, h._score]),
    ranked.slice(1, 3).map((x) => [x.id, { price: x.d.price }, [x.d.price], null]),
  );
  const byScore = await search({ size: 0, query: { match: { note: 'sale' } }, aggs: { top: { top_hits: { size: 1 } } } }, '?typed_keys');
  const th = byScore.body.aggregations['top_hits#top'].hits;
  t.is(th.total, docs.length);
  t.is(typeof th.max_score, 'number');
  t.is(th.hits[0]._score, th.max_score);
});

test('date_range keyed with date math keys, date_histogram with time_zone and format', async (t) => {
  const r = await search({
    size: 0,
    aggs: {
      dr: { date_range: { field: 'sold', keyed: true, ranges: [{ to: '2017-02-01' }, { from: '2017-02-01||+1M' }] } },
      dh: { date_histogram: { field: 'sold', interval: 'day', time_zone: '+10:00', format: 'yyyy-MM-dd', min_doc_count: 1 } },
    },
  });
  t.is(r.status, 200, r.text);
  const feb = Date.UTC(2017, 1, 1);
  const mar = Date.UTC(2017, 2, 1);
  const before = docs.filter((d) => Date.parse(d.sold) < feb).length;
  const after = docs.filter((d) => Date.parse(d.sold) >= mar).length;
  t.deepEqual(r.body.aggregations.dr.buckets, {
    '*-2017-02-01T00:00:00.000Z': { to: feb, to_as_string: '2017-02-01T00:00:00.000Z', doc_count: before },
    '2017-03-01T00:00:00.000Z-*': { from: mar, from_as_string: '2017-03-01T00:00:00.000Z', doc_count: after },
  });
  t.true(r.text.includes(`"to":${'1.4859072E12'}`), r.text);
  // 10:00Z is 20:00 at +10:00: same local day; keys are local midnights in UTC millis
  const days = new Map<string, number>();
  for (const d of docs) days.set(d.sold.slice(0, 10), (days.get(d.sold.slice(0, 10)) ?? 0) + 1);
  const expected = [...days]
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(([day, n]) => ({ key_as_string: day, key: Date.parse(`${day}T00:00:00+10:00`), doc_count: n }));
  t.deepEqual(r.body.aggregations.dh.buckets, expected);
});

test('script values sources: terms keys as strings, metrics as numbers', async (t) => {
  const r = await search({
    size: 0,
    aggs: {
      t: { terms: { script: { inline: "doc['qty'].value * 2", lang: 'painless' }, size: 1, order: { _term: 'asc' } } },
      s: { sum: { script: { inline: "doc['qty'].value + params.k", params: { k: 1 } } } },
      tn: { terms: { script: "doc['qty'].value", value_type: 'long', size: 1 } },
    },
  }, '?typed_keys');
  t.is(r.status, 200, r.text);
  const qty = docs.map((d) => d.qty);
  t.deepEqual(r.body.aggregations['sterms#t'].buckets, [{ key: '0', doc_count: qty.filter((q) => q === 0).length }]);
  t.is(r.body.aggregations['sum#s'].value, qty.reduce((a, q) => a + q + 1, 0));
  const counts = [0, 1, 2, 3].map((q) => ({ key: q, doc_count: qty.filter((x) => x === q).length })).sort((a, b) => b.doc_count - a.doc_count || a.key - b.key);
  t.deepEqual(r.body.aggregations['lterms#tn'].buckets, [counts[0]]);
});

test('scroll: aggregations in the first response only', async (t) => {
  const first = await search({ size: 5, aggs: { p: { terms: { field: 'product', size: 1 } } } }, '?scroll=1m');
  t.deepEqual(first.body.aggregations, { p: { doc_count_error_upper_bound: 0, sum_other_doc_count: docs.length - 7, buckets: [{ key: 'a', doc_count: 7 }] } });
  const next = await node.request('POST', '/_search/scroll', { scroll: '1m', scroll_id: first.body._scroll_id });
  t.is(next.status, 200, next.text);
  t.is(next.body.hits.hits.length, 5);
  t.is(next.body.aggregations, undefined);
  await node.request('DELETE', '/_search/scroll/_all');
});

test('adjacency_matrix: non-empty filters and intersections, sorted by key, across shards', async (t) => {
  const r = await search({ size: 0, aggs: { m: { adjacency_matrix: { filters: { y: { term: { tags: 'y' } }, p: { term: { paid: true } }, e: { term: { product: 'e' } } } } } } }, '?typed_keys');
  t.is(r.status, 200, r.text);
  const sets: Record<string, (d: Sale) => boolean> = { e: (d) => d.product === 'e', p: (d) => d.paid, y: (d) => d.tags?.includes('y') === true };
  const keys = ['e', 'p', 'y'];
  const expected: Array<{ key: string; doc_count: number }> = [];
  keys.forEach((a, i) => {
    expected.push({ key: a, doc_count: docs.filter(sets[a] as (d: Sale) => boolean).length });
    for (const b of keys.slice(i + 1)) expected.push({ key: `${a}&${b}`, doc_count: docs.filter((d) => (sets[a] as (d: Sale) => boolean)(d) && (sets[b] as (d: Sale) => boolean)(d)).length });
  });
  t.deepEqual(r.body.aggregations['adjacency_matrix#m'].buckets, expected.filter((b) => b.doc_count > 0).sort((x, y) => (x.key < y.key ? -1 : 1)));
});

test('ip_range: address bounds and CIDR masks, no generated keys', async (t) => {
  const r = await search({ size: 0, aggs: { ips: { ip_range: { field: 'ip', ranges: [{ to: '10.0.0.2' }, { mask: '10.0.0.2/31' }, { key: 'rest', from: '10.0.0.4' }] } } } });
  t.is(r.status, 200, r.text);
  const last = (ip: string): number => Number(ip.split('.')[3]);
  t.deepEqual(r.body.aggregations.ips.buckets, [
    { to: '10.0.0.2', doc_count: docs.filter((d) => last(d.ip) < 2).length },
    { key: '10.0.0.2/31', from: '10.0.0.2', to: '10.0.0.4', doc_count: docs.filter((d) => last(d.ip) === 2 || last(d.ip) === 3).length },
    { key: 'rest', from: '10.0.0.4', doc_count: docs.filter((d) => last(d.ip) >= 4).length },
  ]);
});

test('pipelines: max/min/sum/avg_bucket over a date_histogram, moving_avg (simple) inside it', async (t) => {
  const r = await search({
    size: 0,
    aggs: {
      h: {
        date_histogram: { field: 'sold', interval: 'month' },
        aggs: { q: { sum: { field: 'qty' } }, mov: { moving_avg: { buckets_path: 'q', window: 2 } }, d: { derivative: { buckets_path: 'q' } }, c: { cumulative_sum: { buckets_path: '_count' } } },
      },
      top: { max_bucket: { buckets_path: 'h>q' } },
      low: { min_bucket: { buckets_path: 'h>_count' } },
      total: { sum_bucket: { buckets_path: 'h>q' } },
      mean: { avg_bucket: { buckets_path: 'h>q' } },
    },
  }, '?typed_keys');
  t.is(r.status, 200, r.text);
  const months = [1, 2, 3].map((m) => {
    const ds = docs.filter((d) => d.sold.startsWith(`2017-0${m}`));
    return { key: `2017-0${m}-01T00:00:00.000Z`, count: ds.length, q: ds.reduce((s, d) => s + d.qty, 0) };
  });
  const a = r.body.aggregations;
  const maxQ = Math.max(...months.map((m) => m.q));
  t.deepEqual(a['bucket_metric_value#top'], { value: maxQ, keys: months.filter((m) => m.q === maxQ).map((m) => m.key) });
  const minC = Math.min(...months.map((m) => m.count));
  t.deepEqual(a['bucket_metric_value#low'], { value: minC, keys: months.filter((m) => m.count === minC).map((m) => m.key) });
  t.deepEqual(a['simple_value#total'], { value: months.reduce((s, m) => s + m.q, 0) });
  t.deepEqual(a['simple_value#mean'], { value: months.reduce((s, m) => s + m.q, 0) / 3 });
  const buckets = a['date_histogram#h'].buckets;
  t.is(buckets[0]['simple_value#mov'], undefined);
  t.deepEqual(buckets[1]['simple_value#mov'], { value: months[0]?.q });
  t.deepEqual(buckets[2]['simple_value#mov'], { value: ((months[0]?.q ?? 0) + (months[1]?.q ?? 0)) / 2 });
  t.is(buckets[0]['derivative#d'], undefined);
  t.deepEqual(buckets[2]['derivative#d'], { value: (months[2]?.q ?? 0) - (months[1]?.q ?? 0) });
  t.deepEqual(buckets.map((b: Record<string, { value: number }>) => b['simple_value#c']?.value), [months[0]?.count, (months[0]?.count ?? 0) + (months[1]?.count ?? 0), docs.length]);
  const orphan = await search({ size: 0, aggs: { mov: { moving_avg: { buckets_path: 'x' } } } });
  t.is(orphan.status, 400);
  t.is(orphan.body.error.reason, 'moving_avg aggregation [mov] must have a histogram or date_histogram as parent');
  // ES 5.6 resolves buckets_path when it builds the aggregators on each shard (400 per shard)
  const badPath = await search({ size: 0, aggs: { m: { max_bucket: { buckets_path: 'nope>q' } } } });
  t.is(badPath.status, 400);
  t.is(badPath.body.error.type, 'search_phase_execution_exception');
  t.deepEqual(badPath.body.error.root_cause[0], { type: 'illegal_argument_exception', reason: 'No aggregation found for path [nope>q]' });
});

test('bad aggregation input gets ES errors, and a failing build fails its shards', async (t) => {
  const regex = await search({ aggs: { x: { terms: { field: 'product', include: '(' } } } });
  t.is(regex.status, 400);
  t.is(regex.body.error.type, 'illegal_argument_exception');
  const dir = await search({ aggs: { x: { terms: { field: 'product', order: { _count: 'sideways' } } } } });
  t.is(dir.body.error.reason, 'Unknown terms order direction [sideways] in terms aggregation [x]');
  const path = await search({ aggs: { x: { terms: { field: 'product', order: { nope: 'asc' } } } } });
  t.is(path.status, 500);
  // ES 5.6 AggregationPath.validate's wording; the exception has no status of its own (500)
  t.is(path.body.error.type, 'search_phase_execution_exception');
  t.is(path.body.error.root_cause[0].type, 'aggregation_execution_exception');
  t.is(path.body.error.root_cause[0].reason, 'Invalid term-aggregator order path [nope]. Unknown aggregation [nope]');
  const global = await search({ aggs: { x: { terms: { field: 'product' }, aggs: { y: { global: {} } } } } });
  t.is(global.body.error.root_cause[0].reason, 'Aggregation [x] cannot have a global sub-aggregation [y]. Global aggregations can only be defined as top level aggregations');
  const missing = await search({ aggs: { x: {} } });
  t.is(missing.body.error.reason, 'Missing definition for aggregation [x]');
});

test('terms on _index and _type; other meta fields fail loudly', async (t) => {
  const r = await search({ size: 0, aggs: { i: { terms: { field: '_index' } }, ty: { terms: { field: '_type' } } } });
  t.is(r.status, 200, r.text);
  const per = (idx: string): number => (idx === 'sales-1' ? 13 : 11);
  t.deepEqual(r.body.aggregations.i.buckets, [
    { key: 'sales-1', doc_count: per('sales-1') },
    { key: 'sales-2', doc_count: per('sales-2') },
  ]);
  t.deepEqual(r.body.aggregations.ty.buckets, [{ key: 'sale', doc_count: docs.length }]);
  const id = await search({ size: 0, aggs: { x: { terms: { field: '_id' } } } });
  t.is(id.status, 400);
  t.is(id.body.error.root_cause[0].reason, 'aggregation [terms] on meta field [_id] is not supported yet');
});

test('terms min_doc_count 0 lists unmatched values with zero counts (keyword and numeric)', async (t) => {
  const r = await search({ size: 0, query: { term: { product: 'e' } }, aggs: { p: { terms: { field: 'product', min_doc_count: 0, order: { _term: 'asc' } } }, q: { terms: { field: 'qty', min_doc_count: 0, order: { _term: 'asc' } } } } });
  const e = docs.filter((d) => d.product === 'e');
  t.deepEqual(r.body.aggregations.p.buckets, ['a', 'b', 'c', 'd', 'e'].map((k) => ({ key: k, doc_count: k === 'e' ? e.length : 0 })));
  t.deepEqual(r.body.aggregations.q.buckets, [0, 1, 2, 3].map((q) => ({ key: q, doc_count: e.filter((d) => d.qty === q).length })));
});
