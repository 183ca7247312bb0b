/**
 * Points on the edges of a `geo_bounding_box` over HTTP, as ES 5.6 finds them on a 5.x index
 * (`LatLonPoint.newBoxQuery`): a point is indexed in the grid cell at or below it, the box's
 * upper bounds (top, right) go to the cell at or below them and its lower bounds (bottom, left)
 * to the cell at or above them (`encodeLatitudeCeil`). So a point exactly on the top or right
 * edge is in the box, and one exactly on the bottom or left edge only when its coordinate is a
 * grid value (45 and 90 are: 2^30 cells; 40.7128 and -74.006 are not).
 */
import test from 'ava';
import { startTestNode, ndjson, type TestNode } from '../helpers/node.js';

let node: TestNode;

const POINTS: Record<string, [number, number]> = {
  nyc: [40.7128, -74.006],
  grid: [45, 90],
  west: [0, 170.5],
  east: [0, -170.5],
  mid: [0, 175],
  zero: [0, 0],
  am180: [0, 180],
  amMinus180: [0, -180],
  g135: [0, 135],
  gMinus135: [0, -135],
  minus175: [0, -175],
};

test.before(async () => {
  node = await startTestNode();
  const r = await node.request('PUT', '/gb', { settings: { number_of_shards: 2 }, mappings: { doc: { properties: { p: { type: 'geo_point' } } } } });
  if (r.status !== 200) throw new Error(r.text);
  const lines: unknown[] = [];
  for (const [id, [lat, lon]] of Object.entries(POINTS)) lines.push({ index: { _index: 'gb', _type: 'doc', _id: id } }, { p: { lat, lon } });
  const bulk = await node.request('POST', '/_bulk?refresh=true', ndjson(lines));
  if (bulk.body.errors) throw new Error(bulk.text);
});

test.after.always(async () => {
  await node?.close();
});

const box = async (top: number, left: number, bottom: number, right: number): Promise<string[]> => {
  const r = await node.request('POST', '/gb/_search', { size: 20, query: { geo_bounding_box: { p: { top_left: { lat: top, lon: left }, bottom_right: { lat: bottom, lon: right } } } } });
  if (r.status !== 200) throw new Error(r.text);
  return r.body.hits.hits.map((h: any) => h._id).sort();
};

test('a point off the grid is inside on the top and right edges, outside on the bottom and left ones', async (t) => {
  t.deepEqual(await box(40.7128, -75, 40, -73), ['nyc'], 'top edge');
  t.deepEqual(await box(41, -75, 40, -74.006), ['nyc'], 'right edge');
  t.deepEqual(await box(41, -75, 40.7128, -73), [], 'bottom edge');
  t.deepEqual(await box(41, -74.006, 40, -73), [], 'left edge');
});

test('a point on the grid is inside on every edge', async (t) => {
  t.deepEqual(await box(45, 89, 44, 91), ['grid'], 'top edge');
  t.deepEqual(await box(46, 89, 44, 90), ['grid'], 'right edge');
  t.deepEqual(await box(46, 89, 45, 91), ['grid'], 'bottom edge');
  t.deepEqual(await box(46, 90, 44, 91), ['grid'], 'left edge');
});

test('boxes across the dateline: the same edge rules on each side', async (t) => {
  // left 170.5 (off the grid) leaves out the point on it; right -170.5 takes its point; 180 is
  // indexed just below it (the grid has no 180) and -180 as -180
  t.deepEqual(await box(1, 170.5, -1, -170.5), ['am180', 'amMinus180', 'east', 'mid', 'minus175']);
  // 135 and -135 are grid values: both edges keep their points
  t.deepEqual(await box(1, 135, -1, -135), ['am180', 'amMinus180', 'east', 'g135', 'gMinus135', 'mid', 'minus175', 'west']);
  // a box from 180 to -170 starts at -180 instead (Lucene's special case): the point at 180,
  // indexed below 180, is not in it
  t.deepEqual(await box(1, 180, -1, -170), ['amMinus180', 'east', 'minus175']);
});
