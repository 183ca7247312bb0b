/**
 * A primary's side of peer recovery (ES 5.6 `RecoverySourceHandler`, by keyspace instead of
 * files): when the cluster state gives one of this node's started primaries an INITIALIZING
 * replica, the primary takes the shard's write lock (no write runs while the copy is made, so
 * nothing acknowledged can fall between the copy and the replication that follows), flushes,
 * streams every key of its store from one LevelDB snapshot to the replica's node in chunks,
 * and marks the replica STARTED and in sync in the cluster state before releasing the lock:
 * the next write already replicates to it. A failed attempt is retried after a second.
 */
import type { ClusterService } from '../cluster-service.js';
import type { ClusterState } from '../state.js';
import type { IndicesService } from '../../indices/indices-service.js';
import type { Logger } from '../../indices/index-service.js';
import type { TransportClient } from '../../transport/transport-client.js';
import type { PrimaryReplication } from './primary-replication.js';
import { RECOVERY_CHUNK_ACTION, RECOVERY_FINISH_ACTION, RECOVERY_START_ACTION, assignmentOf, callNode, markReplicaStarted } from './shard-copies.js';

/** Bytes of keys and values sent per chunk. */
const CHUNK_BYTES = 4 * 1024 * 1024;
const RETRY_MS = 1000;

export interface RecoverySourceDeps {
  nodeId: string;
  cluster: ClusterService;
  indices: IndicesService;
  transport: TransportClient;
  replication: PrimaryReplication;
  logger: Logger;
}

export class RecoverySource {
  /** Replica allocation ids being recovered from this node. */
  private readonly running = new Set<string>();
  private closed = false;

  constructor(private readonly deps: RecoverySourceDeps) {}

  /** Start a recovery for every initializing replica of this node's started primaries (a state listener; never waits for them). */
  onState(state: ClusterState): void {
    if (this.closed) return;
    for (const meta of Object.values(state.indices)) {
      if (meta.state !== 'open') continue;
      (meta.routing ?? []).forEach((a, shard) => {
        if (a.node !== this.deps.nodeId || a.state !== 'STARTED') return;
        for (const r of a.replicas ?? []) {
          if (r.state === 'INITIALIZING' && !this.running.has(r.allocationId)) this.start(meta.name, shard, r.allocationId);
        }
      });
    }
  }

  close(): void {
    this.closed = true;
  }

  private start(index: string, shard: number, allocationId: string): void {
    this.running.add(allocationId);
    // after the state being applied is current (the listener runs before it is)
    setImmediate(() => {
      void this.deps.replication
        .lock(index, shard)
        .run(() => this.recover(index, shard, allocationId))
        .then(
          () => this.running.delete(allocationId),
          (err: unknown) => {
            this.deps.logger.warn(`[${index}][${shard}] peer recovery of replica [${allocationId}] failed: ${(err as Error).message}; retrying`);
            setTimeout(() => {
              this.running.delete(allocationId);
              this.onState(this.deps.cluster.state());
            }, RETRY_MS).unref();
          },
        );
    });
  }

  private async recover(index: string, shard: number, allocationId: string): Promise<void> {
    const state = this.deps.cluster.state();
    const a = assignmentOf(state, index, shard);
    const replica = a?.replicas?.find((r) => r.allocationId === allocationId && r.state === 'INITIALIZING');
    if (!a || a.node !== this.deps.nodeId || a.state !== 'STARTED' || !replica) return; // the state moved on
    const target = state.nodes?.[replica.node];
    if (!target) return;
    const started = Date.now();
    const engine = this.deps.indices.get(index)!.shard(shard);
    await engine.flush();
    await callNode(this.deps.transport, target, RECOVERY_START_ACTION, { index, shard, allocationId, sourceNode: this.deps.nodeId });
    let keys: Buffer[] = [];
    let values: Buffer[] = [];
    let bytes = 0;
    let total = 0;
    const send = async (): Promise<void> => {
      if (keys.length === 0) return;
      await callNode(this.deps.transport, target, RECOVERY_CHUNK_ACTION, { allocationId, keys, values });
      keys = [];
      values = [];
      bytes = 0;
    };
    await engine.scanStore(async (k, v) => {
      keys.push(k);
      values.push(v);
      bytes += k.length + v.length;
      total += k.length + v.length;
      if (bytes >= CHUNK_BYTES) await send();
    });
    await send();
    await callNode(this.deps.transport, target, RECOVERY_FINISH_ACTION, { allocationId });
    await this.deps.cluster.submit((s) => markReplicaStarted(s, index, shard, this.deps.nodeId, a.primaryTerm, allocationId));
    this.deps.logger.info(`[${index}][${shard}] recovered replica [${allocationId}] on [${target.name}]: ${total} bytes in ${Date.now() - started} ms`);
  }
}
