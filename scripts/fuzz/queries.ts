/**
 * A grammar of ES 5.6 query DSL and aggregations: every query kind with plausible arguments,
 * nested through compound queries; the request generator then mutates the tree.
 */
import type { Rng } from './rng.js';
import { FIELDS, scalar } from './values.js';

const field = (rng: Rng): string => rng.pick(FIELDS);
const text = (rng: Rng): unknown => (rng.chance(0.8) ? rng.pick(['foo', 'bar baz', 'quick brown', 'a', '', 'fo*', 'x~1', 'title:foo', '"a b"']) : scalar(rng));
const num = (rng: Rng): unknown => (rng.chance(0.8) ? rng.int(-5, 100) : scalar(rng));
const script = (rng: Rng): unknown =>
  rng.weighted<() => unknown>([
    [3, () => ({ source: rng.pick(['doc["count"].value * 2', 'params.f', 'doc["price"].value', '_score', "doc['tag'].value.length()", 'Math.log(doc["count"].value)', 'throw new Exception()', 'int[] a = new int[-1]; return 1', 'def x = null; x.y']), lang: rng.pick(['painless', 'painless', 'expression', 'mustache', 'groovy', 'zzz']), params: { f: num(rng) } })],
    [1, () => ({ inline: rng.pick(['1', 'doc.count', '_value * 2']) })],
    [1, () => ({ stored: rng.pick(['s1', 'missing']) })],
    [1, () => ({ id: rng.pick(['s1', 'missing']) })],
    [1, () => rng.pick(['1', '_score * 2', ''])],
  ])();

type Gen = (rng: Rng, depth: number) => unknown;

const LEAVES: Array<readonly [number, Gen]> = [
  [3, () => ({ match_all: {} })],
  [1, () => ({ match_none: {} })],
  [4, (r) => ({ match: { [field(r)]: r.chance(0.5) ? text(r) : { query: text(r), operator: r.pick(['and', 'or', 'xor']), fuzziness: r.pick(['AUTO', 1, 3, 'x']), minimum_should_match: r.pick(['1', '50%', '-1', 'x', 3]), analyzer: r.pick(['standard', 'whitespace', 'nope']), zero_terms_query: r.pick(['all', 'none', 'x']) } } })],
  [2, (r) => ({ match_phrase: { [field(r)]: { query: text(r), slop: num(r) } } })],
  [1, (r) => ({ match_phrase_prefix: { [field(r)]: { query: text(r), max_expansions: num(r) } } })],
  [2, (r) => ({ multi_match: { query: text(r), fields: [field(r), `${field(r)}^${r.int(0, 3)}`], type: r.pick(['best_fields', 'most_fields', 'cross_fields', 'phrase', 'phrase_prefix', 'zzz']), tie_breaker: num(r) } })],
  [1, (r) => ({ common: { [field(r)]: { query: text(r), cutoff_frequency: r.pick([0.001, 2, -1, 'x']) } } })],
  [3, (r) => ({ query_string: { query: r.pick(['foo', 'title:foo AND count:[1 TO 5]', 'fo*', '/fo.*/', 'a~2', '"a b"~3', 'count:>5', 'date:[now-1y TO now]', '(((', 'AND', 'a:b:c', '*:*', '_exists_:title', 'title:\\', '+-a', 'x^', 'count:abc', '[* TO *]', 'loc:1']), default_field: field(r), fields: r.chance(0.3) ? [field(r)] : undefined, default_operator: r.pick(['OR', 'AND', 'x']), lenient: r.chance(0.5), analyze_wildcard: r.chance(0.5), fuzziness: r.pick(['AUTO', 2]) } })],
  [2, (r) => ({ simple_query_string: { query: r.pick(['foo', 'a + b | c', '-x', '"a b"~2', 'fo*', 'x~', '((']), fields: [field(r)], flags: r.pick(['ALL', 'NONE', 'OR|AND', 'ZZZ', 5]) } })],
  [4, (r) => ({ term: { [field(r)]: r.chance(0.5) ? scalar(r) : { value: scalar(r), boost: num(r) } } })],
  [2, (r) => ({ terms: { [field(r)]: r.chance(0.8) ? Array.from({ length: r.int(0, 5) }, () => scalar(r)) : { index: 'fx', type: 't', id: '1', path: 'tag' } } })],
  [4, (r) => ({ range: { [field(r)]: { [r.pick(['gt', 'gte', 'from'])]: scalar(r), [r.pick(['lt', 'lte', 'to'])]: scalar(r), format: r.pick([undefined, 'yyyy-MM-dd', 'epoch_millis', 'zzz']), time_zone: r.pick([undefined, '+01:00', 'Europe/Paris', 'Bad/Zone']), relation: r.pick([undefined, 'within', 'contains', 'intersects', 'x']) } } })],
  [2, (r) => ({ exists: { field: field(r) } })],
  [2, (r) => ({ prefix: { [field(r)]: r.pick(['f', '', 'a', scalar(r)]) } })],
  [2, (r) => ({ wildcard: { [field(r)]: r.pick(['f*', '*', '?', '*a*b*c*', 'a'.repeat(50) + '*', scalar(r)]) } })],
  [2, (r) => ({ regexp: { [field(r)]: { value: r.pick(['f.*', '[a-z]+', '(a|b)*', 'a{1,1000}', '<1-100>', '~a', 'a&b', '@', '#', '[', '(', 'a{99999}', '.*.*.*.*x']), flags: r.pick(['ALL', 'NONE', 'INTERSECTION|COMPLEMENT', 'ZZ']), max_determinized_states: r.pick([10, 10000, -1]) } } })],
  [2, (r) => ({ fuzzy: { [field(r)]: { value: text(r), fuzziness: r.pick(['AUTO', 0, 1, 2, 3, 'x', -1]), prefix_length: num(r), max_expansions: num(r) } } })],
  [1, (r) => ({ type: { value: r.pick(['t', 'zz', '']) } })],
  [1, (r) => ({ ids: { values: [scalar(r), '1'], type: r.pick(['t', ['t'], 'x']) } })],
  [1, (r) => ({ geo_distance: { distance: r.pick(['10km', '1', '-1km', 'x', 0]), loc: r.pick([{ lat: 40, lon: -70 }, '40,-70', [-70, 40], 'u09tvw', { lat: 200, lon: 0 }, 'x']), distance_type: r.pick(['arc', 'plane', 'x']) } })],
  [1, (r) => ({ geo_bounding_box: { loc: r.pick([{ top_left: { lat: 40, lon: -74 }, bottom_right: { lat: 39, lon: -70 } }, { top: 1, left: 2, bottom: 3, right: 4 }, {}]) } })],
  [1, (r) => ({ geo_polygon: { loc: { points: r.pick([[{ lat: 40, lon: -70 }, { lat: 30, lon: -80 }, { lat: 20, lon: -90 }], [], ['x']]) } } })],
  [1, (r) => ({ geo_shape: { loc: { shape: { type: r.pick(['envelope', 'polygon', 'x']), coordinates: [[1, 2], [3, 4]] } } } })],
  [1, (r) => ({ more_like_this: { fields: [field(r)], like: r.pick(['foo bar', [{ _index: 'fx', _type: 't', _id: '1' }], { doc: { title: 'x' } }]), min_term_freq: num(r), min_doc_freq: num(r) } })],
  [2, (r) => ({ script: { script: script(r) } })],
  [1, (r) => ({ span_term: { [field(r)]: text(r) } })],
  [1, (r) => ({ span_first: { match: { span_term: { title: 'foo' } }, end: num(r) } })],
  [1, (r) => ({ span_near: { clauses: [{ span_term: { title: 'foo' } }, { span_multi: { match: { prefix: { title: 'b' } } } }], slop: num(r), in_order: r.chance(0.5) } })],
  [1, (r) => ({ parent_id: { type: r.pick(['c', 'x']), id: '1' } })],
  [1, (r) => ({ wrapper: { query: r.pick(['eyJtYXRjaF9hbGwiOnt9fQ==', 'not base64', 'e30=', '']) } })],
  [1, (r) => ({ template: { inline: { match: { title: '{{q}}' } }, params: { q: text(r) } } })],
  [1, (r) => ({ percolate: { field: field(r), document: { title: 'x' } } })],
  [1, (r) => ({ [r.pick(['no_such_query', 'filtered', 'and', 'missing', 'constructor', '__proto__', ''])]: {} })],
];

const COMPOUND: Array<readonly [number, Gen]> = [
  [4, (r, d) => ({ bool: { must: queries(r, d), should: queries(r, d), must_not: queries(r, d), filter: r.chance(0.5) ? query(r, d + 1) : queries(r, d), minimum_should_match: r.pick([undefined, 1, '2<50%', 'x', -1]), boost: num(r) } })],
  [1, (r, d) => ({ constant_score: { filter: query(r, d + 1), boost: num(r) } })],
  [1, (r, d) => ({ dis_max: { queries: queries(r, d), tie_breaker: num(r) } })],
  [1, (r, d) => ({ boosting: { positive: query(r, d + 1), negative: query(r, d + 1), negative_boost: num(r) } })],
  [2, (r, d) => ({ function_score: { query: query(r, d + 1), functions: [{ filter: query(r, d + 1), weight: num(r) }, { field_value_factor: { field: field(r), factor: num(r), modifier: r.pick(['log', 'ln2p', 'sqrt', 'x']), missing: num(r) } }, { random_score: { seed: scalar(r) } }, { script_score: { script: script(r) } }, { [r.pick(['gauss', 'exp', 'linear'])]: { [field(r)]: { origin: scalar(r), scale: r.pick(['1d', '10km', 5, 'x']), decay: num(r) } } }], score_mode: r.pick(['sum', 'multiply', 'max', 'x']), boost_mode: r.pick(['sum', 'replace', 'x']), max_boost: num(r), min_score: num(r) } })],
  [1, (r, d) => ({ nested: { path: r.pick(['nest', 'obj', 'missing', '']), query: query(r, d + 1), score_mode: r.pick(['avg', 'sum', 'none', 'x']), inner_hits: r.chance(0.3) ? {} : undefined } })],
  [1, (r, d) => ({ has_child: { type: r.pick(['c', 'x']), query: query(r, d + 1) } })],
  [1, (r, d) => ({ has_parent: { parent_type: r.pick(['p', 'x']), query: query(r, d + 1) } })],
];

function queries(rng: Rng, depth: number): unknown[] {
  return Array.from({ length: rng.int(0, 3) }, () => query(rng, depth + 1));
}

/** One query, compound with decreasing probability as depth grows. */
export function query(rng: Rng, depth = 0): unknown {
  const gen = depth < 4 && rng.chance(0.3) ? rng.weighted(COMPOUND) : rng.weighted(LEAVES);
  return gen(rng, depth);
}

const AGGS: Array<readonly [number, Gen]> = [
  [4, (r, d) => ({ terms: { field: field(r), size: num(r), order: r.pick([{ _count: 'asc' }, { _term: 'desc' }, { 'sub.value': 'asc' }, { x: 'y' }]), min_doc_count: num(r), include: r.pick([undefined, 'f.*', ['a'], { partition: 0, num_partitions: r.pick([2, 0, -1]) }]), missing: scalar(r) }, ...sub(r, d) })],
  [3, (r, d) => ({ histogram: { field: field(r), interval: r.pick([1, 0, -1, 0.0001, 1e-9, 'x', 1e9]), min_doc_count: r.pick([0, 1]), extended_bounds: r.chance(0.4) ? { min: r.pick([-1e9, 0, -1e15]), max: r.pick([1e9, 100, 1e15]) } : undefined, offset: num(r) }, ...sub(r, d) })],
  [3, (r, d) => ({ date_histogram: { field: field(r), interval: r.pick(['1d', 'month', '1s', '1ms', 'x', '0d', 'quarter', '-1d', 1]), min_doc_count: r.pick([0, 1]), format: r.pick([undefined, 'yyyy', 'zzz']), time_zone: r.pick([undefined, '-01:00', 'Bad/Zone']), extended_bounds: r.chance(0.4) ? { min: r.pick(['1970-01-01', 'now-100y', 0]), max: r.pick(['2100-01-01', 'now', 'x']) } : undefined }, ...sub(r, d) })],
  [2, (r, d) => ({ range: { field: field(r), ranges: [{ to: num(r) }, { from: num(r), to: num(r) }, { from: scalar(r) }], keyed: r.chance(0.5) }, ...sub(r, d) })],
  [1, (r, d) => ({ date_range: { field: field(r), ranges: [{ to: 'now' }, { from: scalar(r) }], format: r.pick(['yyyy', 'x']) }, ...sub(r, d) })],
  [1, (r, d) => ({ filter: query(r, 2), ...sub(r, d) })],
  [1, (r, d) => ({ filters: { filters: r.chance(0.5) ? { a: query(r, 2) } : [query(r, 2)], other_bucket: r.chance(0.5) }, ...sub(r, d) })],
  [1, (r, d) => ({ missing: { field: field(r) }, ...sub(r, d) })],
  [1, (r, d) => ({ nested: { path: r.pick(['nest', 'x']) }, ...sub(r, d) })],
  [1, (r, d) => ({ global: {}, ...sub(r, d) })],
  [1, (r, d) => ({ geohash_grid: { field: field(r), precision: r.pick([1, 5, 12, 13, 0, 'x']) }, ...sub(r, d) })],
  [1, (r, d) => ({ significant_terms: { field: field(r) }, ...sub(r, d) })],
  [5, (r) => ({ [r.pick(['avg', 'sum', 'min', 'max', 'stats', 'extended_stats', 'value_count', 'cardinality', 'geo_bounds', 'geo_centroid'])]: r.chance(0.8) ? { field: field(r), missing: r.chance(0.2) ? scalar(r) : undefined } : { script: script(r) } })],
  [1, (r) => ({ percentiles: { field: field(r), percents: r.pick([[1, 50, 99], [-1], [101], ['x']]), tdigest: { compression: r.pick([100, 0, -1]) } } })],
  [1, (r) => ({ percentile_ranks: { field: field(r), values: [num(r)] } })],
  [1, (r) => ({ top_hits: { size: num(r), from: num(r), sort: [{ [field(r)]: 'desc' }], _source: r.pick([true, false, ['title'], 'x']) } })],
  [1, (r) => ({ scripted_metric: { init_script: 'params._agg.x = 0', map_script: r.pick(['params._agg.x += 1', 'while(true){}', 'x']), combine_script: 'return params._agg.x', reduce_script: 'return params._aggs' } })],
  [1, (r) => ({ bucket_script: { buckets_path: { a: r.pick(['_count', 'x>y', 's.avg']) }, script: 'params.a * 2' } })],
  [1, (r) => ({ [r.pick(['no_such_agg', 'constructor', '', 'avg_bucket', 'derivative', 'cumulative_sum'])]: r.chance(0.5) ? {} : { buckets_path: 'x' } })],
];

function sub(rng: Rng, depth: number): Record<string, unknown> {
  return depth < 2 && rng.chance(0.4) ? { aggs: aggs(rng, depth + 1) } : {};
}

/** A named set of aggregations. */
export function aggs(rng: Rng, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = rng.int(1, 3); i > 0; i--) out[rng.pick(['a', 'b', 'sub', 'x>y', '', 'constructor', 'a[b]'])] = rng.weighted(AGGS)(rng, depth);
  return out;
}

/** A whole search body. */
export function searchBody(rng: Rng): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (rng.chance(0.8)) body.query = query(rng);
  if (rng.chance(0.3)) body.aggs = aggs(rng);
  if (rng.chance(0.2)) body.size = rng.pick([0, 1, 10, -1, 10001, 'x', 1e9]);
  if (rng.chance(0.2)) body.from = rng.pick([0, 5, -1, 10000, 'x']);
  if (rng.chance(0.2)) body.sort = rng.pick([[{ count: 'asc' }], ['_score'], [{ title: { order: 'desc', mode: 'avg' } }], [{ _script: { type: 'number', script: script(rng) } }], [{ _geo_distance: { loc: '1,1', order: 'asc' } }], 'x', [{ missing: { unmapped_type: 'long' } }]]);
  if (rng.chance(0.1)) body._source = rng.pick([false, ['ti*'], { includes: ['x'], excludes: ['*'] }, 'title', 1]);
  if (rng.chance(0.1)) body.highlight = { fields: { [field(rng)]: { type: rng.pick(['plain', 'fvh', 'postings', 'x']), fragment_size: num(rng), number_of_fragments: num(rng) } } };
  if (rng.chance(0.1)) body.suggest = { s: { text: 'fo', [rng.pick(['term', 'phrase', 'completion', 'x'])]: { field: field(rng) } } };
  if (rng.chance(0.1)) body.post_filter = query(rng, 2);
  if (rng.chance(0.1)) body.script_fields = { f: { script: script(rng) } };
  if (rng.chance(0.1)) body.rescore = { window_size: num(rng), query: { rescore_query: query(rng, 2), score_mode: rng.pick(['total', 'x']) } };
  if (rng.chance(0.05)) body.search_after = [scalar(rng)];
  if (rng.chance(0.05)) body.collapse = { field: field(rng) };
  if (rng.chance(0.05)) body.timeout = rng.pick(['1ms', 'x', -1]);
  if (rng.chance(0.05)) body.min_score = scalar(rng);
  if (rng.chance(0.05)) body.docvalue_fields = [field(rng)];
  if (rng.chance(0.05)) body.stored_fields = rng.pick([['_none_'], '*', ['title']]);
  if (rng.chance(0.05)) body.explain = true;
  if (rng.chance(0.05)) body.slice = { id: num(rng), max: num(rng) };
  return body;
}
