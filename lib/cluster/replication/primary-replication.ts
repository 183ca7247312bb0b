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
import type { ClusterNodeInfo } from '../state.js';
import type { ActiveCopiesWait, PrimaryWrites } from '../../indices/shard-host.js';
import type { Logger } from '../../indices/index-service.js';
import type { TransportClient } from '../../transport/transport-client.js';
import { Mutex } from '../../shard/mutex.js';
import { EsError } from '../../errors/errors.js';
import { REPLICA_WRITE_ACTION, assignmentOf, callNode, demoted, failReplica } from './shard-copies.js';

export interface ReplicationDeps {
  nodeId: string;
  cluster: ClusterService;
  transport: TransportClient;
  logger: Logger;
}

/** What a replica answers a `replica:write`. */
export type ReplicaWriteAnswer = { ok: true } | { error: { type: string; reason: string }; currentTerm?: number };

export class PrimaryReplication implements PrimaryWrites {
  /** One lock per shard copy this node wrote as primary (by index uuid and shard). */
  private readonly locks = new Map<string, Mutex>();

  constructor(private readonly deps: ReplicationDeps) {}

  /** The lock serialising a shard's writes and its peer recoveries on this primary. */
  lock(index: string, shard: number): Mutex {
    const uuid = this.deps.cluster.state().indices[index]?.uuid ?? index;
    const key = `${uuid}/${shard}`;
    let m = this.locks.get(key);
    if (!m) this.locks.set(key, (m = new Mutex()));
    return m;
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
        // what was written here goes to the replicas even when a later part of the write failed
        if (records.length > 0) copies += await this.replicate(index, shard, term, records);
      }
      return { result, copies };
    });
  }

  /**
   * `wait_for_active_shards`: wait (outside the shard's lock) until the state shows that many
   * active copies of the shard (the primary and its STARTED replicas), as ES's
   * `ReplicationOperation` checks before it writes; refused as ES when `timeout` passes first.
   */
  private async awaitActiveCopies(index: string, shard: number, wait: ActiveCopiesWait): Promise<void> {
    const deadline = Date.now() + wait.timeoutMs;
    for (;;) {
      const state = this.deps.cluster.state();
      const a = assignmentOf(state, index, shard);
      const active = a && a.state === 'STARTED' ? 1 + (a.replicas ?? []).filter((r) => r.state === 'STARTED').length : 0;
      if (!a || active >= wait.activeCopies) return;
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new EsError(
          'unavailable_shards_exception',
          503,
          `[${index}][${shard}] Not enough active copies to meet shard count of [${wait.activeCopies}] (have ${active}, needed ${wait.activeCopies}). Timeout: [${wait.timeout}], request: [BulkShardRequest [[${index}][${shard}]] containing [${wait.items}] requests]`,
          { metadata: { shard: String(shard), index_uuid: state.indices[index]?.uuid, index } },
        );
      }
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
    const state = this.deps.cluster.state();
    const a = assignmentOf(state, index, shard);
    const targets = (a?.replicas ?? []).filter((r) => r.state === 'STARTED');
    const applied = await Promise.all(
      targets.map(async (r) => {
        const node = state.nodes?.[r.node];
        const failure = node ? await this.send(node, { index, shard, primaryTerm: term, allocationId: r.allocationId, records }) : `node [${r.node}] left the cluster`;
        if (failure === undefined) return 1;
        this.deps.logger.warn(`[${index}][${shard}] failing replica [${r.allocationId}] on [${r.node}]: ${failure}`);
        await this.deps.cluster.submit((s) => failReplica(s, index, shard, this.deps.nodeId, term, r.allocationId));
        return 0;
      }),
    );
    return applied.reduce((a: number, b) => a + b, 0);
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
