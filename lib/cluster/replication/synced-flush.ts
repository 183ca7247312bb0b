/**
 * Synced flush in cluster mode (ES 5.6 `SyncedFlushService`): the coordinator asks each shard's
 * primary (`flush:synced`); the primary takes the shard's write lock — every write holds it until
 * its replicas answered, so no operation is in flight (ES's in-flight-ops check) — flushes, and
 * asks every STARTED replica to flush and write a fresh sync id into its commit
 * (`flush:synced:copy`) provided it holds exactly the primary's operations (same max seq no,
 * nothing uncommitted); then writes the same id into its own commit. Copies with the same sync
 * id hold the same documents until either is written to (the write clears it), which is what
 * lets a returning copy keep its store (lib/cluster/replication/recovery-source.ts).
 */
import type { ClusterService } from '../cluster-service.js';
import type { IndicesService } from '../../indices/indices-service.js';
import type { TransportClient } from '../../transport/transport-client.js';
import type { ActionHandler } from '../../transport/actions.js';
import { valueAction } from '../../transport/remote-nodes.js';
import { EsError } from '../../errors/errors.js';
import type { PrimaryReplication } from './primary-replication.js';
import { SYNCED_FLUSH_ACTION, SYNCED_FLUSH_COPY_ACTION, assignmentOf, callNode, newSyncId, type CopySyncResult, type ShardSyncResult } from './shard-copies.js';

export interface SyncedFlushDeps {
  nodeId: string;
  cluster: ClusterService;
  indices: IndicesService;
  transport: TransportClient;
  /** Absent on a node that holds no primaries (it still answers for its replicas). */
  replication?: PrimaryReplication;
}

interface CopyBody {
  index: string;
  shard: number;
  allocationId: string;
  syncId: string;
  maxSeqNo: number;
}

export class SyncedFlush {
  constructor(private readonly deps: SyncedFlushDeps) {}

  /** The transport actions this node answers. */
  actions(): Map<string, ActionHandler> {
    return new Map([
      [SYNCED_FLUSH_ACTION, valueAction(async (b) => this.primary(b as { index: string; shard: number }))],
      [SYNCED_FLUSH_COPY_ACTION, valueAction(async (b) => this.copy(b as CopyBody))],
    ]);
  }

  /** On the primary's node: the synced flush of one shard, every started copy's result. */
  async primary(b: { index: string; shard: number }): Promise<ShardSyncResult> {
    const { index, shard } = b;
    const a = assignmentOf(this.deps.cluster.state(), index, shard);
    if (!a || a.node !== this.deps.nodeId || a.state !== 'STARTED' || !this.deps.replication) return { failure: 'no active shards', copies: [] };
    const engine = this.deps.indices.get(index)?.shard(shard);
    if (!engine) return { failure: 'no active shards', copies: [] };
    return this.deps.replication.lock(index, shard).run(async () => {
      // under the lock: no write is in flight, the state's copies are the ones the last write reached
      await engine.flush();
      const maxSeqNo = engine.maxSeqNo;
      const syncId = newSyncId();
      const state = this.deps.cluster.state();
      const now = assignmentOf(state, index, shard);
      if (!now || now.node !== this.deps.nodeId || now.primaryTerm !== a.primaryTerm) return { failure: 'no active shards', copies: [] };
      const replicas = await Promise.all(
        (now.replicas ?? [])
          .filter((r) => r.state === 'STARTED')
          .map(async (r): Promise<CopySyncResult> => {
            const node = state.nodes?.[r.node];
            const copy = { allocationId: r.allocationId, node: r.node, primary: false };
            if (!node) return { ...copy, reason: 'unknown node' };
            try {
              const answer = (await callNode(this.deps.transport, node, SYNCED_FLUSH_COPY_ACTION, { index, shard, allocationId: r.allocationId, syncId, maxSeqNo })) as { reason?: string };
              return answer.reason === undefined ? copy : { ...copy, reason: answer.reason };
            } catch (err) {
              return { ...copy, reason: err instanceof Error ? err.message : String(err) };
            }
          }),
      );
      const reason = await engine.syncFlush(syncId, maxSeqNo);
      const own: CopySyncResult = { allocationId: '', node: this.deps.nodeId, primary: true, ...(reason !== undefined ? { reason } : {}) };
      return { copies: [own, ...replicas] };
    });
  }

  /**
   * A shard copy of this node turned inactive (ES 5.6 `SyncedFlushService#onShardInactive`): when
   * this node holds its started primary, the same synced flush `POST /_flush/synced` runs; a
   * replica does nothing (its primary turns inactive too). Resolves with why copies failed (empty:
   * every started copy has the sync id), or undefined when this node does not hold the primary.
   */
  async onShardInactive(index: string, shard: number): Promise<string[] | undefined> {
    const a = assignmentOf(this.deps.cluster.state(), index, shard);
    if (!a || a.node !== this.deps.nodeId || a.state !== 'STARTED') return undefined;
    const result = await this.primary({ index, shard });
    if (result.failure !== undefined) return [result.failure];
    return result.copies.flatMap((c) => (c.reason === undefined ? [] : [`${c.primary ? 'primary' : c.allocationId} on [${c.node}]: ${c.reason}`]));
  }

  /** On a replica's node: flush the copy and write the sync id when it holds the primary's operations. */
  private async copy(b: CopyBody): Promise<{ reason?: string }> {
    const a = assignmentOf(this.deps.cluster.state(), b.index, b.shard);
    const r = (a?.replicas ?? []).find((x) => x.allocationId === b.allocationId);
    if (!r || r.node !== this.deps.nodeId || r.state !== 'STARTED') {
      throw new EsError('shard_not_found_exception', 404, `[${b.index}][${b.shard}] no started replica [${b.allocationId}] on this node`);
    }
    const engine = this.deps.indices.get(b.index)?.shard(b.shard);
    if (!engine) throw new EsError('shard_not_found_exception', 404, `[${b.index}][${b.shard}] not open on this node`);
    const reason = await engine.syncFlush(b.syncId, b.maxSeqNo);
    return reason === undefined ? {} : { reason };
  }
}
