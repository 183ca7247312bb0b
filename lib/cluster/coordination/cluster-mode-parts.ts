/**
 * Everything a node needs only in cluster mode (docs/cluster.md): etcd coordination (etcd3 and
 * gRPC, about 150 CommonJS modules), the transport and the routed shard clients. `startNode`
 * imports this module only when `discovery.etcd.endpoints` is set, so a single node neither
 * loads nor holds them (issue 14: a third of the start time and ~20 MB of RSS).
 */
export { EtcdCoordination } from './etcd-coordination.js';
export { TransportClient } from '../../transport/transport-client.js';
export { FaultyTransportClient } from '../../transport/fault-injection.js';
export { TransportServer } from '../../transport/transport-server.js';
export { localActions } from '../../transport/actions.js';
export { remoteNodes, valueAction } from '../../transport/remote-nodes.js';
export { nodeLevelActions } from '../../action/nodes/node-actions.js';
export { routedSearchClient, routedShardHandler } from '../../transport/routed-clients.js';
export { MASTER_TASK_ACTION, STATE_APPLIED_ACTION, masterTaskHandler, stateAppliedHandler } from '../../action/master-task.js';
export { masterTasks } from '../../action/master-tasks.js';
export { PrimaryReplication } from '../replication/primary-replication.js';
export { ReplicaSide } from '../replication/replica-side.js';
export { RecoverySource } from '../replication/recovery-source.js';
export { SyncedFlush } from '../replication/synced-flush.js';
export { DelayedReroute } from '../allocation/delayed-reroute.js';
