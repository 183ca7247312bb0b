/**
 * `rescore` over HTTP (ES 5.6 `QueryRescorer`): the expected scores are derived from the first
 * pass's and the rescore query's own scores (each asked for separately) with ES's combination:
 * in the window, `score_mode`(first × query_weight, rescore × rescore_query_weight) when the
 * rescore query matches, else first × query_weight; below the window, first × query_weight.
 */
import test from 'ava';
import { startTestNode, ndjson, type TestNode } from '../helpers/node.js';

let node: TestNode;

test.before(async () => {
  node = await startTestNode();
  const r = await node.request('PUT', '/rs', { settings: { number_of_shards: 1 }, mappings: { doc: { properties: { t: { type: 'text' }, n: { type: 'long' } } } } });
  if (r.status !== 200) throw new Error(r.text);
  const lines: unknown[] = [];
  ['a b', 'a', 'a c', 'b c', 'a a a b', 'a c c'].forEach((t, i) => lines.push({ index: { _index: 'rs', _type: 'doc', _id: String(i) } }, { t, n: i }));
  const bulk = await node.request('POST', '/_bulk?refresh=true', ndjson(lines));
  if (bulk.body.errors) throw new Error(bulk.text);
});

test.after.always(async () => {
  await node?.close();
});

const f = Math.fround;
const search = async (body: unknown): Promise<any> => {
  const r = await node.request('POST', '/rs/_search', body);
  if (r.status !== 200) throw new Error(r.text);
  return r.body;
};
const scores = async (query: unknown): Promise<Map<string, number>> => new Map((await search({ query, size: 20 })).hits.hits.map((h: any) => [h._id, h._score]));

test('each score_mode combines the weighted scores inside the window; the order follows', async (t) => {
  const first = await scores({ match: { t: 'a' } });
  const second = await scores({ match: { t: 'c' } });
  const combine: Record<string, (a: number, b: number) => number> = {
    total: (a, b) => f(a + b),
    multiply: (a, b) => f(a * b),
    avg: (a, b) => f(f(a + b) / 2),
    max: Math.max,
    min: Math.min,
  };
  for (const mode of Object.keys(combine)) {
    const body = await search({ query: { match: { t: 'a' } }, rescore: { window_size: 10, query: { rescore_query: { match: { t: 'c' } }, query_weight: 0.7, rescore_query_weight: 1.5, score_mode: mode } } });
    const expected = [...first].map(([id, s]) => {
      const p = f(s * f(0.7));
      const r = second.get(id);
      return [id, r === undefined ? p : (combine[mode] as (a: number, b: number) => number)(p, f(r * f(1.5)))] as [string, number];
    });
    expected.sort((a, b) => b[1] - a[1] || Number(a[0]) - Number(b[0]));
    // scores print as Java floats: compared as the floats they denote
    t.deepEqual(body.hits.hits.map((h: any) => [h._id, f(h._score)]), expected, mode);
    t.is(body.hits.max_score, body.hits.hits[0]._score);
    t.is(body.hits.total, first.size);
  }
});

test('hits below the window are only scaled by query_weight, then everything is re-sorted', async (t) => {
  const plain = (await search({ query: { match: { t: 'a' } } })).hits.hits.map((h: any) => [h._id, h._score]);
  const body = await search({ query: { match: { t: 'a' } }, rescore: { window_size: 1, query: { rescore_query: { match: { t: 'b' } }, query_weight: 2, rescore_query_weight: 0 } } });
  // the top hit ("a a a b") matches b with weight 0: 2 × first; the others are 2 × first too
  t.deepEqual(body.hits.hits.map((h: any) => [h._id, f(h._score)]), plain.map(([id, s]: [string, number]) => [id, f(f(s) * 2)]));
});

test('several rescorers apply in order; explain shows ES QueryRescorer.explain', async (t) => {
  const body = await search({
    query: { match: { t: 'a' } },
    explain: true,
    rescore: [
      { window_size: 3, query: { rescore_query: { match: { t: 'c' } } } },
      { window_size: 2, query: { rescore_query: { match: { t: 'b' } }, score_mode: 'max', query_weight: 1 } },
    ],
  });
  const top = body.hits.hits[0];
  const e = top._explanation;
  t.is(e.value, top._score);
  const lone = await search({ query: { match: { t: 'a' } }, explain: true, rescore: { window_size: 10, query: { rescore_query: { match: { t: 'c' } }, query_weight: 0.5, rescore_query_weight: 3 } } });
  const matched = lone.hits.hits.find((h: any) => h._id === '2');
  t.is(matched._explanation.description, 'total of:');
  t.deepEqual(matched._explanation.details.map((d: any) => d.description), ['product of:', 'product of:']);
  t.deepEqual(matched._explanation.details[0].details[1], { value: 0.5, description: 'primaryWeight', details: [] });
  t.deepEqual(matched._explanation.details[1].details[1], { value: 3, description: 'secondaryWeight', details: [] });
  t.is(matched._explanation.value, matched._score);
});

test('rescore errors are ES 5.6 errors', async (t) => {
  const sorted = await node.request('POST', '/rs/_search', { query: { match: { t: 'a' } }, sort: ['n'], rescore: { query: { rescore_query: { match: { t: 'c' } } } } });
  t.is(sorted.status, 500);
  t.deepEqual(sorted.body.error.root_cause, [{ type: 'query_phase_execution_exception', reason: 'Cannot use [sort] option in conjunction with [rescore].' }]);
  // sorting on _score alone is no sort
  t.is((await node.request('POST', '/rs/_search', { sort: ['_score'], rescore: { query: { rescore_query: { match: { t: 'c' } } } } })).status, 200);
  const mode = await node.request('POST', '/rs/_search', { rescore: { query: { rescore_query: { match_all: {} }, score_mode: 'sum' } } });
  t.like(mode.body.error, { type: 'illegal_argument_exception', reason: 'illegal score_mode [sum]' });
  const name = await node.request('POST', '/rs/_search', { rescore: { nope: {} } });
  t.like(name.body.error, { type: 'parsing_exception', reason: "rescore doesn't support rescorer with name [nope]" });
  const missing = await node.request('POST', '/rs/_search', { rescore: { window_size: 3 } });
  t.like(missing.body.error, { type: 'parsing_exception', reason: 'missing rescore type' });
});
