/**
 * The cluster state in etcd: one key holding the JSON of the whole state, written only by
 * compare-and-set on the key's modification revision (the revision the writer last saw for the
 * state it updated), so two writers can never both install a successor of the same state; a
 * master's writes also compare its election key (the fence: once its lease is gone, the key is
 * gone and its writes fail). Every node watches the key and adopts each new value.
 */
import type { Etcd3, Watcher } from 'etcd3';
import type { ClusterState } from '../state.js';
import { StateConflictError, type StatePersistence } from '../state-conflict.js';

/** Revisions kept for recent versions (a save looks up the revision of its base version). */
const KEEP_REVISIONS = 64;

export class EtcdStateStore implements StatePersistence {
  /** etcd mod revision of each recent state version this node has seen. */
  private readonly revisions = new Map<number, string>();
  private watcher: Watcher | undefined;

  constructor(
    private readonly client: Etcd3,
    private readonly key: string,
  ) {}

  /** The stored state, or a new one created from `initial` when the cluster has none yet. */
  async loadOrCreate(initial: ClusterState): Promise<ClusterState> {
    for (;;) {
      const got = await this.read();
      if (got) return got;
      const res = await this.client
        .if(this.key, 'Create', '==', 0)
        .then(this.client.put(this.key).value(JSON.stringify(initial)))
        .commit();
      if (res.succeeded) {
        this.remember(initial.version, res.header.revision);
        return initial;
      }
    }
  }

  async save(next: ClusterState, fence?: string): Promise<void> {
    const base = this.revisions.get(next.version - 1);
    if (base === undefined) throw new StateConflictError(`no revision known for cluster state version [${next.version - 1}]`, await this.read());
    let txn = this.client.if(this.key, 'Mod', '==', base);
    if (fence !== undefined) txn = txn.and(fence, 'Create', '>', 0);
    const res = await txn.then(this.client.put(this.key).value(JSON.stringify(next))).commit();
    if (!res.succeeded) {
      const fenced = fence !== undefined && (await this.client.get(fence).exists()) === false;
      throw new StateConflictError(fenced ? 'the master lost its election lease: write fenced' : 'the cluster state changed under the write', await this.read(), fenced);
    }
    this.remember(next.version, res.header.revision);
  }

  /** Call `onState` with every value written from now on (by any node). */
  async watch(onState: (state: ClusterState) => void): Promise<void> {
    this.watcher = await this.client.watch().key(this.key).create();
    this.watcher.on('put', (kv) => {
      const state = JSON.parse(kv.value.toString('utf8')) as ClusterState;
      this.remember(state.version, kv.mod_revision);
      onState(state);
    });
  }

  /** The stored state now (and remember its revision). */
  async read(): Promise<ClusterState | undefined> {
    const res = await this.client.get(this.key).exec();
    const kv = res.kvs[0];
    if (!kv) return undefined;
    const state = JSON.parse(kv.value.toString('utf8')) as ClusterState;
    this.remember(state.version, kv.mod_revision);
    return state;
  }

  async close(): Promise<void> {
    await this.watcher?.cancel();
  }

  private remember(version: number, revision: string): void {
    this.revisions.set(version, revision);
    if (this.revisions.size > KEEP_REVISIONS) this.revisions.delete(this.revisions.keys().next().value!);
  }
}
