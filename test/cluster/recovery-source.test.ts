/**
 * The recovery source's state listener (lib/cluster/replication/recovery-source.ts): a STARTED
 * replica that is not in sync and has no recovery of this primary running — its catch-up was
 * recorded by a primary that died or restarted — is failed out through the cluster state, so a
 * fresh copy is recovered instead of one that would never be read from nor promoted.
 */
import test from 'ava';
import { RecoverySource, type RecoverySourceDeps } from '../../lib/cluster/replication/recovery-source.js';
import type { ClusterState } from '../../lib/cluster/state.js';
import { oneShardWithReplica } from '../helpers/one-shard-state.js';

function stateWith(replicaState: 'STARTED' | 'INITIALIZING', inSync: string[]): ClusterState {
  return oneShardWithReplica({ replicaState, inSync, primaryTerm: 2 });
}

function source(initial: ClusterState): { rs: RecoverySource; current: () => ClusterState; logs: string[] } {
  let current = initial;
  const logs: string[] = [];
  const cluster = {
    state: () => current,
    submit: async (update: (s: ClusterState) => ClusterState) => (current = update(current)),
  };
  const logger = { info: (m: string) => logs.push(m), warn: (m: string) => logs.push(m), error: (m: string) => logs.push(m) };
  const deps = { nodeId: 'a', cluster, logger } as unknown as RecoverySourceDeps;
  return { rs: new RecoverySource(deps), current: () => current, logs };
}

test('a started replica out of sync with no recovery running here is failed out; an in-sync one stays', async (t) => {
  const stale = source(stateWith('STARTED', ['P']));
  stale.rs.onState(stale.current());
  for (let i = 0; i < 20 && stale.current().indices.i!.routing![0]!.replicas!.length > 0; i++) await new Promise((r) => setTimeout(r, 5));
  await new Promise((r) => setTimeout(r, 5));
  t.deepEqual(stale.current().indices.i!.routing![0]!.replicas ?? [], []);
  t.deepEqual(stale.current().indices.i!.routing![0]!.inSync, ['P']);
  t.true(stale.logs.some((l) => l.includes('failed replica [R]')));

  const synced = source(stateWith('STARTED', ['P', 'R']));
  synced.rs.onState(synced.current());
  await new Promise((r) => setTimeout(r, 20));
  t.is(synced.current().indices.i!.routing![0]!.replicas!.length, 1);
  t.deepEqual(synced.logs, []);
});
