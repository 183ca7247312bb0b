/**
 * A cluster state of one index `i` with one shard: its primary (allocation id `P`) on node `a`
 * and one replica (`R`) on node `b`, for the pure tests of routing, health and recovery.
 */
import { emptyState, type ClusterNodeInfo, type ClusterState, type IndexMetadata } from '../../lib/cluster/state.js';

function dataNode(id: string): ClusterNodeInfo {
  return { id, name: id, host: '127.0.0.1', transportPort: 9300, httpPort: 9200, master: true, data: true, attributes: {} };
}

export function oneShardWithReplica(o: { replicaState: 'STARTED' | 'INITIALIZING'; inSync: string[]; primaryTerm?: number; nodes?: boolean }): ClusterState {
  const meta: IndexMetadata = {
    name: 'i',
    uuid: 'i-uuid',
    state: 'open',
    settings: { 'index.number_of_shards': '1', 'index.number_of_replicas': '1' },
    mappings: {},
    aliases: {},
    mappingVersion: 1,
    routing: [{ node: 'a', state: 'STARTED', primaryTerm: o.primaryTerm ?? 1, inSync: o.inSync, allocationId: 'P', replicas: [{ node: 'b', state: o.replicaState, allocationId: 'R' }] }],
  };
  return { ...emptyState('u'), ...(o.nodes ? { nodes: { a: dataNode('a'), b: dataNode('b') } } : {}), indices: { i: meta } };
}
