/**
 * `geo_distance` aggregation over HTTP (ES 5.6 `GeoDistanceAggregationBuilder` and `InternalGeoDistance`
 * shapes). Cities around an origin in Amsterdam (two shards): Amsterdam Centraal (~0.5 km),
 * Utrecht (~35 km), Rotterdam (~57 km), Paris (~430 km); one doc without a point. Expected counts
 * come from the same haversine figures worked out with a wide margin from every range bound.
 */
import test from 'ava';
import { startTestNode, type TestNode } from '../helpers/node.js';

let node: TestNode;
type Json = Record<string, any>;
const ORIGIN = '52.376, 4.894';

test.before(async () => {
  node = await startTestNode({ shardClientMode: 'protobuf' });
  const put = await node.request('PUT', '/geo', { settings: { number_of_shards: 2 }, mappings: { city: { properties: { loc: { type: 'geo_point' }, name: { type: 'keyword' }, pop: { type: 'long' } } } } });
  if (put.status !== 200) throw new Error(put.text);
  const docs: Array<[string, Json]> = [
    ['ams', { name: 'ams', loc: '52.3791,4.9003', pop: 870 }],
    ['utr', { name: 'utr', loc: { lat: 52.0907, lon: 5.1214 }, pop: 350 }],
    ['rot', { name: 'rot', loc: [4.47917, 51.9225], pop: 650 }],
    ['par', { name: 'par', loc: '48.8566,2.3522', pop: 2100 }],
    ['none', { name: 'none', pop: 1 }],
    // far north: arc and plane disagree (arc ≈ 4604 km, plane ≈ 5004 km from 60,0)
    ['north', { name: 'north', loc: '60,90', pop: 2 }],
  ];
  const body = docs.map(([id, d]) => `{"index":{"_index":"geo","_type":"city","_id":"${id}"}}\n${JSON.stringify(d)}\n`).join('');
  const r = await node.request('POST', '/_bulk?refresh=true', body);
  if (r.status !== 200 || r.body.errors) throw new Error(r.text);
});

test.after.always(async () => {
  await node?.close();
});

const search = (aggs: Json, qs = '') => node.request('POST', `/geo/_search${qs}`, { size: 0, query: { bool: { must_not: { term: { name: 'north' } } } }, aggs });

test('geo_distance: ranges in a unit, generated keys, from 0 by default, sub-aggregations per range', async (t) => {
  const r = await search({ rings: { geo_distance: { field: 'loc', origin: ORIGIN, unit: 'km', ranges: [{ to: 10 }, { from: 10, to: 100 }, { from: 100 }] }, aggs: { pop: { sum: { field: 'pop' } } } } }, '?typed_keys');
  t.is(r.status, 200, r.text);
  t.deepEqual(r.body.aggregations['geo_distance#rings'].buckets, [
    { key: '*-10.0', from: 0, to: 10, doc_count: 1, 'sum#pop': { value: 870 } },
    { key: '10.0-100.0', from: 10, to: 100, doc_count: 2, 'sum#pop': { value: 1000 } },
    { key: '100.0-*', from: 100, doc_count: 1, 'sum#pop': { value: 2100 } },
  ]);
  // ES renders the defaulted from as a double
  t.true(r.text.includes('"key":"*-10.0","from":0.0,"to":10.0'), r.text);
});

test('geo_distance: meters by default, keyed, own keys, origin as object, array or geohash', async (t) => {
  const origins: unknown[] = [{ lat: 52.376, lon: 4.894 }, [4.894, 52.376], 'u173zq'];
  for (const origin of origins) {
    const r = await search({ d: { geo_distance: { field: 'loc', origin, keyed: true, ranges: [{ key: 'near', to: 50000 }, { from: 50000, to: 1e6 }] } } });
    t.is(r.status, 200, r.text);
    t.deepEqual(r.body.aggregations.d.buckets, { near: { from: 0, to: 50000, doc_count: 2 }, '50000.0-1000000.0': { from: 50000, to: 1e6, doc_count: 2 } });
  }
});

test('geo_distance: missing points, unmapped fields, and arc against plane', async (t) => {
  const m = await search({ d: { geo_distance: { field: 'loc', origin: ORIGIN, missing: '52.376,4.894', ranges: [{ to: 1 }] } } });
  t.deepEqual(m.body.aggregations.d.buckets, [{ key: '*-1.0', from: 0, to: 1, doc_count: 1 }]);
  const u = await search({ d: { geo_distance: { field: 'nope', origin: ORIGIN, ranges: [{ to: 1 }] } } });
  t.is(u.status, 200, u.text);
  t.deepEqual(u.body.aggregations.d.buckets, [{ key: '*-1.0', from: 0, to: 1, doc_count: 0 }]);
  const far = async (distanceType?: string): Promise<number[]> => {
    const r = await node.request('POST', '/geo/_search', { size: 0, query: { term: { name: 'north' } }, aggs: { d: { geo_distance: { field: 'loc', origin: '60,0', unit: 'km', ...(distanceType ? { distance_type: distanceType } : {}), ranges: [{ to: 4800 }, { from: 4800 }] } } } });
    return r.body.aggregations.d.buckets.map((b: Json) => b.doc_count);
  };
  t.deepEqual(await far(), [1, 0]);
  t.deepEqual(await far('sloppy_arc'), [1, 0]);
  t.deepEqual(await far('plane'), [0, 1]);
});

test('geo_distance: ES 5.6 errors', async (t) => {
  const noOrigin = await search({ d: { geo_distance: { field: 'loc', ranges: [{ to: 1 }] } } });
  t.is(noOrigin.status, 400);
  t.deepEqual([noOrigin.body.error.type, noOrigin.body.error.reason], ['illegal_argument_exception', 'Aggregation [d] must define an [origin].']);
  const unit = await search({ d: { geo_distance: { field: 'loc', origin: ORIGIN, unit: 'parsec', ranges: [] } } });
  t.deepEqual([unit.status, unit.body.error.reason], [400, 'No distance unit match [parsec]']);
  const type = await search({ d: { geo_distance: { field: 'loc', origin: ORIGIN, distance_type: 'curved', ranges: [] } } });
  t.deepEqual([type.status, type.body.error.reason], [400, 'No geo distance for [curved]']);
  const bad = await search({ d: { geo_distance: { field: 'loc', origin: ORIGIN, ranges: [], size: 3 } } });
  t.deepEqual([bad.status, bad.body.error.reason], [400, '[geo_distance] unknown field [size], parser not found']);
  const obj = await search({ d: { geo_distance: { field: 'loc', origin: { lat: 1 }, ranges: [] } } });
  t.deepEqual([obj.status, obj.body.error.type, obj.body.error.reason], [400, 'parsing_exception', 'malformed [lat] geo point object. either [lat] or [lon] (or both) are missing']);
  const arr = await search({ d: { geo_distance: { field: 'loc', origin: [1, 2, 3], ranges: [] } } });
  t.deepEqual([arr.status, arr.body.error.reason], [400, 'malformed [origin]: a geo point array must be of the form [lon, lat]']);
  const kw = await search({ d: { geo_distance: { field: 'name', origin: ORIGIN, ranges: [{ to: 1 }] } } });
  t.is(kw.status, 400, kw.text);
  t.is(kw.body.error.root_cause[0].reason, 'Expected geo_point type on field [name], but got [keyword]');
});

test('geo_distance with a script: compiled, never a source of points (ES 5.6 has no geo script values)', async (t) => {
  const ranges = [{ to: 100 }, { from: 100 }];
  const scriptOnly = await search({ d: { geo_distance: { script: { inline: "doc['loc'].value" }, origin: ORIGIN, unit: 'km', ranges } } });
  t.is(scriptOnly.status, 500, scriptOnly.text);
  t.is(scriptOnly.body.error.type, 'search_phase_execution_exception');
  t.deepEqual(scriptOnly.body.error.root_cause.map((c: Json) => [c.type, c.reason]), [['aggregation_execution_exception', 'value source of type [GEOPOINT] is not supported by scripts']]);
  // with a mapped field, the field's points count and the script never runs (it would throw)
  const withField = await search({ d: { geo_distance: { field: 'loc', script: { inline: "throw new IllegalArgumentException('ran')" }, origin: ORIGIN, unit: 'km', ranges } } });
  t.is(withField.status, 200, withField.text);
  t.deepEqual(withField.body.aggregations.d.buckets.map((b: Json) => [b.key, b.doc_count]), [['*-100.0', 3], ['100.0-*', 1]]);
  // ...but it is compiled: a script that does not compile fails the request
  const broken = await search({ d: { geo_distance: { field: 'loc', script: { inline: 'doc[' }, origin: ORIGIN, unit: 'km', ranges } } });
  const sumBroken = await search({ s: { sum: { script: { inline: 'doc[' } } } });
  t.is(broken.body.error.root_cause[0].type, 'script_exception');
  // the same answer as any aggregation script that does not compile
  t.deepEqual([broken.status, broken.body.error.root_cause], [sumBroken.status, sumBroken.body.error.root_cause]);
  // an unmapped field: no values source, nothing compiled
  const unmapped = await search({ d: { geo_distance: { field: 'nowhere', script: { inline: 'doc[' }, origin: ORIGIN, unit: 'km', ranges } } });
  t.is(unmapped.status, 200, unmapped.text);
  t.deepEqual(unmapped.body.aggregations.d.buckets.map((b: Json) => b.doc_count), [0, 0]);
});
