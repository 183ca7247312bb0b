/**
 * What a node keeps per shard for replication is dropped with the index: the primary's shard
 * locks and recordings (lib/cluster/replication/primary-replication.ts) and the replica side's
 * recoveries, finished or under way (replica-side.ts), once a state without the index (or with
 * it closed, or re-created under a new uuid) is applied.
 */
import test from 'ava';
import { PrimaryReplication } from '../../lib/cluster/replication/primary-replication.js';
import { ReplicaSide } from '../../lib/cluster/replication/replica-side.js';
import { RECOVERY_CHUNK_ACTION, RECOVERY_FINISH_ACTION, RECOVERY_START_ACTION } from '../../lib/cluster/replication/shard-copies.js';
import { emptyState, type ClusterState, type IndexMetadata } from '../../lib/cluster/state.js';
import { MemoryVolume } from '../../storage/store-volume.js';
import { metaKey } from '../../storage/keyspace.js';
import type { ClusterService } from '../../lib/cluster/cluster-service.js';
import type { IndicesService } from '../../lib/indices/indices-service.js';
import type { Logger } from '../../lib/indices/index-service.js';
import type { TransportClient } from '../../lib/transport/transport-client.js';
import { wireType } from '../../lib/messages/wire.js';

const quiet = { info() {}, warn() {}, error() {}, debug() {} } as unknown as Logger;
const VALUE = wireType<unknown>('Value');

function withIndex(name: string, uuid: string, routing: IndexMetadata['routing']): ClusterState {
  const s = emptyState('u');
  s.indices[name] = { name, uuid, state: 'open', settings: { 'index.number_of_shards': '2', 'index.number_of_replicas': '1' }, mappings: {}, aliases: {}, mappingVersion: 1, routing };
  return s;
}

test('a primary drops the locks and recordings of a deleted, closed or re-created index', (t) => {
  let state = withIndex('i', 'uuid-1', undefined);
  const repl = new PrimaryReplication({ nodeId: 'n', cluster: { state: () => state } as unknown as ClusterService, transport: {} as TransportClient, logger: quiet });
  repl.lock('i', 0);
  repl.lock('i', 1);
  repl.startRecording('i', 1, 'r1');
  t.is(repl.trackedShards, 2);
  repl.forgetRemoved(state);
  t.is(repl.trackedShards, 2, 'kept while the index lives');
  state = { ...state, indices: { i: { ...state.indices['i']!, state: 'close' } } };
  repl.forgetRemoved(state);
  t.is(repl.trackedShards, 0, 'dropped once it is closed');
  t.deepEqual(repl.stopRecording('i', 1, 'r1'), []);

  state = withIndex('i', 'uuid-1', undefined);
  repl.lock('i', 0);
  state = withIndex('i', 'uuid-2', undefined); // deleted and created again
  repl.forgetRemoved(state);
  t.is(repl.trackedShards, 0);
  repl.lock('i', 0);
  repl.forgetRemoved(emptyState('u'));
  t.is(repl.trackedShards, 0, 'dropped once it is deleted');
});

test('a replica side drops the recoveries of a deleted index, finished or under way', async (t) => {
  const routing = [0, 1].map((s) => ({ node: 'p', state: 'STARTED' as const, primaryTerm: 1, inSync: [`p${s}`], replicas: [{ node: 'n', state: 'INITIALIZING' as const, allocationId: `r${s}` }] }));
  let state = withIndex('i', 'uuid-1', routing);
  const volume = new MemoryVolume();
  const svc = { uuid: 'uuid-1', path: '/mem/i', volume, localShards: () => new Set<number>(), shardPath: (s: number) => `/mem/i/${s}` };
  const side = new ReplicaSide({
    nodeId: 'n',
    cluster: { state: () => state } as unknown as ClusterService,
    indices: { get: (name: string) => (name === 'i' ? svc : undefined) } as unknown as IndicesService,
    logger: quiet,
  });
  t.teardown(() => side.close());
  const actions = side.actions();
  const call = async (action: string, body: unknown): Promise<unknown> => VALUE.decode(await actions.get(action)!(VALUE.encode(body)));
  // shard 0 recovered in full, shard 1 still copying
  await call(RECOVERY_START_ACTION, { index: 'i', shard: 0, allocationId: 'r0', sourceNode: 'p' });
  await call(RECOVERY_CHUNK_ACTION, { allocationId: 'r0', keys: [metaKey('formats')], values: [Buffer.from('{}')] });
  await call(RECOVERY_FINISH_ACTION, { allocationId: 'r0' });
  await call(RECOVERY_START_ACTION, { index: 'i', shard: 1, allocationId: 'r1', sourceNode: 'p' });
  t.is(side.list(['i']).length, 1);
  t.is(side.trackedRecoveries, 2);
  await side.forgetRemoved(state);
  t.is(side.trackedRecoveries, 2, 'kept while the index lives');
  state = emptyState('u');
  await side.forgetRemoved(state);
  t.is(side.trackedRecoveries, 0);
});
