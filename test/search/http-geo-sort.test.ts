/**
 * `_geo_distance` sort over HTTP (ES 5.6 `GeoDistanceSortBuilder`): order by distance from one or
 * several points, `unit`, `distance_type` (arc, plane), `mode`, docs without a point as +Infinity
 * (last ascending, first descending), errors. One degree of longitude on the equator is 2π × 6371008.7714 / 360 =
 * 111195.08 m on Lucene's mean earth radius (doc values are quantized, hence the tolerance).
 */
import test from 'ava';
import { startTestNode, ndjson, type TestNode } from '../helpers/node.js';

let node: TestNode;
const DEGREE = (2 * Math.PI * 6371008.7714) / 360;

test.before(async () => {
  node = await startTestNode();
  const r = await node.request('PUT', '/geo', { settings: { number_of_shards: 2 }, mappings: { doc: { properties: { p: { type: 'geo_point' }, n: { type: 'long' } } } } });
  if (r.status !== 200) throw new Error(r.text);
  const docs: Array<Record<string, unknown>> = [{ p: { lat: 0, lon: 1 } }, { p: { lat: 0, lon: 3 } }, { p: [{ lat: 0, lon: 5 }, { lat: 0, lon: -2 }] }, { n: 1 }];
  const lines: unknown[] = [];
  docs.forEach((d, i) => lines.push({ index: { _index: 'geo', _type: 'doc', _id: String(i + 1) } }, d));
  const bulk = await node.request('POST', '/_bulk?refresh=true', ndjson(lines));
  if (bulk.body.errors) throw new Error(bulk.text);
});

test.after.always(async () => {
  await node?.close();
});

const sorted = async (sort: unknown): Promise<Array<[string, unknown]>> => {
  const r = await node.request('POST', '/geo/_search', { sort: [sort] });
  if (r.status !== 200) throw new Error(r.text);
  return r.body.hits.hits.map((h: any) => [h._id, h.sort[0]]);
};

test('ascending by the nearest point, in meters; docs without a point last', async (t) => {
  const s = await sorted({ _geo_distance: { p: { lat: 0, lon: 0 } } });
  t.deepEqual(s.map(([id]) => id), ['1', '3', '2', '4']);
  const [d1, d3, d2, d4] = s.map(([, v]) => v) as [number, number, number, string];
  t.true(Math.abs(d1 - DEGREE) < 1, String(d1));
  t.true(Math.abs(d3 - 2 * DEGREE) < 1, String(d3));
  t.true(Math.abs(d2 - 3 * DEGREE) < 1, String(d2));
  t.is(d4, 'Infinity');
  // ES 5.6 selects Double.POSITIVE_INFINITY for a doc without a point, and Jackson (its
  // QUOTE_NON_NUMERIC_NUMBERS default, which JsonXContent keeps) writes it as the string of
  // Double.toString: "Infinity", quoted
  const raw = await node.request('POST', '/geo/_search', { query: { ids: { values: ['4'] } }, sort: [{ _geo_distance: { p: { lat: 0, lon: 0 } } }] });
  t.regex(raw.text, /"sort":\["Infinity"\]/);
});

test('order desc picks the farthest point (mode max), unit km, plane, several sort points', async (t) => {
  const desc = await sorted({ _geo_distance: { p: [0, 0], order: 'desc', unit: 'km' } });
  // the missing value is +Infinity in both orders, so descending puts doc 4 first (as ES does)
  t.deepEqual(desc.map(([id]) => id), ['4', '3', '2', '1']);
  t.is(desc[0]?.[1], 'Infinity');
  t.true(Math.abs((desc[1]?.[1] as number) - (5 * DEGREE) / 1000) < 0.001);
  const plane = await sorted({ _geo_distance: { p: '0,0', distance_type: 'plane', unit: 'km' } });
  t.true(Math.abs((plane[0]?.[1] as number) - DEGREE / 1000) < 0.001);
  // from lon 4 and lon -1: doc 3 has a point at 1° of either (5 and -2), doc 2 at 1° of 4, doc 1 at 2° of -1
  const two = await sorted({ _geo_distance: { p: [{ lat: 0, lon: 4 }, { lat: 0, lon: -1 }], mode: 'min' } });
  t.deepEqual(two.map(([id]) => id).slice(0, 3).sort(), ['1', '2', '3']);
  t.is(two[2]?.[0], '1');
  const avg = await sorted({ _geo_distance: { p: { lat: 0, lon: 0 }, mode: 'avg', unit: 'km' } });
  // doc 3: (5° + 2°) / 2 = 3.5° — after doc 2 (3°)
  t.deepEqual(avg.map(([id]) => id), ['1', '2', '3', '4']);
});

test('errors', async (t) => {
  const notGeo = await node.request('POST', '/geo/_search', { sort: [{ _geo_distance: { n: { lat: 0, lon: 0 } } }] });
  t.is(notGeo.status, 400);
  t.is(notGeo.body.error.root_cause[0].reason, 'field [n] is not a geo_point field');
  const unmapped = await node.request('POST', '/geo/_search', { sort: [{ _geo_distance: { nope: { lat: 0, lon: 0 } } }] });
  t.is(unmapped.body.error.root_cause[0].reason, 'failed to find mapper for [nope] for geo distance based sort');
  const sum = await node.request('POST', '/geo/_search', { sort: [{ _geo_distance: { p: { lat: 0, lon: 0 }, mode: 'sum' } }] });
  t.is(sum.status, 400);
  t.is(sum.body.error.reason, "sort_mode [sum] isn't supported for sorting by geo distance");
});

test('validation_method: strict refuses points out of range, ignore_malformed takes them, coerce normalizes them', async (t) => {
  const search = (geo: Record<string, unknown>) => node.request('POST', '/geo/_search', { sort: [{ _geo_distance: { p: { lat: 180, lon: 0 }, ...geo } }] });
  for (const opts of [{}, { validation_method: 'STRICT' }, { coerce: true, validation_method: 'strict' }, { ignore_malformed: false }]) {
    const r = await search(opts);
    t.is(r.status, 400, r.text);
    t.is(r.body.error.type, 'search_phase_execution_exception');
    t.is(r.body.error.root_cause[0].type, 'parse_exception');
    t.is(r.body.error.root_cause[0].reason, 'illegal latitude value [180.0] for [GeoDistanceSort] for field [p].');
  }
  const lon = await node.request('POST', '/geo/_search', { sort: [{ _geo_distance: { p: { lat: 0, lon: -190.5 } } }] });
  t.is(lon.body.error.root_cause[0].reason, 'illegal longitude value [-190.5] for [GeoDistanceSort] for field [p].');
  // lat 180 folds over the pole to (0, 180): the farthest from lon 0 is now the nearest
  for (const opts of [{ validation_method: 'coerce' }, { coerce: true }, { ignore_malformed: true }, { coerce: true, ignore_malformed: false }]) {
    const r = await search(opts);
    t.is(r.status, 200, r.text);
    const s = r.body.hits.hits.map((h: any) => [h._id, h.sort[0]]);
    t.deepEqual(s.map(([id]: [string]) => id), ['3', '2', '1', '4'], JSON.stringify(opts));
    t.true(Math.abs(s[0][1] - 175 * DEGREE) < 1, String(s[0][1]));
  }
  const bad = await search({ validation_method: 'lenient' });
  t.is(bad.status, 400);
  t.is(bad.body.error.type, 'illegal_argument_exception');
  t.is(bad.body.error.reason, 'operator needs to be either [COERCE, IGNORE_MALFORMED, STRICT], but not [lenient]');
});
