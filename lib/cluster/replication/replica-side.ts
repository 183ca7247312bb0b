/**
 * A node's side of replication as the holder of replica copies: it applies the op-log records a
 * primary sends (`replica:write`, refused from a primary term older than the one this node's
 * state gives the shard), and it is the target of peer recoveries (`recovery:start|chunk|finish`:
 * the primary streams every key of its shard store, taken from one LevelDB snapshot, into a
 * fresh store here, or — when the store this node kept has the sync id of the primary's commit —
 * keeps that store and copies nothing; the copy opens from it once the primary marks it STARTED). The transport
 * delivers each request after this node applied the sender's cluster-state version, so the
 * checks below see at least the state the primary acted on.
 */
import type { ClusterService } from '../cluster-service.js';
import type { ClusterState } from '../state.js';
import type { IndicesService } from '../../indices/indices-service.js';
import type { Logger } from '../../indices/index-service.js';
import type { ShardStore } from '../../../storage/shard-store.js';
import { metaKey } from '../../../storage/keyspace.js';
import { readSyncId } from '../../../storage/sync-id.js';
import type { LoggedSource } from '../../../storage/codecs/op-log.js';
import type { ParsedDocument } from '../../mapping/parsed-document.js';
import { EsError, toEsError } from '../../errors/errors.js';
import { valueAction } from '../../transport/remote-nodes.js';
import type { ActionHandler } from '../../transport/actions.js';
import { RECOVERY_CHUNK_ACTION, RECOVERY_FINISH_ACTION, RECOVERY_LIST_ACTION, RECOVERY_START_ACTION, REPLICA_WRITE_ACTION, assignmentOf } from './shard-copies.js';
import type { ReplicaWriteAnswer } from './primary-replication.js';

/** A peer recovery this node ran as the target (`_recovery`, `_cat/recovery`). */
export interface PeerRecovery {
  index: string;
  shard: number;
  indexUuid: string;
  allocationId: string;
  sourceNode: string;
  startTimeMs: number;
  stopTimeMs: number;
  /** Keys and bytes copied from the primary's store. */
  keys: number;
  bytes: number;
  /** Keys and bytes of this node's own store kept instead (its sync id matched the primary's). */
  reusedKeys: number;
  reusedBytes: number;
}

interface Session extends PeerRecovery {
  store: ShardStore;
}

export interface ReplicaSideDeps {
  nodeId: string;
  cluster: ClusterService;
  indices: IndicesService;
  logger: Logger;
}

export class ReplicaSide {
  private readonly sessions = new Map<string, Session>();
  /** Finished recoveries, by index uuid and shard (the latest one of each copy). */
  private readonly done = new Map<string, PeerRecovery>();

  constructor(private readonly deps: ReplicaSideDeps) {}

  /** The transport actions this side answers. */
  actions(): Map<string, ActionHandler> {
    return new Map([
      [REPLICA_WRITE_ACTION, valueAction(async (b) => this.write(b as WriteBody))],
      [RECOVERY_START_ACTION, valueAction(async (b) => this.start(b as StartBody))],
      [RECOVERY_CHUNK_ACTION, valueAction(async (b) => this.chunk(b as ChunkBody))],
      [RECOVERY_FINISH_ACTION, valueAction(async (b) => this.finish(b as { allocationId: string }))],
      [RECOVERY_LIST_ACTION, valueAction(async (b) => this.list((b as { indices: string[] }).indices))],
    ]);
  }

  /** The peer recoveries this node finished for `indices` (by name, current uuid only). */
  list(indices: readonly string[]): PeerRecovery[] {
    const state = this.deps.cluster.state();
    return [...this.done.values()].filter((r) => indices.includes(r.index) && state.indices[r.index]?.uuid === r.indexUuid);
  }

  /** Drop the recoveries (finished or not) of indices that are gone or closed (a state listener). */
  async forgetRemoved(state: ClusterState): Promise<void> {
    const live = new Set(Object.values(state.indices).filter((m) => m.state === 'open').map((m) => m.uuid));
    for (const [key, r] of [...this.done]) if (!live.has(r.indexUuid)) this.done.delete(key);
    for (const [id, s] of [...this.sessions]) {
      if (live.has(s.indexUuid)) continue;
      this.sessions.delete(id);
      await s.store.close().catch(() => undefined);
    }
  }

  /** How many recoveries this node keeps (tests: none for deleted indices). */
  get trackedRecoveries(): number {
    return this.done.size + this.sessions.size;
  }

  /** Stop every unfinished recovery (the node closes). */
  async close(): Promise<void> {
    for (const s of this.sessions.values()) await s.store.close().catch(() => undefined);
    this.sessions.clear();
  }

  private async write(b: WriteBody): Promise<ReplicaWriteAnswer> {
    try {
      const a = assignmentOf(this.deps.cluster.state(), b.index, b.shard);
      if (!a) throw new EsError('shard_not_found_exception', 404, 'no such shard', { metadata: { shard: String(b.shard), index: b.index } });
      if (a.primaryTerm > b.primaryTerm) {
        // ES 5.6 IndexShard#acquireReplicaOperationLock
        return { error: { type: 'illegal_state_exception', reason: `operation primary term [${b.primaryTerm}] is too old (current [${a.primaryTerm}])` }, currentTerm: a.primaryTerm };
      }
      const copy = (a.replicas ?? []).find((r) => r.allocationId === b.allocationId);
      if (!copy || copy.node !== this.deps.nodeId || copy.state !== 'STARTED') {
        throw new EsError('shard_not_found_exception', 404, `[${b.index}][${b.shard}] no started replica [${b.allocationId}] on this node`);
      }
      const svc = this.deps.indices.get(b.index);
      if (!svc) throw new EsError('shard_not_found_exception', 404, `[${b.index}][${b.shard}] not open on this node`);
      const engine = svc.shard(b.shard);
      // the primary merged any new fields into the mappings before writing, and this node has
      // applied the primary's state: a source that still needs a mapping update is refused
      const parse = (doc: LoggedSource): ParsedDocument => {
        const opts = { ...(doc.routing !== undefined ? { routing: doc.routing } : {}), ...(doc.parent !== undefined ? { parent: doc.parent } : {}) };
        const parsed = svc.mapper().parse(doc.type, doc.id, doc.source, opts);
        if (parsed.dynamicUpdate) throw new EsError('illegal_state_exception', 500, `[${b.index}][${b.shard}] replica: the mappings of [${doc.type}] lack fields of [${doc.id}] the primary mapped`);
        return parsed.doc;
      };
      for (const r of b.records) await engine.applyReplicated(toBuffer(r), parse);
      return { ok: true };
    } catch (err) {
      const e = toEsError(err);
      if (!(err instanceof EsError)) this.deps.logger.error({ err }, `[${b.index}][${b.shard}] replica write failed`);
      return { error: { type: e.type, reason: e.message } };
    }
  }

  private async start(b: StartBody): Promise<{ ok: true; reused: boolean }> {
    const state = this.deps.cluster.state();
    const a = assignmentOf(state, b.index, b.shard);
    const copy = (a?.replicas ?? []).find((r) => r.allocationId === b.allocationId);
    if (!copy || copy.node !== this.deps.nodeId || copy.state !== 'INITIALIZING') {
      throw new EsError('illegal_state_exception', 500, `[${b.index}][${b.shard}] no initializing replica [${b.allocationId}] on this node`);
    }
    const svc = this.deps.indices.get(b.index);
    if (!svc) throw new EsError('index_not_found_exception', 404, `no such index [${b.index}]`);
    if (svc.localShards().has(b.shard)) throw new EsError('illegal_state_exception', 500, `[${b.index}][${b.shard}] a copy is already open on this node`);
    // an earlier attempt for this copy (or any copy of this shard) ends here: its store is replaced
    for (const [id, s] of [...this.sessions]) {
      if (s.indexUuid === svc.uuid && s.shard === b.shard) {
        this.sessions.delete(id);
        await s.store.close().catch(() => undefined);
      }
    }
    const path = svc.shardPath(b.shard);
    await svc.volume.prepare(svc.path);
    // the store this node kept of the shard (a copy from before it left) is reused when its
    // commit carries the sync id of the primary's (no write on either since a synced flush);
    // anything else it had is stale: start empty
    const fresh = async (): Promise<ShardStore> => {
      await svc.volume.remove(path);
      return svc.volume.open(path);
    };
    let store = b.syncId === undefined ? await fresh() : await svc.volume.open(path).catch(fresh);
    const reuse = b.syncId !== undefined && (await readSyncId(store).catch(() => undefined)) === b.syncId;
    let reusedKeys = 0;
    let reusedBytes = 0;
    if (reuse) {
      // the figures `_recovery` reports as reused (ES: the files it did not copy)
      await store.scan({ gte: Buffer.from([0x00]), lt: Buffer.from([0xff]) }, (k, v) => {
        reusedKeys++;
        reusedBytes += k.length + v.length;
      });
    } else if (b.syncId !== undefined) {
      await store.close();
      store = await fresh();
    }
    const now = Date.now();
    this.sessions.set(b.allocationId, {
      store, index: b.index, shard: b.shard, indexUuid: svc.uuid, allocationId: b.allocationId, sourceNode: b.sourceNode,
      startTimeMs: now, stopTimeMs: now, keys: 0, bytes: 0, reusedKeys, reusedBytes,
    });
    return { ok: true, reused: reuse };
  }

  private session(allocationId: string): Session {
    const s = this.sessions.get(allocationId);
    if (!s) throw new EsError('illegal_state_exception', 500, `no recovery of [${allocationId}] under way on this node`);
    return s;
  }

  private async chunk(b: ChunkBody): Promise<{ ok: true }> {
    const s = this.session(b.allocationId);
    const ops = b.keys.map((k, i) => ({ type: 'put' as const, key: toBuffer(k), value: toBuffer(b.values[i]!) }));
    await s.store.write(ops);
    s.keys += ops.length;
    for (const o of ops) s.bytes += o.key.length + o.value.length;
    return { ok: true };
  }

  private async finish(b: { allocationId: string }): Promise<{ ok: true }> {
    const s = this.session(b.allocationId);
    this.sessions.delete(b.allocationId);
    // one synced write makes everything before it durable too (LevelDB's log is sequential):
    // the shard's format record, written again as it came
    const formats = await s.store.get(metaKey('formats'));
    if (!formats) throw new EsError('illegal_state_exception', 500, `[${s.index}][${s.shard}] the recovered store has no format record`);
    await s.store.put(metaKey('formats'), formats, { sync: true });
    await s.store.close();
    const { store: _store, ...info } = s;
    this.done.set(`${s.indexUuid}/${s.shard}`, { ...info, stopTimeMs: Date.now() });
    return { ok: true };
  }
}

interface WriteBody {
  index: string;
  shard: number;
  primaryTerm: number;
  allocationId: string;
  records: Uint8Array[];
}

interface StartBody {
  index: string;
  shard: number;
  allocationId: string;
  sourceNode: string;
  /** The sync id of the primary's commit (absent: none): a store here with the same one is kept. */
  syncId?: string;
}

interface ChunkBody {
  allocationId: string;
  keys: Uint8Array[];
  values: Uint8Array[];
}

function toBuffer(u: Uint8Array): Buffer {
  return Buffer.from(u.buffer, u.byteOffset, u.byteLength);
}
