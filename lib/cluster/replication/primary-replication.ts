/**
 * A primary's side of replication (ES 5.6 `ReplicationOperation`, simplified): a write to a
 * shard whose primary this node holds runs under that shard's lock (one write at a time per
 * shard, so its op-log records leave in seq-no order), then its records go to every STARTED
 * replica of the current state, tagged with the primary term. The write is answered only when
 * each replica applied them, or was failed out of the in-sync set through the cluster state
 * (a compare-and-set that only a primary still current in its term can make). A replica that
 * knows a newer term, or a state in which this node is no longer the primary, means this
 * primary was demoted: the write fails (`retry_on_primary_exception`), never acknowledged.
 */
import type { ClusterService } from '../cluster-service.js';
import { replicaActive, type ClusterNodeInfo, type ClusterState } from '../state.js';
import { notEnoughActiveCopies, type ActiveCopiesWait, type PrimaryWrites } from '../../indices/shard-host.js';
import type { Logger } from '../../indices/index-service.js';
import type { TransportClient } from '../../transport/transport-client.js';
import { Mutex } from '../../shard/mutex.js';
import { EsError } from '../../errors/errors.js';
import { REPLICA_WRITE_ACTION, assignmentOf, callNode, demoted, failReplica, shardMethodOn } from './shard-copies.js';
import type { ShardMethods, ShardReply } from '../../messages/shard-client.js';

export interface ReplicationDeps {
  nodeId: string;
  cluster: ClusterService;
  transport: TransportClient;
  logger: Logger;
  /** Bytes of op-log records kept per recovery before it is failed (default {@link MAX_RECORDING_BYTES}). */
  maxRecordingBytes?: number;
}

/**
 * Bytes of op-log records a primary keeps for one peer recovery while its copy streams (the
 * writes made meanwhile, sent when the copy is done). Past it the attempt fails and starts again
 * from a fresh snapshot, which holds those writes: memory stays bounded however long a
 * throttled copy takes under heavy writes. ES keeps them in the translog, on disk.
 */
export const MAX_RECORDING_BYTES = 64 * 1024 * 1024;

/** The records kept for one recovery, and whether they outgrew the bound (then they are dropped). */
interface Recording {
  records: Buffer[];
  bytes: number;
  overflowed: boolean;
}

/** What a replica answers a `replica:write`. */
export type ReplicaWriteAnswer = { ok: true } | { error: { type: string; reason: string }; currentTerm?: number };

export class PrimaryReplication implements PrimaryWrites {
  /** One lock per shard copy this node wrote as primary (by index uuid and shard). */
  private readonly locks = new Map<string, Mutex>();
  /**
   * Peer recoveries under way from this node's primaries (by index uuid and shard, then the
   * replica's allocation id): the op-log records written since the recovery's snapshot, which
   * the recovery sends once the copy is done (lib/cluster/replication/recovery-source.ts).
   */
  private readonly recovering = new Map<string, Map<string, Recording>>();

  constructor(private readonly deps: ReplicationDeps) {}

  private key(index: string, shard: number): string {
    return `${this.deps.cluster.state().indices[index]?.uuid ?? index}/${shard}`;
  }

  /** The lock serialising a shard's writes and the start and end of its peer recoveries on this primary. */
  lock(index: string, shard: number): Mutex {
    const key = this.key(index, shard);
    let m = this.locks.get(key);
    if (!m) this.locks.set(key, (m = new Mutex()));
    return m;
  }

  /**
   * Keep every op-log record the shard writes from now on for the replica `allocationId` (call
   * under the shard's lock, where the recovery takes its snapshot); {@link stopRecording} hands
   * them over. Past {@link MAX_RECORDING_BYTES} they are dropped and the recovery must start again.
   */
  startRecording(index: string, shard: number, allocationId: string): void {
    const key = this.key(index, shard);
    let m = this.recovering.get(key);
    if (!m) this.recovering.set(key, (m = new Map()));
    m.set(allocationId, { records: [], bytes: 0, overflowed: false });
  }

  /**
   * The records kept for `allocationId` since {@link startRecording} (empty when none), and stop
   * keeping them; refused (`illegal_state_exception`) when they outgrew the bound.
   */
  stopRecording(index: string, shard: number, allocationId: string): Buffer[] {
    const r = this.dropRecording(index, shard, allocationId);
    if (r?.overflowed) throw this.overflow(index, shard, allocationId);
    return r?.records ?? [];
  }

  /** Stop keeping records for `allocationId` (a failed recovery); never throws. */
  dropRecording(index: string, shard: number, allocationId: string): Recording | undefined {
    const key = this.key(index, shard);
    const m = this.recovering.get(key);
    const r = m?.get(allocationId);
    m?.delete(allocationId);
    if (m?.size === 0) this.recovering.delete(key);
    return r;
  }

  /** Throws when the recording of `allocationId` outgrew the bound (the copy checks between chunks, to stop early). */
  checkRecording(index: string, shard: number, allocationId: string): void {
    if (this.recovering.get(this.key(index, shard))?.get(allocationId)?.overflowed) throw this.overflow(index, shard, allocationId);
  }

  private overflow(index: string, shard: number, allocationId: string): EsError {
    const max = this.deps.maxRecordingBytes ?? MAX_RECORDING_BYTES;
    return new EsError('illegal_state_exception', 500, `[${index}][${shard}] the operations written during the recovery of [${allocationId}] passed ${max} bytes; starting again from a new snapshot`);
  }

  /** Keep `records` for every recovery of the shard under way; one that passes the bound drops what it kept. */
  private record(index: string, shard: number, records: Buffer[]): void {
    const m = this.recovering.get(this.key(index, shard));
    if (!m) return;
    const max = this.deps.maxRecordingBytes ?? MAX_RECORDING_BYTES;
    const bytes = records.reduce((n, r) => n + r.length, 0);
    for (const [id, r] of m) {
      if (r.overflowed) continue;
      r.bytes += bytes;
      if (r.bytes <= max) {
        r.records.push(...records);
        continue;
      }
      // the snapshot of the next attempt holds these writes: free the memory now
      r.overflowed = true;
      r.records = [];
      this.deps.logger.warn(`[${index}][${shard}] recovery of [${id}]: the writes made during the copy passed ${max} bytes; the attempt fails and starts again`);
    }
  }

  /** Drop the locks and recordings of shards whose index is gone or closed (a state listener). */
  forgetRemoved(state: ClusterState): void {
    const live = new Set(Object.values(state.indices).filter((m) => m.state === 'open').map((m) => m.uuid));
    const gone = (key: string): boolean => !live.has(key.slice(0, key.lastIndexOf('/')));
    for (const key of [...this.locks.keys()]) if (gone(key)) this.locks.delete(key);
    for (const key of [...this.recovering.keys()]) if (gone(key)) this.recovering.delete(key);
  }

  /** How many shards this node keeps a lock or a recording for (tests: nothing is kept for deleted indices). */
  get trackedShards(): number {
    return new Set([...this.locks.keys(), ...this.recovering.keys()]).size;
  }

  async write<T>(index: string, shard: number, run: (primaryTerm: number, onRecord: (record: Buffer) => void) => Promise<T>, wait?: ActiveCopiesWait): Promise<{ result: T; copies: number }> {
    if (wait) await this.awaitActiveCopies(index, shard, wait);
    return this.lock(index, shard).run(async () => {
      const term = this.primaryTerm(index, shard);
      const records: Buffer[] = [];
      let result: T;
      let copies = 1;
      try {
        result = await run(term, (r) => records.push(r));
      } finally {
        // what was written here goes to the replicas even when a later part of the write failed,
        // and is kept for the copies being recovered (they receive it when their copy is done)
        if (records.length > 0) {
          this.record(index, shard, records);
          copies += await this.replicate(index, shard, term, records);
        }
      }
      return { result, copies };
    });
  }

  /**
   * `wait_for_active_shards`: wait (outside the shard's lock) until the state shows that many
   * active copies of the shard (the primary and its replicas started and in sync, state.ts
   * replicaActive), as ES's `ReplicationOperation` checks before it writes; refused as ES when
   * `timeout` passes first.
   */
  private async awaitActiveCopies(index: string, shard: number, wait: ActiveCopiesWait): Promise<void> {
    const deadline = Date.now() + wait.timeoutMs;
    for (;;) {
      const state = this.deps.cluster.state();
      const a = assignmentOf(state, index, shard);
      const active = a && a.state === 'STARTED' ? 1 + (a.replicas ?? []).filter((r) => replicaActive(a, r)).length : 0;
      if (!a || active >= wait.activeCopies) return;
      const left = deadline - Date.now();
      if (left <= 0) throw notEnoughActiveCopies(index, shard, state.indices[index]?.uuid, wait, active);
      await this.deps.cluster.whenVersion(state.version + 1, left);
    }
  }

  /** This node's primary term for the shard; refused when the current state puts the primary elsewhere. */
  private primaryTerm(index: string, shard: number): number {
    const a = assignmentOf(this.deps.cluster.state(), index, shard);
    // no routing: an index this node cannot route; the shard side answers (index_not_found, ...)
    if (!a) return 1;
    if (a.node !== this.deps.nodeId || a.state !== 'STARTED') throw demoted(index, shard, `primary is not on this node (on [${a.node ?? 'none'}], term [${a.primaryTerm}])`);
    return a.primaryTerm;
  }

  /** Send the records to every started replica; resolves with how many applied them. */
  private async replicate(index: string, shard: number, term: number, records: Buffer[]): Promise<number> {
    const a = assignmentOf(this.deps.cluster.state(), index, shard);
    const targets = (a?.replicas ?? []).filter((r) => r.state === 'STARTED');
    const applied = await Promise.all(targets.map((r) => this.replicateTo(index, shard, term, r.allocationId, records)));
    return applied.reduce((a: number, b) => a + b, 0);
  }

  /**
   * Refresh the STARTED replicas of this node's primary `shard` as its own state lists them (the
   * copies its writes reach); nothing when the primary is elsewhere (a replica's refresh).
   */
  async refreshReplicas(index: string, shard: number): Promise<void> {
    await this.onReplicas(index, shard, 'refresh', { index, shard });
  }

  /**
   * `refresh=wait_for` on this node's primary `shard`: each STARTED replica its own state lists
   * waits until its own refresh shows what it applied, as ES 5.6's replica operation of a write
   * waits (`TransportWriteAction.WriteReplicaResult`). The primary's view, not a coordinator's:
   * a coordinator whose state lags may not list a replica the primary already wrote to and that
   * is read from once the coordinator catches up. Resolves true when any replica forced a refresh.
   */
  async waitForReplicasRefresh(index: string, shard: number, maxListeners: number): Promise<boolean> {
    const replies = await this.onReplicas(index, shard, 'waitForRefresh', { index, shard, maxListeners });
    return replies.some((r) => 'ok' in r && r.ok.forced);
  }

  /** Run `method` on every STARTED replica of this node's primary `shard` (none when the primary is elsewhere); failures are logged. */
  private async onReplicas<M extends 'refresh' | 'waitForRefresh'>(index: string, shard: number, method: M, req: ShardMethods[M]['req']): Promise<Array<ShardReply<M>>> {
    const state = this.deps.cluster.state();
    const a = assignmentOf(state, index, shard);
    if (!a || a.node !== this.deps.nodeId) return [];
    const replies = await Promise.all(
      (a.replicas ?? [])
        .filter((r) => r.state === 'STARTED')
        .map(async (r): Promise<ShardReply<M> | undefined> => {
          const node = state.nodes?.[r.node];
          if (!node) return undefined;
          try {
            const reply = await shardMethodOn(this.deps.transport, node, method, req);
            if ('error' in reply) this.deps.logger.warn(`[${index}][${shard}] ${method} of the replica on [${node.name}] failed: ${reply.error.type}: ${reply.error.reason}`);
            return reply;
          } catch (err) {
            this.deps.logger.warn({ err }, `[${index}][${shard}] ${method} of the replica on [${node.name}] failed`);
            return undefined;
          }
        }),
    );
    return replies.filter((r): r is ShardReply<M> => r !== undefined);
  }

  /**
   * Send records to the replica `allocationId` (call under the shard's lock): 1 when it applied
   * them; 0 when it failed, after it was failed out of the in-sync set; a demotion throws.
   */
  async replicateTo(index: string, shard: number, term: number, allocationId: string, records: Buffer[]): Promise<number> {
    const state = this.deps.cluster.state();
    const r = assignmentOf(state, index, shard)?.replicas?.find((x) => x.allocationId === allocationId);
    if (!r) return 0;
    const node = state.nodes?.[r.node];
    const failure = node ? await this.send(node, { index, shard, primaryTerm: term, allocationId, records }) : `node [${r.node}] left the cluster`;
    if (failure === undefined) return 1;
    this.deps.logger.warn(`[${index}][${shard}] failing replica [${allocationId}] on [${r.node}]: ${failure}`);
    await this.deps.cluster.submit((s) => failReplica(s, index, shard, this.deps.nodeId, term, allocationId));
    return 0;
  }

  /** Send records to one replica: undefined when applied, else why it failed (a demotion throws). */
  private async send(node: ClusterNodeInfo, body: { index: string; shard: number; primaryTerm: number; allocationId: string; records: Buffer[] }): Promise<string | undefined> {
    let answer: ReplicaWriteAnswer;
    try {
      answer = (await callNode(this.deps.transport, node, REPLICA_WRITE_ACTION, body)) as ReplicaWriteAnswer;
    } catch (err) {
      return err instanceof EsError ? `${err.type}: ${err.message}` : String(err);
    }
    if ('ok' in answer) return undefined;
    if (answer.currentTerm !== undefined && answer.currentTerm > body.primaryTerm) {
      throw demoted(body.index, body.shard, `replica on [${node.name}] has primary term [${answer.currentTerm}], this primary [${body.primaryTerm}]`);
    }
    return `${answer.error.type}: ${answer.error.reason}`;
  }
}
