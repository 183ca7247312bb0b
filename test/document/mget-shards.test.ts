/**
 * `_mget` reaches each shard with one message for all of its items (ES 5.6
 * `TransportMultiGetAction` → `MultiGetShardRequest`), never one message per document; items
 * that fail on the coordinator (a missing index, a version conflict) answer their own error
 * beside the others, in request order. Runs through the protobuf client, so the per-shard
 * message also crosses its schema.
 */
import test from 'ava';
import { startTestNode, ndjson, type TestNode } from '../helpers/node.js';
import type { ShardMethod } from '../../lib/messages/shard-client.js';

let node: TestNode;
const calls: Array<{ method: ShardMethod; req: unknown }> = [];

test.before(async () => {
  node = await startTestNode({ shardClientMode: 'protobuf' });
  const client = node.node.context.indices.client as unknown as Record<ShardMethod, (req: unknown) => Promise<unknown>>;
  for (const method of ['get', 'multiGet'] as const) {
    const inner = client[method];
    client[method] = (req) => (calls.push({ method, req }), inner(req));
  }
  const lines: unknown[] = [];
  for (let i = 0; i < 12; i++) lines.push({ index: { _index: 'm', _type: 't', _id: String(i) } }, { n: i });
  const r = await node.request('POST', '/_bulk?refresh=true', ndjson([{ index: { _index: 'one', _type: 't', _id: 'a', routing: 'r' } }, { n: -1 }, ...lines]));
  if (r.body.errors) throw new Error(r.text);
});

test.after.always(async () => {
  await node?.close();
});

test.serial('one shard message per shard, answers in request order with per-item errors', async (t) => {
  calls.length = 0;
  const ids = ['3', '7', 'missing', '0', '11', '5'];
  const r = await node.request('POST', '/_mget', {
    docs: [
      ...ids.map((id) => ({ _index: 'm', _type: 't', _id: id })),
      { _index: 'nope', _type: 't', _id: '1' },
      { _index: 'm', _type: 't', _id: '3', _version: 2 },
      { _index: 'one', _type: 't', _id: 'a', routing: 'r', _source: false },
    ],
  });
  t.is(r.status, 200);
  const docs = r.body.docs as Array<Record<string, unknown>>;
  t.deepEqual(docs.slice(0, 6).map((d) => [d['_id'], d['found'], (d['_source'] as { n?: number } | undefined)?.n]), [['3', true, 3], ['7', true, 7], ['missing', false, undefined], ['0', true, 0], ['11', true, 11], ['5', true, 5]]);
  t.like(docs[6], { _index: 'nope', _type: 't', _id: '1', error: { type: 'index_not_found_exception', index: 'nope' } });
  t.like(docs[7], { _index: 'm', _id: '3', error: { type: 'version_conflict_engine_exception' } });
  t.deepEqual(docs[8], { _index: 'one', _type: 't', _id: 'a', _version: 1, _routing: 'r', found: true });
  t.is(calls.filter((c) => c.method === 'get').length, 0);
  const shardCalls = calls.map((c) => c.req as { index: string; shard: number; items: unknown[] });
  const shards = new Set(shardCalls.map((c) => `${c.index}/${c.shard}`));
  t.is(shards.size, shardCalls.length, 'each shard reached once');
  t.is(shardCalls.reduce((n, c) => n + c.items.length, 0), 9 - 1, 'every item but the one of a missing index');
  t.true(shardCalls.some((c) => c.items.length > 1), 'items of one shard travel together');
});

test.serial('a single get still sends one get message', async (t) => {
  calls.length = 0;
  const r = await node.request('GET', '/m/t/4');
  t.is(r.body._source.n, 4);
  t.deepEqual(calls.map((c) => c.method), ['get']);
});
