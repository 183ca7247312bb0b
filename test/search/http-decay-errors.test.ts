/**
 * Decay functions (`gauss`, `exp`, `linear`) refuse what ES 5.6's DecayFunctionBuilder refuses,
 * wrapped as ES wraps them while building the query: `query_shard_exception`
 * `failed to create query: …` caused by the parser's `parse_exception` (a missing scale or
 * origin) or AbstractDistanceScoreFunction's `illegal_argument_exception` (scale, decay, offset
 * out of range). Before, a missing scale scored every document NaN.
 */
import test from 'ava';
import { startTestNode, type TestNode } from '../helpers/node.js';

let node: TestNode;

test.before(async () => {
  node = await startTestNode();
  const created = await node.request('PUT', '/t', {
    settings: { number_of_shards: 1 },
    mappings: { d: { properties: { n: { type: 'long' }, d: { type: 'date' }, g: { type: 'geo_point' } } } },
  });
  if (created.status !== 200) throw new Error(JSON.stringify(created.body));
  await node.request('PUT', '/t/d/1?refresh=true', { n: 1, d: '2020-01-01', g: '1,1' });
});

test.after.always(async () => {
  await node?.close();
});

async function causeOf(fn: unknown): Promise<unknown> {
  const r = await node.request('POST', '/t/_search', { query: { function_score: fn } });
  if (r.status !== 400) throw new Error(`expected 400, got ${r.status}: ${JSON.stringify(r.body)}`);
  const reason = r.body.error.failed_shards[0].reason;
  if (reason.type !== 'query_shard_exception' || !String(reason.reason).startsWith('failed to create query: ')) throw new Error(JSON.stringify(reason));
  return reason.caused_by;
}

const CASES: Array<[string, unknown, unknown]> = [
  ['numeric without scale', { gauss: { n: { origin: 0 } } }, { type: 'parse_exception', reason: 'both [scale] and [origin] must be set for numeric fields.' }],
  ['numeric without origin', { exp: { n: { scale: 1 } } }, { type: 'parse_exception', reason: 'both [scale] and [origin] must be set for numeric fields.' }],
  ['date without scale', { linear: { d: { origin: '2020-01-01' } } }, { type: 'parse_exception', reason: '[scale] must be set for date fields.' }],
  ['geo without scale', { gauss: { g: { origin: '0,0' } } }, { type: 'parse_exception', reason: '[origin] and [scale] must be set for geo fields.' }],
  ['scale 0', { gauss: { n: { origin: 0, scale: 0 } } }, { type: 'illegal_argument_exception', reason: 'function_score : scale must be > 0.0.' }],
  ['decay 1', { linear: { n: { origin: 0, scale: 1, decay: 1 } } }, { type: 'illegal_argument_exception', reason: 'function_score : decay must be in the range [0..1].' }],
  ['decay 0', { exp: { n: { origin: 0, scale: 1, decay: 0 } } }, { type: 'illegal_argument_exception', reason: 'function_score : decay must be in the range [0..1].' }],
  ['negative offset', { gauss: { n: { origin: 0, scale: 1, offset: -1 } } }, { type: 'illegal_argument_exception', reason: 'function_score : offset must be > 0.0' }],
];

for (const [name, fn, cause] of CASES) {
  test(`decay: ${name}`, async (t) => {
    t.deepEqual(await causeOf(fn), cause);
  });
}

test('decay: valid parameters still score', async (t) => {
  const r = await node.request('POST', '/t/_search', { query: { function_score: { gauss: { n: { origin: 1, scale: 2 } } } } });
  t.is(r.status, 200);
  t.is(r.body.hits.hits[0]._score, 1);
});

test('decay: a date origin of null or an object is ES error, not a crash', async (t) => {
  // ES reads the origin with parser.text(): null is the text "null", an object no value token
  t.like(await causeOf({ gauss: { d: { origin: null, scale: '1d' } } }), { type: 'parse_exception' });
  const r = await node.request('POST', '/t/_search', { query: { function_score: { gauss: { d: { origin: { a: 1 }, scale: '1d' } } } } });
  t.is(r.status, 400);
  t.notRegex(JSON.stringify(r.body), /Cannot read|internal error/);
});
