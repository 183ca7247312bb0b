/**
 * geo_centroid and geo_bounds values sources over HTTP, as ES 5.6's `declareGeoFields` and
 * `ValuesSourceConfig` make them: `script` (geo_centroid only: compiled, never a source of points,
 * since 5.6 has no script form of a geo_point values source), `missing` (a `"lat,lon"` point for
 * docs without one, unmapped fields too), and the options 5.6 refuses (`format`, `value_type`,
 * geo_bounds' `script`). One shard, docs in index order, so the running centroid is exact.
 */
import test from 'ava';
import { startTestNode, type TestNode } from '../helpers/node.js';

let node: TestNode;
type Json = Record<string, any>;

// Lucene's 32-bit grid: floor(v / (range / 2^32)) · (range / 2^32)
const qLat = (v: number): number => Math.floor(v / (180 / 2 ** 32)) * (180 / 2 ** 32);
const qLon = (v: number): number => Math.floor(v / (360 / 2 ** 32)) * (360 / 2 ** 32);

/** ES's running centroid: each point added to the mean, the mean stored on the grid after each doc. */
function centroid(points: Array<[number, number]>): { lat: number; lon: number } {
  let lat = 0;
  let lon = 0;
  points.forEach(([la, lo], i) => {
    lat = qLat(lat + (la - lat) / (i + 1));
    lon = qLon(lon + (lo - lon) / (i + 1));
  });
  return { lat, lon };
}

test.before(async () => {
  node = await startTestNode({ shardClientMode: 'protobuf' });
  const put = await node.request('PUT', '/spots', { settings: { number_of_shards: 1 }, mappings: { d: { properties: { loc: { type: 'geo_point' }, k: { type: 'keyword' } } } } });
  if (put.status !== 200) throw new Error(put.text);
  const docs: Json[] = [{ loc: '10,20', k: 'a' }, { k: 'b' }, { loc: '30,40', k: 'a' }];
  const r = await node.request('POST', '/spots/d/_bulk?refresh=true', docs.map((d, i) => `{"index":{"_id":"${i}"}}\n${JSON.stringify(d)}\n`).join(''));
  if (r.status !== 200 || r.body.errors) throw new Error(r.text);
});

test.after.always(async () => {
  await node?.close();
});

const search = (aggs: Json, qs = '') => node.request('POST', `/spots/_search${qs}`, { size: 0, aggs });

test('geo_centroid with a script: compiled, never a source of points (ES 5.6 has no geo script values)', async (t) => {
  const scriptOnly = await search({ c: { geo_centroid: { script: { inline: "doc['loc'].value" } } } });
  t.is(scriptOnly.status, 500, scriptOnly.text);
  t.is(scriptOnly.body.error.type, 'search_phase_execution_exception');
  t.is(scriptOnly.body.error.reason, 'all shards failed');
  t.deepEqual(scriptOnly.body.error.root_cause.map((c: Json) => [c.type, c.reason]), [['aggregation_execution_exception', 'value source of type [GEOPOINT] is not supported by scripts']]);
  // the string form of a script too
  const short = await search({ c: { geo_centroid: { script: "doc['loc'].value" } } });
  t.deepEqual([short.status, short.body.error.root_cause[0].reason], [500, 'value source of type [GEOPOINT] is not supported by scripts']);
  // with a mapped field, the field's points count and the script never runs (it would throw)
  const plain = await search({ c: { geo_centroid: { field: 'loc' } } });
  const withField = await search({ c: { geo_centroid: { field: 'loc', script: { inline: "throw new IllegalArgumentException('ran')" } } } });
  t.is(withField.status, 200, withField.text);
  t.deepEqual(withField.body.aggregations.c, { location: centroid([[qLat(10), qLon(20)], [qLat(30), qLon(40)]]) });
  t.deepEqual(withField.body.aggregations, plain.body.aggregations);
  // ...but it is compiled: a script that does not compile fails as any aggregation script does
  const broken = await search({ c: { geo_centroid: { field: 'loc', script: { inline: 'doc[' } } } });
  const sumBroken = await search({ s: { sum: { script: { inline: 'doc[' } } } });
  t.is(broken.body.error.root_cause[0].type, 'script_exception');
  t.deepEqual([broken.status, broken.body.error.root_cause], [sumBroken.status, sumBroken.body.error.root_cause]);
  // an unmapped field: no values source, nothing compiled, no location
  const unmapped = await search({ c: { geo_centroid: { field: 'nowhere', script: { inline: 'doc[' } } } }, '?typed_keys');
  t.is(unmapped.status, 200, unmapped.text);
  t.deepEqual(unmapped.body.aggregations, { 'geo_centroid#c': {} });
});

test('geo_centroid and geo_bounds missing: the point of docs without one, unmapped fields too', async (t) => {
  const r = await search({
    c: { geo_centroid: { field: 'loc', missing: '1.5,2.5' } },
    b: { geo_bounds: { field: 'loc', missing: '-20,-30' } },
    u: { geo_centroid: { field: 'nowhere', missing: '5,6' } },
    k: { terms: { field: 'k' }, aggs: { c: { geo_centroid: { field: 'loc', missing: '1.5,2.5' } } } },
  });
  t.is(r.status, 200, r.text);
  const a = r.body.aggregations;
  // doc order: (10,20), the missing point as parsed (not on the grid), (30,40)
  t.deepEqual(a.c, { location: centroid([[qLat(10), qLon(20)], [1.5, 2.5], [qLat(30), qLon(40)]]) });
  t.deepEqual(a.b, { bounds: { top_left: { lat: qLat(30), lon: -30 }, bottom_right: { lat: -20, lon: qLon(40) } } });
  // every doc of an unmapped field holds the missing point
  t.deepEqual(a.u, { location: centroid([[5, 6], [5, 6], [5, 6]]) });
  t.deepEqual(a.k.buckets.map((b: Json) => [b.key, b.c]), [
    ['a', { location: centroid([[qLat(10), qLon(20)], [qLat(30), qLon(40)]]) }],
    ['b', { location: centroid([[1.5, 2.5]]) }],
  ]);
  // null is no missing value
  const nul = await search({ c: { geo_centroid: { field: 'nowhere', missing: null } } });
  t.deepEqual(nul.body.aggregations.c, {});
  const obj = await search({ c: { geo_centroid: { field: 'loc', missing: { lat: 1, lon: 2 } } } });
  t.deepEqual([obj.status, obj.body.error.type, obj.body.error.reason], [400, 'illegal_argument_exception', "[geo_centroid] missing doesn't support values of type: START_OBJECT"]);
});

test('geo aggregations refuse what 5.6 does not declare: format, value_type, geo_bounds script, neither field nor script', async (t) => {
  const format = await search({ c: { geo_centroid: { field: 'loc', format: '0.0' } } });
  t.deepEqual([format.status, format.body.error.type, format.body.error.reason], [400, 'illegal_argument_exception', '[geo_centroid] unknown field [format], parser not found']);
  const bScript = await search({ b: { geo_bounds: { field: 'loc', script: "doc['loc'].value" } } });
  t.deepEqual([bScript.status, bScript.body.error.reason], [400, '[geo_bounds] unknown field [script], parser not found']);
  const wrap = await search({ c: { geo_centroid: { field: 'loc', wrap_longitude: true } } });
  t.deepEqual([wrap.status, wrap.body.error.reason], [400, '[geo_centroid] unknown field [wrap_longitude], parser not found']);
  // a value type 5.6 knows is not a geo point; any other name (geo_point included) is null there
  const vt = await search({ c: { geo_centroid: { field: 'loc', value_type: 'double' } } });
  t.is(vt.status, 400, vt.text);
  t.deepEqual([vt.body.error.type, vt.body.error.reason], ['parsing_exception', '[geo_centroid] failed to parse field [value_type]']);
  t.deepEqual([vt.body.error.caused_by.type, vt.body.error.caused_by.reason], ['parsing_exception', 'Aggregation [geo_centroid] was configured with an incompatible value type [float|double]. It can only work on value of type [geo_point]']);
  const gp = await search({ b: { geo_bounds: { field: 'loc', value_type: 'geo_point' } } });
  t.deepEqual([gp.status, gp.body.error.reason, gp.body.error.caused_by.type], [400, '[geo_bounds] failed to parse field [value_type]', 'null_pointer_exception']);
  const none = await search({ c: { geo_centroid: {} } });
  t.is(none.status, 400, none.text);
  t.is(none.body.error.root_cause[0].reason, 'Required one of fields [field, script], but none were specified. ');
});
