/**
 * `validation_method` (and the deprecated `coerce` / `ignore_malformed`) of the geo queries over
 * HTTP, as ES 5.6's `GeoDistanceQueryBuilder`, `GeoBoundingBoxQueryBuilder` and
 * `GeoPolygonQueryBuilder` apply them on the shard: `strict` (the default) refuses coordinates out
 * of range with the shard's `query_shard_exception`; `ignore_malformed` and `coerce` take them,
 * and an index created by 5.x always normalizes them (`GeoUtils.normalizePoint`: a latitude past
 * a pole folds back, moving the longitude by 180°; longitudes wrap into ]-180, 180]). An explicit
 * `validation_method` wins over the deprecated booleans; `coerce: true` implies ignore_malformed.
 */
import test from 'ava';
import { startTestNode, ndjson, type TestNode } from '../helpers/node.js';

let node: TestNode;

test.before(async () => {
  node = await startTestNode();
  const r = await node.request('PUT', '/gv', { settings: { number_of_shards: 1 }, mappings: { doc: { properties: { p: { type: 'geo_point' } } } } });
  if (r.status !== 200) throw new Error(r.text);
  const points: Record<string, { lat: number; lon: number }> = { origin: { lat: 0, lon: 0 }, east1: { lat: 0, lon: 1 }, north: { lat: 80, lon: 179.99 }, pacific: { lat: 0, lon: -160 }, lon160: { lat: 0, lon: 160 } };
  const lines: unknown[] = [];
  for (const [id, p] of Object.entries(points)) lines.push({ index: { _index: 'gv', _type: 'doc', _id: id } }, { p });
  const bulk = await node.request('POST', '/_bulk?refresh=true', ndjson(lines));
  if (bulk.body.errors) throw new Error(bulk.text);
});

test.after.always(async () => {
  await node?.close();
});

const search = (query: unknown) => node.request('POST', '/gv/_search', { query });
const ids = async (query: unknown): Promise<string[]> => {
  const r = await search(query);
  if (r.status !== 200) throw new Error(r.text);
  return r.body.hits.hits.map((h: any) => h._id).sort();
};
async function shardError(t: any, query: unknown): Promise<any> {
  const r = await search(query);
  t.is(r.status, 400, r.text);
  t.is(r.body.error.type, 'search_phase_execution_exception');
  t.is(r.body.error.root_cause[0].type, 'query_shard_exception');
  return r.body.error.failed_shards[0].reason;
}

test('geo_distance: strict refuses the center out of range; otherwise it is normalized', async (t) => {
  const dist = (p: unknown, extra: Record<string, unknown> = {}) => ({ geo_distance: { p, distance: '1km', ...extra } });
  for (const extra of [{}, { validation_method: 'STRICT' }, { validation_method: 'strict', coerce: true }, { ignore_malformed: false }]) {
    const reason = await shardError(t, dist({ lat: 100, lon: 200 }, extra));
    t.is(reason.reason, "couldn't validate latitude/ longitude values", JSON.stringify(extra));
    t.is(reason.caused_by.type, 'query_validation_exception');
    t.is(reason.caused_by.reason, 'Validation Failed: 1: center point latitude is invalid: 100.0;2: center point longitude is invalid: 200.0;');
  }
  // lat 100 folds over the pole to 80, the longitude moves to 180: the `north` doc (80, 179.99)
  for (const extra of [{ validation_method: 'ignore_malformed' }, { validation_method: 'COERCE' }, { coerce: true }, { ignore_malformed: true }, { coerce: true, ignore_malformed: false }]) {
    t.deepEqual(await ids(dist({ lat: 100, lon: 0 }, extra)), ['north'], JSON.stringify(extra));
  }
  // a longitude of 361 wraps to 1
  t.deepEqual(await ids(dist({ lat: 0, lon: 361 }, { ignore_malformed: true })), ['east1']);
  t.deepEqual(await ids(dist({ lat: 0, lon: 1 })), ['east1']);
});

test('geo_bounding_box: strict refuses corners out of range; otherwise they are normalized, a full turn of longitudes kept whole', async (t) => {
  const box = (top: number, left: number, bottom: number, right: number, extra: Record<string, unknown> = {}) => ({
    geo_bounding_box: { p: { top_left: { lat: top, lon: left }, bottom_right: { lat: bottom, lon: right } }, ...extra },
  });
  const reason = await shardError(t, box(100, -200, -10, 10));
  t.is(reason.reason, "couldn't validate latitude/ longitude values");
  t.is(reason.caused_by.reason, 'Validation Failed: 1: top latitude is invalid: 100.0;2: left longitude is invalid: -200.0;');
  const right = await shardError(t, box(10, -10, -95, 190.5));
  t.is(right.caused_by.reason, 'Validation Failed: 1: bottom latitude is invalid: -95.0;2: right longitude is invalid: 190.5;');
  // 358..362 wraps to -2..2
  t.deepEqual(await ids(box(10, 358, -10, 362, { validation_method: 'coerce' })), ['east1', 'origin']);
  // -200..160 is a whole turn: every longitude (normalized alone, -200 would become 160)
  t.deepEqual(await ids(box(10, -200, -10, 160, { coerce: true })), ['east1', 'lon160', 'origin', 'pacific']);
  t.deepEqual(await ids(box(10, 159.5, -10, 170)), ['lon160']);
});

test('geo_bounding_box: the corners relation is checked whatever the validation method', async (t) => {
  const box = (top: number, left: number, bottom: number, right: number) => ({
    geo_bounding_box: { p: { top_left: { lat: top, lon: left }, bottom_right: { lat: bottom, lon: right } }, validation_method: 'ignore_malformed' },
  });
  for (const [q, reason] of [
    [box(-10, 0, 10, 5), 'top is below bottom corner: -10.0 vs. 10.0'],
    [box(10, 0, 10, 5), 'top cannot be the same as bottom: 10.0 == 10.0'],
    [box(10, 5, -10, 5), 'left cannot be the same as right: 5.0 == 5.0'],
  ] as const) {
    const r = await search(q);
    t.is(r.status, 400, r.text);
    t.is(r.body.error.type, 'illegal_argument_exception');
    t.is(r.body.error.reason, reason);
  }
});

test('geo_polygon: strict refuses a latitude out of range (ES 5.6 never checks the longitude); points are normalized', async (t) => {
  const poly = (points: Array<[number, number]>, extra: Record<string, unknown> = {}) => ({ geo_polygon: { p: { points: points.map(([lat, lon]) => ({ lat, lon })) }, ...extra } });
  const reason = await shardError(t, poly([[95, 0], [10, 10], [-10, 10]]));
  t.is(reason.reason, 'illegal latitude value [95.0] for [geo_polygon]');
  t.is(reason.caused_by, undefined);
  // longitudes 190..210 wrap to -170..-150, even under strict
  const ring: Array<[number, number]> = [[10, 190], [10, 210], [-10, 210], [-10, 190]];
  t.deepEqual(await ids(poly(ring)), ['pacific']);
  t.deepEqual(await ids(poly(ring, { ignore_malformed: true })), ['pacific']);
  t.deepEqual(await ids(poly([[95, 0], [10, 10], [-10, 10]], { validation_method: 'ignore_malformed' })), []);
});
