/**
 * A replica is active only once it is started and in sync (lib/cluster/state.ts replicaActive).
 * Strata starts a recovered copy before replaying the writes made during its copy, and adds it to
 * the in-sync set after; in that window the copy must look as ES shows a recovering copy:
 * INITIALIZING in the routing table (`_cat/shards`, `_cluster/state`), not counted active by
 * health (so `wait_for_status=green` means every copy can be read), and never a read target.
 * A CI run read such a copy with `preference=_only_nodes` right after health said green, and
 * was refused.
 */
import test from 'ava';
import { clusterHealth } from '../../lib/cluster/health.js';
import { shardRoutings } from '../../lib/cluster/routing-table.js';
import { orderCopies } from '../../lib/cluster/copy-preference.js';
import type { ClusterState } from '../../lib/cluster/state.js';
import { oneShardWithReplica } from '../helpers/one-shard-state.js';

/** One shard, primary on `a`, a started replica on `b`; `inSync` says whether the replica joined the in-sync set. */
function withReplica(inSync: boolean): ClusterState {
  return oneShardWithReplica({ replicaState: 'STARTED', inSync: inSync ? ['P', 'R'] : ['P'], nodes: true });
}

/** The replica's row of the routing table (`_cat/shards`, `_cluster/state`). */
const replicaRow = (s: ClusterState) => shardRoutings(s.indices.i!, 'a')[0]!.find((r) => !r.primary)!;

/** The nodes a read with `preference` tries, in order. */
const readTargets = (s: ClusterState, preference: string): string[] => orderCopies(s.indices.i!.routing![0]!, { index: 'i', shard: 0 }, preference, 'a', s.nodes!, 0);

test('a started replica not yet in sync is initializing to health and the routing table, and is not read', (t) => {
  const s = withReplica(false);
  const h = clusterHealth(s, ['i'], 2, true);
  t.is(h.status, 'yellow');
  t.is(h.activeShards, 1);
  t.is(h.initializingShards, 1);
  t.is(h.unassignedShards, 0);
  t.deepEqual(h.indices.i!.shards!['0'], { status: 'yellow', primary_active: true, active_shards: 1, relocating_shards: 0, initializing_shards: 1, unassigned_shards: 0 });
  const replica = replicaRow(s);
  t.is(replica.state, 'INITIALIZING');
  t.is(replica.node, 'b');
  t.deepEqual(replica.recovery_source, { type: 'PEER' });
  t.deepEqual(readTargets(s, '_replica'), []);
  t.throws(() => readTargets(s, '_only_nodes:b'), { message: 'no data nodes with critera [b] found for shard: [i][0]' });
});

test('once in sync the replica is active everywhere: green, STARTED, and read', (t) => {
  const s = withReplica(true);
  const h = clusterHealth(s, ['i'], 2, false);
  t.is(h.status, 'green');
  t.is(h.activeShards, 2);
  t.is(h.initializingShards, 0);
  const replica = replicaRow(s);
  t.is(replica.state, 'STARTED');
  t.is(replica.recovery_source, undefined);
  t.deepEqual(readTargets(s, '_only_nodes:b'), ['b']);
});
