/**
 * A primary's side of peer recovery (ES 5.6 `RecoverySourceHandler`, by keyspace instead of
 * files): when the cluster state gives one of this node's started primaries an INITIALIZING
 * replica, the primary flushes, then — under the shard's write lock, for an instant — takes a
 * LevelDB snapshot of its store and starts keeping the op-log records of every later write for
 * that replica. A target whose own store carries the sync id of the primary's commit (a synced
 * flush, no write on either copy since: the same documents) keeps it, and nothing is copied. Writes go on while the snapshot is streamed to the replica's node in chunks
 * (throttled by `indices.recovery.max_bytes_per_sec`). Then, under the lock again, it marks the
 * replica STARTED and in sync in the cluster state and sends it the records written since the
 * snapshot (the replica has opened from the copy by then), before the next write can run: that
 * write already replicates to it, and nothing acknowledged falls between the copy and the
 * replication. A failed attempt is retried after a second.
 */
import type { ClusterService } from '../cluster-service.js';
import type { ClusterState } from '../state.js';
import type { IndicesService } from '../../indices/indices-service.js';
import type { Logger } from '../../indices/index-service.js';
import type { TransportClient } from '../../transport/transport-client.js';
import type { PrimaryReplication } from './primary-replication.js';
import { RECOVERY_CHUNK_ACTION, RECOVERY_FINISH_ACTION, RECOVERY_START_ACTION, assignmentOf, callNode, failReplica, markReplicaInSync, markReplicaStarted, refreshCopyOn } from './shard-copies.js';
import { esErrorOf } from '../../messages/shard-error.js';

/** Bytes of keys and values sent per chunk. */
const CHUNK_BYTES = 4 * 1024 * 1024;
const RETRY_MS = 1000;
/** Op-log records per `replica:write` when the copy catches up on the writes made during it. */
const CATCH_UP_RECORDS = 256;

export interface RecoverySourceDeps {
  nodeId: string;
  cluster: ClusterService;
  indices: IndicesService;
  transport: TransportClient;
  replication: PrimaryReplication;
  logger: Logger;
  /** `indices.recovery.max_bytes_per_sec` in bytes (0 or absent: unthrottled). */
  maxBytesPerSec?(): number;
}

export class RecoverySource {
  /** Replica allocation ids being recovered from this node. */
  private readonly running = new Set<string>();
  /** Started replicas not in sync being failed out (one state update each). */
  private readonly failing = new Set<string>();
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
          // STARTED but not in sync, and no catch-up of this node will ever finish it (the writes
          // of its copy were recorded by a primary that died or restarted): fail it, as ES fails
          // such a copy, so a fresh one is recovered instead of one never read from nor promoted
          else if (r.state === 'STARTED' && !a.inSync.includes(r.allocationId) && !this.running.has(r.allocationId)) this.failStale(meta.name, shard, a.primaryTerm, r.allocationId);
        }
      });
    }
  }

  close(): void {
    this.closed = true;
  }

  private failStale(index: string, shard: number, term: number, allocationId: string): void {
    if (this.failing.has(allocationId)) return;
    this.failing.add(allocationId);
    void this.deps.cluster
      .submit((s) => failReplica(s, index, shard, this.deps.nodeId, term, allocationId))
      .then(
        () => this.deps.logger.info(`[${index}][${shard}] failed replica [${allocationId}]: started, not in sync, and no recovery of this primary to finish it`),
        (err: unknown) => this.deps.logger.warn(`[${index}][${shard}] failing the stale replica [${allocationId}] failed: ${(err as Error).message}`),
      )
      .finally(() => this.failing.delete(allocationId));
  }

  private start(index: string, shard: number, allocationId: string): void {
    this.running.add(allocationId);
    // after the state being applied is current (the listener runs before it is)
    setImmediate(() => {
      void this.recover(index, shard, allocationId).then(
        () => this.running.delete(allocationId),
        (err: unknown) => {
          this.deps.replication.dropRecording(index, shard, allocationId);
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
    const { replication } = this.deps;
    const started = Date.now();
    const engine = this.deps.indices.get(index)!.shard(shard);
    // outside the lock: the copy then carries fewer op-log records to replay
    await engine.flush();
    // the target keeps its own store when it carries the sync id of this primary's commit
    const syncId = engine.syncId();
    const answer = (await callNode(this.deps.transport, target, RECOVERY_START_ACTION, { index, shard, allocationId, sourceNode: this.deps.nodeId, ...(syncId !== undefined ? { syncId } : {}) })) as { reused?: boolean };
    const reused = answer.reused === true;
    const lock = replication.lock(index, shard);
    // every write before this point is in the snapshot (or, reused, in the target's store), every write after it in the recording
    const scan = await lock.run(async () => {
      if (reused) {
        // a write since the target compared ids is in neither: start again (the next attempt copies)
        if (engine.syncId() !== syncId) throw new Error('the shard was written to while the recovery started; copying instead of reusing the target\'s store');
        replication.startRecording(index, shard, allocationId);
        return undefined;
      }
      const snapshot = engine.snapshotStore();
      replication.startRecording(index, shard, allocationId);
      return snapshot;
    });
    const rate = this.deps.maxBytesPerSec?.() ?? 0;
    const chunkBytes = rate > 0 ? Math.max(1024, Math.min(CHUNK_BYTES, Math.floor(rate / 10))) : CHUNK_BYTES;
    let keys: Buffer[] = [];
    let values: Buffer[] = [];
    let bytes = 0;
    let total = 0;
    const send = async (): Promise<void> => {
      // the writes kept meanwhile outgrew their bound: this attempt ends, the next one snapshots afresh
      replication.checkRecording(index, shard, allocationId);
      if (keys.length === 0) return;
      await callNode(this.deps.transport, target, RECOVERY_CHUNK_ACTION, { allocationId, keys, values });
      keys = [];
      values = [];
      bytes = 0;
      // ES's recovery rate limiter: no faster than `indices.recovery.max_bytes_per_sec` on average
      if (rate > 0) await sleep(started + (total * 1000) / rate - Date.now());
    };
    await scan?.(async (k, v) => {
      keys.push(k);
      values.push(v);
      bytes += k.length + v.length;
      total += k.length + v.length;
      if (bytes >= chunkBytes) await send();
    });
    await send();
    await callNode(this.deps.transport, target, RECOVERY_FINISH_ACTION, { allocationId });
    const caughtUp = await lock.run(async () => {
      const records = replication.stopRecording(index, shard, allocationId);
      const submit = (update: typeof markReplicaStarted): Promise<unknown> => this.deps.cluster.submit((s) => update(s, index, shard, this.deps.nodeId, a.primaryTerm, allocationId));
      try {
        // STARTED, so it opens and takes writes; in sync (read from, promotable) only once it has
        // every acknowledged write: the operations written during the copy, replayed under the
        // lock before any later write, as ES's translog phase runs before the copy is marked in sync
        await submit(markReplicaStarted);
        for (let i = 0; i < records.length; i += CATCH_UP_RECORDS) {
          if ((await replication.replicateTo(index, shard, a.primaryTerm, allocationId, records.slice(i, i + CATCH_UP_RECORDS))) === 0) return -1;
        }
        // ES's recovery finalization refreshes the copy: what it replayed is visible before it is read from
        const refreshed = await refreshCopyOn(this.deps.transport, target, index, shard);
        if ('error' in refreshed) throw esErrorOf(refreshed.error);
        await submit(markReplicaInSync);
      } catch (err) {
        // whatever the state now says, this copy may lack writes of the copy: fail it, a fresh one is allocated
        await submit(failReplica).catch(() => undefined);
        throw err;
      }
      return records.length;
    });
    if (caughtUp < 0) throw new Error(`the replica failed the operations written during the copy`);
    this.deps.logger.info(`[${index}][${shard}] recovered replica [${allocationId}] on [${target.name}]: ${reused ? 'its own store reused (same sync id), ' : ''}${total} bytes in ${Date.now() - started} ms, then ${caughtUp} op-log records written meanwhile`);
  }
}

function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve();
}
