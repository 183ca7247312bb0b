/**
 * The shard boundary carries plain messages only. Three nodes run the same writes, gets and
 * maintenance requests: one with the direct in-process shard client, one with every shard
 * request and reply sent through JSON encode → decode with a lossless check
 * (lib/messages/plain-json.ts), one through the protobuf schema (lib/messages/wire-methods.ts).
 * A class instance, closure, error object, reader or field the schema lacks handed across would
 * fail the call (a 500) or change an answer; the answers must be the same.
 */
import test from 'ava';
import { startTestNode, ndjson, type TestNode } from '../helpers/node.js';
import { checkRoundTrip, decodeMessage, encodeMessage, NotPlainError, roundTrip } from '../../lib/messages/plain-json.js';

type Step = [method: string, path: string, body?: unknown];

/** Representative traffic over the write/get/maintenance messages; each answer is compared. */
const STEPS: Step[] = [
  // no scheduled refresh: refresh and merge counts must not depend on timing
  ['PUT', '/b', { settings: { number_of_shards: 2, refresh_interval: -1 }, mappings: { t: { properties: { n: { type: 'integer' }, s: { type: 'keyword', store: true } } } } }],
  ['PUT', '/b/t/1', { n: 1, s: 'one', text: 'new field by dynamic mapping' }],
  ['PUT', '/b/t/1?op_type=create', { n: 1 }],
  ['PUT', '/b/t/2?version=5&version_type=external', { n: 2, s: 'two' }],
  ['PUT', '/b/t/2?version=4&version_type=external', { n: 3 }],
  ['PUT', '/b/t/1?version=1', { n: 10, s: 'ten' }],
  ['PUT', '/b/t/1?version=1', { n: 11 }],
  ['POST', '/b/t/1/_update', { doc: { n: 12 }, _source: ['n'] }],
  ['POST', '/b/t/1/_update', { doc: { n: 12 } }],
  ['POST', '/b/t/1/_update?retry_on_conflict=3&fields=_source', { script: { inline: 'ctx._source.n += params.d', params: { d: 5 } } }],
  ['POST', '/b/t/1/_update', { script: { inline: "ctx.op = 'none'" } }],
  ['POST', '/b/t/3/_update', { doc: { n: 1 } }],
  ['POST', '/b/t/3/_update', { doc: { n: 30 }, doc_as_upsert: true }],
  ['POST', '/b/t/4/_update', { script: { inline: 'ctx._source.n = 40' }, upsert: { n: 0 }, scripted_upsert: true }],
  ['POST', '/b/t/5/_update', { script: 'ctx._source.n += 1', upsert: { n: 1 } }],
  ['POST', '/b/t/5/_update', { script: { inline: "ctx.op = 'delete'" } }],
  ['POST', '/b/t/1/_update', { script: { inline: 'ctx._source.n = ' } }],
  ['POST', '/b/t/1/_update?version=99', { doc: { n: 1 } }],
  ['DELETE', '/b/t/2'],
  ['DELETE', '/b/t/2'],
  ['DELETE', '/b/t/3?version=7'],
  [
    'POST',
    '/_bulk?refresh=true',
    ndjson([
      { index: { _index: 'b', _type: 't', _id: '6' } },
      { n: 6, s: 'six' },
      { create: { _index: 'b', _type: 't', _id: '6' } },
      { n: 6 },
      { index: { _index: 'b', _type: 't', _id: '7' } },
      { n: 'not a number' },
      { update: { _index: 'b', _type: 't', _id: '6', _source: true } },
      { doc: { s: 'six!' } },
      { update: { _index: 'b', _type: 't', _id: 'nope' } },
      { doc: { n: 1 } },
      { delete: { _index: 'b', _type: 't', _id: '6', version: 1 } },
      { delete: { _index: 'b', _type: 't', _id: '4' } },
      { index: { _index: 'c', _type: 't', _id: '1' } },
      { auto: 'created' },
    ]),
  ],
  ['POST', '/b/_refresh'],
  ['PUT', '/c/t/2?refresh=wait_for', { waits: 'for the scheduled refresh' }],
  ['GET', '/b/t/1'],
  ['GET', '/b/t/1?_source_include=n&stored_fields=s'],
  ['GET', '/b/_all/6?realtime=false'],
  ['GET', '/b/t/1?version=1'],
  ['GET', '/b/t/missing'],
  ['POST', '/_mget', { docs: [{ _index: 'b', _type: 't', _id: '1', _source: false }, { _index: 'b', _type: 't', _id: '6', stored_fields: ['s'] }, { _index: 'c', _type: 't', _id: '1' }, { _index: 'b', _type: 't', _id: 'x' }] }],
  ['POST', '/b,c/_flush'],
  ['POST', '/b/_forcemerge?max_num_segments=1'],
  ['POST', '/_cache/clear'],
  ['GET', '/b/_stats/docs,indexing,refresh,flush,merge,translog'],
  ['GET', '/b/_segments?verbose=true'],
  ['GET', '/b/_recovery'],
  ['GET', '/b/_field_stats?fields=n,s&level=indices'],
  ['GET', '/_cat/shards/b?h=index,shard,docs&s=shard'],
  ['GET', '/b/_search?sort=_uid'],
];

/** Fields that differ between two nodes for reasons other than the client: time, uuids, the node's id and name. */
function normalise(v: unknown, node: { id: string; name: string }): unknown {
  if (typeof v === 'string') return v === node.id ? '<node id>' : v === node.name ? '<node name>' : v;
  if (Array.isArray(v)) return v.map((x) => normalise(x, node));
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    if (k === 'took' || k === 'index_uuid' || k.endsWith('time_in_millis') || k === 'size_in_bytes') continue;
    out[k] = normalise(x, node);
  }
  return out;
}

async function run(node: TestNode): Promise<Array<{ step: string; status: number; body: unknown }>> {
  const ids = { id: node.node.context.nodeId, name: node.node.context.nodeName };
  const out = [];
  for (const [method, path, body] of STEPS) {
    const r = await node.request(method, path, body);
    out.push({ step: `${method} ${path}`, status: r.status, body: normalise(r.body, ids) });
  }
  return out;
}

test('writes, gets and maintenance answer the same through the JSON and protobuf clients', async (t) => {
  const direct = await startTestNode({ shardClientMode: 'direct' });
  const json = await startTestNode({ shardClientMode: 'json' });
  const proto = await startTestNode({ shardClientMode: 'protobuf' });
  try {
    const [a, b, c] = [await run(direct), await run(json), await run(proto)];
    for (let i = 0; i < a.length; i++) t.deepEqual(b[i], a[i], `${a[i]!.step} (json)`);
    for (let i = 0; i < a.length; i++) t.deepEqual(c[i], a[i], `${a[i]!.step} (protobuf)`);
    // the traffic did what it says: created, conflicted, updated, failed per item, found
    const statuses = a.map((x) => x.status);
    t.true(statuses.includes(409) && statuses.includes(201) && statuses.includes(404));
    t.false(statuses.includes(500), JSON.stringify(a.filter((x) => x.status === 500)));
  } finally {
    await direct.close();
    await json.close();
    await proto.close();
  }
});

test('the round trip keeps bytes and plain data, and names what is not plain', (t) => {
  const msg = { source: Buffer.from('{"a":"é"}'), n: [1, -2.5, null], o: Object.assign(Object.create(null) as object, { __proto__: 1 }), s: 'x', absent: undefined };
  const back = roundTrip(msg) as typeof msg;
  t.true(Buffer.isBuffer(back.source));
  t.is(back.source.toString('utf8'), '{"a":"é"}');
  t.deepEqual(back.n, [1, -2.5, null]);
  t.false('absent' in back);
  const bad = (v: unknown): string => t.throws(() => checkRoundTrip(v, decodeMessage(encodeMessage(v))), { instanceOf: NotPlainError })!.message;
  t.regex(bad({ e: new Error('x') }), /at \$\.e: an instance of Error/);
  t.regex(bad({ m: new Map() }), /an instance of Map/);
  t.regex(bad({ f: () => 1 }), /a function/);
  t.regex(bad({ n: NaN }), /non-finite/);
  t.regex(bad({ a: [undefined] }), /undefined element 0/);
  t.regex(bad({ d: new Date(0) }), /an instance of Date/);
});
