/**
 * A read that gets a shard failure from one copy tries the next copy, as ES 5.6's
 * `TransportSingleShardAction` (get) and the search's `onShardFailure` do, beside the copies of
 * a node that cannot be reached (lib/transport/routed-clients.ts): get, multi-get and a search's
 * reader context on a shard whose replica fails the read, through a transport whose answers the
 * test decides. When every copy fails, the last copy's failure is the answer; a cancelled task is
 * not tried again elsewhere.
 */
import test from 'ava';
import { routedSearchClient, routedShardHandler, type RoutingDeps } from '../../lib/transport/routed-clients.js';
import { SEARCH_METHOD_WIRES, SHARD_METHOD_WIRES } from '../../lib/messages/wire-methods.js';
import { emptyState, type ClusterNodeInfo, type ClusterState } from '../../lib/cluster/state.js';
import type { ShardError } from '../../lib/messages/shard-error.js';
import type { ShardHandler } from '../../lib/messages/shard-client.js';
import type { OpenContextRequest, ShardSearchClient } from '../../lib/messages/shard-search.js';
import type { TransportClient } from '../../lib/transport/transport-client.js';

function cluster(): ClusterState {
  const s = emptyState('u');
  const node = (id: string, port: number) => ({ id, name: `node-${id}`, host: '127.0.0.1', transportPort: port, httpPort: 0, roles: ['data'], attributes: {} }) as unknown as ClusterNodeInfo;
  s.nodes = { a: node('a', 1), b: node('b', 2), c: node('c', 3) };
  // primary on a, an in-sync replica on b; this node (c) holds no copy
  const routing = [{ node: 'a', state: 'STARTED' as const, primaryTerm: 1, inSync: ['pa', 'rb'], allocationId: 'pa', replicas: [{ node: 'b', state: 'STARTED' as const, allocationId: 'rb' }] }];
  s.indices['p'] = { name: 'p', uuid: 'uuid-p', state: 'open', settings: { 'index.number_of_shards': '1', 'index.number_of_replicas': '1' }, mappings: {}, aliases: {}, mappingVersion: 1, routing };
  return s;
}

const closed: ShardError = { type: 'illegal_index_shard_state_exception', status: 500, reason: 'CurrentState[CLOSED] operation only allowed when started/recovering', metadata: { shard: '0', index: 'p' } };

/** Routing over a transport answering per node: `answers[node](action)` gives the encoded reply. */
function routing(answers: Record<string, (action: string) => Uint8Array>, asked: string[]): RoutingDeps {
  const state = cluster();
  const transport = {
    async request(to: { id: string }, action: string): Promise<Uint8Array> {
      asked.push(`${to.id} ${action}`);
      return answers[to.id]!(action);
    },
  } as unknown as TransportClient;
  return { nodeId: 'c', state: () => state, transport, whenVersion: async () => undefined, nextSeed: () => 0 };
}

const noLocal = { handle: async () => { throw new Error('no copy here'); } } as unknown as ShardHandler;

test('a get whose first copy fails the read is answered by the next copy', async (t) => {
  const asked: string[] = [];
  const deps = routing(
    {
      b: () => SHARD_METHOD_WIRES.get.res.encode({ error: closed }),
      a: () => SHARD_METHOD_WIRES.get.res.encode({ ok: { doc: null } }),
    },
    asked,
  );
  const handler = routedShardHandler(noLocal, deps);
  const reply = await handler.handle('get', { index: 'p', shard: 0, id: '1', realtime: true, refresh: false, preference: '_replica_first' });
  t.deepEqual(reply, { ok: { doc: null } });
  t.deepEqual(asked, ['b shard:get', 'a shard:get']);
  // only the replica, and it fails: its failure is the answer
  asked.length = 0;
  const only = await handler.handle('get', { index: 'p', shard: 0, id: '1', realtime: true, refresh: false, preference: '_replica' });
  t.like(only, { error: { type: 'illegal_index_shard_state_exception' } });
  t.deepEqual(asked, ['b shard:get']);
});

test("every copy failing: the last copy's failure is the answer; a cancelled task stops at the first copy", async (t) => {
  const asked: string[] = [];
  const other: ShardError = { type: 'shard_not_found_exception', status: 404, reason: 'no such shard', metadata: { shard: '0', index: 'p' } };
  const deps = routing({ b: () => SHARD_METHOD_WIRES.multiGet.res.encode({ error: closed }), a: () => SHARD_METHOD_WIRES.multiGet.res.encode({ error: other }) }, asked);
  const reply = await routedShardHandler(noLocal, deps).handle('multiGet', { index: 'p', shard: 0, items: [], realtime: true, refresh: false, preference: '_replica_first' } as never);
  t.like(reply, { error: { type: 'shard_not_found_exception' } });
  t.deepEqual(asked, ['b shard:multiGet', 'a shard:multiGet']);
  asked.length = 0;
  const cancelled: ShardError = { type: 'task_cancelled_exception', status: 500, reason: 'cancelled' };
  const stop = routing({ b: () => SHARD_METHOD_WIRES.get.res.encode({ error: cancelled }), a: () => SHARD_METHOD_WIRES.get.res.encode({ ok: { doc: null } }) }, asked);
  t.like(await routedShardHandler(noLocal, stop).handle('get', { index: 'p', shard: 0, id: '1', realtime: true, refresh: false, preference: '_replica_first' }), { error: { type: 'task_cancelled_exception' } });
  t.deepEqual(asked, ['b shard:get']);
});

test("a search's reader context opens on the next copy when the first fails", async (t) => {
  const asked: string[] = [];
  const deps = routing(
    {
      a: () => SEARCH_METHOD_WIRES.openContext.res.encode({ failure: closed }),
      b: () => SEARCH_METHOD_WIRES.openContext.res.encode({ ok: { contextId: 'b:7' } }),
    },
    asked,
  );
  const client = routedSearchClient({} as ShardSearchClient, deps);
  const req = { index: 'p', shard: 0, shardIndex: 0, requestShards: 1, nowMs: 0, indexBoost: 1, source: { types: [], from: 0, size: 10, trackScores: false, version: false, explain: false, searchType: 'query_then_fetch', docvalueFields: [], scroll: false, keepAllHits: false }, keepAliveMs: 1000, preference: '_primary_first' } as unknown as OpenContextRequest;
  t.deepEqual(await client.openContext(req), { ok: { contextId: 'b:7' } });
  t.deepEqual(asked, ['a search:openContext', 'b search:openContext']);
});
